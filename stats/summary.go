package stats

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"golang.org/x/perf/benchmath"
)

// DefaultConfidence is the confidence level used when a caller passes 0:
// 95 %.
const DefaultConfidence = 0.95

// ErrNoSamples is the warning a Summary of an empty sample carries.
var ErrNoSamples = errors.New("no samples")

// A Summary summarises one sample: its median and the distribution-free
// confidence interval of the median (benchmath.AssumeNothing, from the
// binomial distribution of order statistics). It is perfproof's one type
// for a median and its interval: a side of a Comparison, a metric of a
// report's benchmark (report.Benchmark) and a sample of perfproof bench
// (benchrun.Sample.Summary) are all Summaries, and all encode in JSON as
// SummaryJSON.
type Summary struct {
	// Median is the sample median, in the sample's unit. It is NaN for
	// an empty sample.
	Median float64

	// Lo and Hi bound the confidence interval of the median, in the
	// sample's unit. They are -Inf and +Inf when the sample is too
	// small for an interval at the requested confidence (benchmath
	// needs at least 6 values for 95 %), NaN for an empty sample.
	Lo, Hi float64

	// Confidence is the confidence level the interval actually has; it
	// is at least the requested level (order statistics give discrete
	// levels).
	Confidence float64

	// N is the number of values.
	N int

	// Warnings are caveats about the data, such as too few samples for
	// an interval at this confidence; they are to be printed beside the
	// result, not treated as failures.
	Warnings []error
}

// Summarize returns the median of values and its confidence interval at
// the given confidence level in (0, 1); 0 means DefaultConfidence. values
// is not modified. An empty sample gives NaN median and bounds and the
// warning ErrNoSamples; a confidence outside (0, 1) gives an infinite
// interval and a warning.
func Summarize(values []float64, confidence float64) Summary {
	if confidence == 0 {
		confidence = DefaultConfidence
	}
	if len(values) == 0 {
		nan := math.NaN()
		return Summary{Median: nan, Lo: nan, Hi: nan, Warnings: []error{ErrNoSamples}}
	}
	xs := slices.Clone(values) // benchmath.NewSample sorts in place
	s := benchmath.NewSample(xs, &benchmath.DefaultThresholds)
	if !(confidence > 0 && confidence < 1) {
		return Summary{
			Median:   median(s.Values),
			Lo:       math.Inf(-1),
			Hi:       math.Inf(1),
			N:        len(values),
			Warnings: []error{fmt.Errorf("confidence %v is outside (0, 1)", confidence)},
		}
	}
	sum := benchmath.AssumeNothing.Summary(s, confidence)
	return Summary{
		Median:     sum.Center,
		Lo:         sum.Lo,
		Hi:         sum.Hi,
		Confidence: sum.Confidence,
		N:          len(values),
		Warnings:   sum.Warnings,
	}
}

// RelWidth returns the larger distance from s.Median to a bound of its
// interval, as a fraction of |s.Median|: 0.1 for 100 [95, 110]. It is
// +Inf when the interval is unbounded, and 0 for an empty sample or a
// zero median, where a relative width means nothing.
func (s Summary) RelWidth() float64 {
	if s.N == 0 || s.Median == 0 {
		return 0
	}
	return max(s.Median-s.Lo, s.Hi-s.Median) / math.Abs(s.Median)
}

// median returns the median of sorted, which must not be empty: the middle
// value, or the mean of the two middle values.
func median(sorted []float64) float64 {
	n := len(sorted)
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}

package claims

import "strings"

// k6TransferRateHeld (fifty-third round): k6's end-of-test summary prints
// the bytes a run received and sent with their rate over the whole run
// ("data_received....: 4.1 GB  6.8 MB/s"), the total over the test's
// wall time, not a size over the time of one request. checkBandwidth
// divided that size by a time of the report's pairs (a request's latency,
// the longest request of the run) and called the printed rate a unit slip
// or an arithmetic error. A byte rate on a k6 data_received or data_sent
// line of program output is not recomputed as a bandwidth; the other
// checks still read it. Cost: one string search per byte rate of an
// output line.
const k6TransferRateHeld = true

// k6TransferLine reports whether 1-based line is a k6 summary line of
// bytes received or sent: see k6TransferRateHeld.
func (x *extractor) k6TransferLine(line int) bool {
	if line < 1 || line > len(x.lines) || x.lines[line-1].kind != lkOutput {
		return false
	}
	raw := x.lines[line-1].raw
	return strings.Contains(raw, "data_received") || strings.Contains(raw, "data_sent")
}

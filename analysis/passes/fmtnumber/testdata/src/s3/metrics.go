package s3

import (
	"fmt"
	"strings"
)

// Gauge is one exported metric sample.
type Gauge struct {
	Name  string
	Value float64
	Load  float32
	Ratio float64
	Up    bool
}

// Labels renders the samples of a scrape.
func Labels(gs []Gauge, out map[string]string, sb *strings.Builder) {
	for _, g := range gs {
		out[g.Name] = fmt.Sprintf("%g", g.Value)        // want `fmt.Sprintf formats one float through an interface and reflection; strconv.FormatFloat does it directly`
		out[g.Name+"_load"] = fmt.Sprint(g.Load)        // want `fmt.Sprint formats one float`
		sb.WriteString(fmt.Sprintf("%.2f%%", g.Ratio))  // want `boxes its argument`
		out[g.Name+"_up"] = fmt.Sprintf("%t", g.Up)     // want `fmt.Sprintf formats one bool through an interface and reflection; strconv.FormatBool does it directly`
		out[g.Name+"_sci"] = fmt.Sprintf("%e", g.Value) // want `strconv.FormatFloat does it directly`
		out[g.Name+"_f"] = fmt.Sprintf("%f", g.Value)   // want `strconv.FormatFloat does it directly`
	}
}

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
		out[g.Name] = fmt.Sprintf("%g", g.Value)            // want `fmt\.Sprintf of one float: use strconv\.FormatFloat`
		out[g.Name+"_load"] = fmt.Sprint(g.Load)            // want `fmt\.Sprint of one float: use strconv\.FormatFloat`
		sb.WriteString(fmt.Sprintf("%.2f%%", g.Ratio))      // want `fmt\.Sprintf with a fixed format of numbers: build the string with strconv Format or Append calls`
		out[g.Name+"_up"] = fmt.Sprintf("%t", g.Up)         // want `fmt\.Sprintf of one bool: use strconv\.FormatBool`
		out[g.Name+"_sci"] = fmt.Sprintf("%e", g.Value)     // want `fmt\.Sprintf of one float: use strconv\.FormatFloat`
		out[g.Name+"_f"] = fmt.Sprintf("%f", g.Value)       // want `fmt\.Sprintf of one float: use strconv\.FormatFloat`
		out[g.Name+"_whole"] = fmt.Sprintf("%0.f", g.Value) // want `fmt\.Sprintf of one float: use strconv\.FormatFloat`
	}
}

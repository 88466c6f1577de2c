package broker

import (
	"encoding/json"
	"fmt"
)

// TopOfBook is the best bid and ask of a symbol.
type TopOfBook struct {
	Symbol string  `json:"symbol"`
	Bid    float64 `json:"bid"`
	Ask    float64 `json:"ask"`
}

// PrintTops prints each update as a JSON line on standard output.
func PrintTops(in <-chan TopOfBook) {
	for top := range in {
		b, err := json.Marshal(top)
		if err != nil {
			continue
		}
		fmt.Println(string(b)) // want `fmt\.Println converts b to a string only to write it and a newline: append '\\n' to the bytes and call Write once`
	}
}

// PrintRaw prints an update that already ends in a newline.
func PrintRaw(line []byte) {
	fmt.Print(string(line)) // want `fmt\.Print converts line to a string only to write it: use os\.Stdout\.Write`
}

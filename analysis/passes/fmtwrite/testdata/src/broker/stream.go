package broker

import "fmt"

// StreamWriter is where a subprocess's stream output goes.
type StreamWriter interface {
	Write(p []byte) (int, error)
	Flush() error
}

// WriteChunk writes one chunk of text output.
func WriteChunk(w StreamWriter, chunk string) error {
	if _, err := fmt.Fprintf(w, "%s", chunk); err != nil { // want `fmt\.Fprintf formats chunk with "%s" only to write it: use io\.WriteString`
		return err
	}
	return w.Flush()
}

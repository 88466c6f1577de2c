// Command zipper compresses its input once.
package main

import (
	"bufio"
	"compress/gzip"
	"os"
)

// Fine: a command compresses once per run.
func compressStdin() {
	zw := gzip.NewWriter(os.Stdout)
	defer zw.Close()
	bufio.NewReader(os.Stdin).WriteTo(zw)
}

func main() {
	compressStdin()
	for _, name := range os.Args[1:] {
		f, err := os.Open(name)
		if err != nil {
			continue
		}
		// A loop is a loop, even in a command.
		zw := gzip.NewWriter(os.Stdout) // want `gzip\.NewWriter allocates about 800 KiB of compressor state in a loop: make one before the loop and call Reset\(w\) in it`
		bufio.NewReader(f).WriteTo(zw)  // want `bufio\.NewReader allocates a 4 KiB buffer in a loop in main: make one before the loop and call Reset\(r\) in it`
		zw.Close()
		f.Close()
	}
}

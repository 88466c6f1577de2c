package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
)

func main() {
	banner, _ := json.Marshal(map[string]string{"ready": "broker"})
	fmt.Println(string(banner)) // fine: main outside loops runs once

	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		fmt.Fprintf(os.Stdout, "%s\n", string(sc.Bytes())) // want `fmt\.Fprintf converts sc\.Bytes\(\) to a string only to write it and a newline: append '\\n' to the bytes and call Write once`
	}
}

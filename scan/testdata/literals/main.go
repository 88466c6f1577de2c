// Command literals is a fixture of scan's call graph: function literals
// are nodes of their own.
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"

	"example.com/literals/internal/cli"
	"example.com/literals/svc"
)

func main() {
	flag.Usage = svc.PrintUsage
	flag.Parse()
	fmt.Println(svc.Setup(1))
	ch := make(chan func())
	go svc.Consume(ch)
	http.Handle("/", svc.Logger(http.NotFoundHandler()))
}

func init() {
	http.Handle("/upload", svc.Upload(svc.NewStore()))
	if os.Getenv("PREVIEW") != "" {
		http.HandleFunc("/preview", cli.Preview)
	}
}

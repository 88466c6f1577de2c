//go:build windows

package main

import (
	"net/http"

	"example.com/literals/internal/winonly"
)

func init() { http.HandleFunc("/length", winonly.Serve) }

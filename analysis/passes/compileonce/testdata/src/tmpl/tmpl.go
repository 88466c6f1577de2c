// Package tmpl renders small pages with templates parsed per request.
package tmpl

import (
	htmltemplate "html/template"
	"io"
	"net/http"
	"strings"
	"text/template"
)

type Page struct{ Title string }

// Render parses the page template on every request.
func Render(w io.Writer, p Page) error {
	t := template.Must(template.New("page").Parse(`<h1>{{.Title}}</h1>`)) // want `template\.New\(\.\.\.\)\.Parse of constant text runs on every call: parse it once into a package-level variable`
	return t.Execute(w, p)
}

var funcs = template.FuncMap{"upper": strings.ToUpper}

// RenderAll parses a template with package-level functions per item.
func RenderAll(w io.Writer, ps []Page) error {
	for _, p := range ps {
		t, err := template.New("item").Funcs(funcs).Delims("[[", "]]").Parse(`[[upper .Title]]`) // want `template\.New\(\.\.\.\)\.Parse of constant text runs in a loop: parse it once into a package-level variable`
		if err != nil {
			return err
		}
		if err := t.Execute(w, p); err != nil {
			return err
		}
	}
	return nil
}

// RenderHTML does the same with html/template.
func RenderHTML(w io.Writer, p Page) error {
	t, err := htmltemplate.New("p").Parse(`<p>{{.Title}}</p>`) // want `template\.New\(\.\.\.\)\.Parse of constant text runs on every call: parse it once into a package-level variable`
	if err != nil {
		return err
	}
	return t.Execute(w, p)
}

// Near-misses below must not be reported.

// Fine: a package-level template is parsed once.
var pageT = template.Must(template.New("page").Parse(`{{.Title}}`))

// Fine: the function map captures a local, so the template cannot move to
// package level as it is.
func RenderPrefixed(w io.Writer, p Page, prefix string) error {
	fm := template.FuncMap{"prefix": func(s string) string { return prefix + s }}
	t := template.Must(template.New("x").Funcs(fm).Parse(`{{prefix .Title}}`))
	return t.Execute(w, p)
}

// Fine: the template text comes from the caller.
func RenderText(w io.Writer, text string, p Page) error {
	t, err := template.New("x").Parse(text)
	if err != nil {
		return err
	}
	return t.Execute(w, p)
}

// Fine: Parse adds a definition to an existing template set; that is not a
// fresh template.
func AddFooter(t *template.Template) (*template.Template, error) {
	return t.New("footer").Parse(`<footer></footer>`)
}

// Fine: a factory runs when handlers are wired up; the handler it returns
// reuses the parsed template.
func PageHandler() http.HandlerFunc {
	t := template.Must(template.New("p").Parse(`<p>{{.}}</p>`))
	return func(w http.ResponseWriter, r *http.Request) {
		t.Execute(w, r.URL.Path)
	}
}

// The handler returned by a factory runs per request.
func SlowPageHandler() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		t := template.Must(template.New("p").Parse(`<p>{{.}}</p>`)) // want `template\.New\(\.\.\.\)\.Parse of constant text runs on every call: parse it once into a package-level variable`
		t.Execute(w, r.URL.Path)
	}
}

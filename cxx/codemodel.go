package cxx

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// An Executable is a benchmark executable target of a CMake build.
type Executable struct {
	// Name is the CMake target's name, such as "sum_bench"; it pairs the
	// executables of two builds of a project.
	Name string
	// Path is the absolute path of the built executable.
	Path string
}

// benchmarkLib matches a link command fragment that is Google Benchmark's
// library: a path to libbenchmark or libbenchmark_main (static, shared or
// versioned shared), or -lbenchmark.
var benchmarkLib = regexp.MustCompile(`(^|[/\\])(lib)?benchmark(_main)?(\.a|\.so(\.[0-9.]+)?|\.dylib|\.lib)$|^-lbenchmark(_main)?$`)

// The parts of the CMake file API's reply that Benchmarks reads
// (cmake-file-api(7), "codemodel" version 2).
type (
	replyIndex struct {
		Reply map[string]json.RawMessage `json:"reply"`
	}
	replyFile struct {
		Kind     string `json:"kind"`
		JSONFile string `json:"jsonFile"`
		Error    string `json:"error"`
	}
	codemodel struct {
		Paths struct {
			Build  string `json:"build"`
			Source string `json:"source"`
		} `json:"paths"`
		Configurations []struct {
			Name    string `json:"name"`
			Targets []struct {
				Name     string `json:"name"`
				ID       string `json:"id"`
				JSONFile string `json:"jsonFile"`
			} `json:"targets"`
		} `json:"configurations"`
	}
	target struct {
		Name      string `json:"name"`
		Type      string `json:"type"`
		Artifacts []struct {
			Path string `json:"path"`
		} `json:"artifacts"`
		Link *struct {
			CommandFragments []struct {
				Fragment string `json:"fragment"`
				Role     string `json:"role"`
			} `json:"commandFragments"`
		} `json:"link"`
		Dependencies []struct {
			ID string `json:"id"`
		} `json:"dependencies"`
	}
)

// Benchmarks returns the benchmark executables of the build folder build,
// configured by Configure (which asks CMake's file API for the code
// model): the executable targets that link Google Benchmark's library,
// by a link command fragment naming libbenchmark or libbenchmark_main (an
// installed package's benchmark::benchmark) or by a dependency on a
// target named benchmark or benchmark_main (the library built in the
// project, as with FetchContent). Their paths are the targets' first
// artifacts, made absolute from the build folder; they are in the code
// model's order. Of several configurations (a multi-config generator)
// Release is read, else the first.
//
// It returns an error wrapping ErrBuild when the reply is missing or
// malformed (naming the file), or when no executable links the library
// (then wrapping ErrNoBenchmarkTarget too).
func Benchmarks(build string) ([]Executable, error) {
	reply := filepath.Join(build, ".cmake", "api", "v1", "reply")
	indexes, _ := filepath.Glob(filepath.Join(reply, "index-*.json"))
	if len(indexes) == 0 {
		return nil, fmt.Errorf("reading CMake's file API reply in %s: no index file (was the build configured by Configure?): %w", reply, ErrBuild)
	}
	slices.Sort(indexes) // the newest sorts last (cmake-file-api(7))
	var idx replyIndex
	if err := readJSON(indexes[len(indexes)-1], &idx); err != nil {
		return nil, err
	}
	var rf replyFile
	if raw, ok := idx.Reply["codemodel-v2"]; !ok {
		return nil, fmt.Errorf("reading %s: no reply to the codemodel-v2 query: %w", indexes[len(indexes)-1], ErrBuild)
	} else if err := json.Unmarshal(raw, &rf); err != nil || rf.JSONFile == "" {
		return nil, fmt.Errorf("reading %s: codemodel-v2 reply has no jsonFile (%s%v): %w", indexes[len(indexes)-1], rf.Error, err, ErrBuild)
	}
	var cm codemodel
	if err := readJSON(filepath.Join(reply, rf.JSONFile), &cm); err != nil {
		return nil, err
	}
	if len(cm.Configurations) == 0 {
		return nil, fmt.Errorf("reading %s: no configuration: %w", rf.JSONFile, ErrBuild)
	}
	conf := cm.Configurations[0]
	for _, c := range cm.Configurations {
		if c.Name == "Release" {
			conf = c
		}
	}
	names := make(map[string]string) // target id → name
	for _, t := range conf.Targets {
		names[t.ID] = t.Name
	}
	top := cm.Paths.Build
	if top == "" {
		top = build
	}
	var out []Executable
	for _, ref := range conf.Targets {
		var t target
		if err := readJSON(filepath.Join(reply, ref.JSONFile), &t); err != nil {
			return nil, err
		}
		if t.Type != "EXECUTABLE" || len(t.Artifacts) == 0 || !linksBenchmark(&t, names) {
			continue
		}
		p := filepath.FromSlash(t.Artifacts[0].Path)
		if !filepath.IsAbs(p) {
			p = filepath.Join(top, p)
		}
		out = append(out, Executable{Name: t.Name, Path: p})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: %w: %w", build, ErrNoBenchmarkTarget, ErrBuild)
	}
	return out, nil
}

// linksBenchmark reports whether t links Google Benchmark's library.
func linksBenchmark(t *target, names map[string]string) bool {
	if t.Link != nil {
		for _, f := range t.Link.CommandFragments {
			if f.Role == "libraries" && benchmarkLib.MatchString(strings.TrimSpace(f.Fragment)) {
				return true
			}
		}
	}
	for _, d := range t.Dependencies {
		if n := names[d.ID]; n == "benchmark" || n == "benchmark_main" {
			return true
		}
	}
	return false
}

// readJSON decodes the JSON file path into v; errors name the file and
// wrap ErrBuild.
func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("reading CMake's file API reply: %w: %w", err, ErrBuild)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("reading CMake's file API reply %s: %w: %w", path, err, ErrBuild)
	}
	return nil
}

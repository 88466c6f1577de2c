package sanitize

import (
	"bytes"
	"context"
	"debug/elf"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
)

// A Build is one sanitizer configuration of the project.
type Build struct {
	// Name is "asan" (AddressSanitizer with LeakSanitizer and
	// UndefinedBehaviorSanitizer) or "tsan" (ThreadSanitizer, which
	// cannot be combined with ASan).
	Name string
	// Flags are the compiler flags, given as CMAKE_C_FLAGS and
	// CMAKE_CXX_FLAGS; LinkFlags the linker flags of executables, shared
	// libraries and modules.
	Flags, LinkFlags string
	// Symbol prefixes one of the symbols every executable built with the
	// sanitizer has ("__asan_", "__tsan_"): an executable without it was
	// not built as asked (flags overridden by the project) and is not run.
	Symbol string
}

// The builds sanitize makes. -fsanitize-recover=address lets
// ASAN_OPTIONS=halt_on_error=0 continue after an error, so that one run
// reports every error it meets; -O1 keeps the runs fast while
// -fno-omit-frame-pointer and -g keep the stacks whole and symbolized
// (the AddressSanitizer documentation's advice).
var (
	ASanBuild = Build{
		Name:      "asan",
		Flags:     "-fsanitize=address,undefined -fsanitize-recover=address -fno-omit-frame-pointer -g -O1",
		LinkFlags: "-fsanitize=address,undefined",
		Symbol:    "__asan_",
	}
	TSanBuild = Build{
		Name:      "tsan",
		Flags:     "-fsanitize=thread -fno-omit-frame-pointer -g -O1",
		LinkFlags: "-fsanitize=thread",
		Symbol:    "__tsan_",
	}
)

// configure runs cmake to configure src in the build folder dir with b's
// flags and then the user's args, with a query for CMake's file API
// codemodel-v2 (cmake-file-api(7)) that BenchmarkExecutables reads.
func configure(ctx context.Context, src, dir string, b Build, args []string) error {
	query := filepath.Join(dir, ".cmake", "api", "v1", "query")
	if err := os.MkdirAll(query, 0o777); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(query, "codemodel-v2"), nil, 0o666); err != nil {
		return err
	}
	cmd := []string{"cmake", "-S", src, "-B", dir,
		"-DCMAKE_BUILD_TYPE=Debug",
		"-DCMAKE_C_FLAGS=" + b.Flags,
		"-DCMAKE_CXX_FLAGS=" + b.Flags,
		"-DCMAKE_EXE_LINKER_FLAGS=" + b.LinkFlags,
		"-DCMAKE_SHARED_LINKER_FLAGS=" + b.LinkFlags,
		"-DCMAKE_MODULE_LINKER_FLAGS=" + b.LinkFlags,
	}
	return command(ctx, "cmake configure", append(cmd, args...)...)
}

// compile builds every target of the configured folder dir.
func compile(ctx context.Context, dir string) error {
	return command(ctx, "cmake --build", "cmake", "--build", dir, "--parallel", fmt.Sprint(runtime.NumCPU()))
}

// command runs argv and returns an error, named by label, with the end
// of its output if it fails.
func command(ctx context.Context, label string, argv ...string) error {
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %w%s", label, err, tail(out.String(), 20))
	}
	return nil
}

// tail returns the last n lines of s, each indented on a line of its own
// after a newline, or "" for empty s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) == 1 && lines[0] == "" {
		return ""
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return "\n\t" + strings.Join(lines, "\n\t")
}

// A Test is one test of the project, as ctest lists it.
type Test struct {
	// Name is ctest's name of the test, e.g. "Pool.Wrap" for a test
	// gtest_discover_tests added.
	Name string
	// Command is the test's command line; Dir its working directory.
	Command []string
	Dir     string
	// Env holds the "NAME=value" settings of its ENVIRONMENT property.
	Env []string
	// WillFail is set for a test whose WILL_FAIL property expects a
	// failing exit status; Disabled for a test ctest does not run.
	WillFail, Disabled bool
}

// Tests returns the tests of the configured and built folder dir, from
// `ctest --show-only=json-v1` (ctest(1), "Show as JSON Object Model"). A
// test without a command (its executable not built) is an error.
func Tests(ctx context.Context, dir string) ([]Test, error) {
	cmd := exec.CommandContext(ctx, "ctest", "--test-dir", dir, "-C", "Debug", "--show-only=json-v1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("ctest --show-only=json-v1: %w%s", err, tail(stderr.String(), 10))
	}
	var list struct {
		Tests []struct {
			Name       string   `json:"name"`
			Command    []string `json:"command"`
			Properties []struct {
				Name  string          `json:"name"`
				Value json.RawMessage `json:"value"`
			} `json:"properties"`
		} `json:"tests"`
	}
	if err := json.Unmarshal(out, &list); err != nil {
		return nil, fmt.Errorf("reading ctest --show-only=json-v1: %w", err)
	}
	var tests []Test
	var errs []error
	for _, t := range list.Tests {
		test := Test{Name: t.Name, Command: t.Command, Dir: dir}
		for _, p := range t.Properties {
			switch p.Name {
			case "WORKING_DIRECTORY":
				_ = json.Unmarshal(p.Value, &test.Dir)
			case "ENVIRONMENT":
				_ = json.Unmarshal(p.Value, &test.Env)
			case "WILL_FAIL":
				_ = json.Unmarshal(p.Value, &test.WillFail)
			case "DISABLED":
				_ = json.Unmarshal(p.Value, &test.Disabled)
			}
		}
		if len(test.Command) == 0 && !test.Disabled {
			errs = append(errs, fmt.Errorf("test %s: ctest lists no command for it (its executable was not built)", t.Name))
			continue
		}
		tests = append(tests, test)
	}
	return tests, errors.Join(errs...)
}

// benchmarkLibrary matches a link command fragment that links Google
// Benchmark: its library file (libbenchmark.so.1.7.1, libbenchmark.a,
// libbenchmark_main.a) or -lbenchmark.
var benchmarkLibrary = regexp.MustCompile(`(^|/)libbenchmark(_main)?\.(so|a|dylib)(\.[0-9.]+)?$|^-lbenchmark(_main)?$`)

// BenchmarkExecutables returns the absolute paths of the executables of
// the configured folder dir that link Google Benchmark, read from the
// reply of CMake's file API codemodel-v2 (cmake-file-api(7)) that
// configure queried: the executable targets with a link fragment naming
// the benchmark library (an imported benchmark::benchmark, a -lbenchmark)
// or depending on a target named benchmark or benchmark_main (a
// benchmark built with the project, e.g. by FetchContent).
func BenchmarkExecutables(dir string) ([]string, error) {
	reply := filepath.Join(dir, ".cmake", "api", "v1", "reply")
	indexes, err := filepath.Glob(filepath.Join(reply, "index-*.json"))
	if err != nil || len(indexes) == 0 {
		return nil, fmt.Errorf("reading CMake's file API reply in %s: no index file (CMake older than 3.14?)", reply)
	}
	var index struct {
		Reply map[string]struct {
			JSONFile string `json:"jsonFile"`
		} `json:"reply"`
	}
	if err := readJSON(indexes[len(indexes)-1], &index); err != nil {
		return nil, err
	}
	cm, ok := index.Reply["codemodel-v2"]
	if !ok || cm.JSONFile == "" {
		return nil, fmt.Errorf("reading CMake's file API reply in %s: no codemodel-v2", reply)
	}
	var model struct {
		Paths struct {
			Build string `json:"build"`
		} `json:"paths"`
		Configurations []struct {
			Targets []struct {
				ID       string `json:"id"`
				Name     string `json:"name"`
				JSONFile string `json:"jsonFile"`
			} `json:"targets"`
		} `json:"configurations"`
	}
	if err := readJSON(filepath.Join(reply, cm.JSONFile), &model); err != nil {
		return nil, err
	}
	if len(model.Configurations) == 0 {
		return nil, fmt.Errorf("reading CMake's file API codemodel in %s: no configuration", reply)
	}
	names := map[string]string{}
	for _, t := range model.Configurations[0].Targets {
		names[t.ID] = t.Name
	}
	var exes []string
	for _, t := range model.Configurations[0].Targets {
		var target struct {
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
		if err := readJSON(filepath.Join(reply, t.JSONFile), &target); err != nil {
			return nil, err
		}
		if target.Type != "EXECUTABLE" || len(target.Artifacts) == 0 {
			continue
		}
		links := false
		if target.Link != nil {
			for _, f := range target.Link.CommandFragments {
				if f.Role == "libraries" && benchmarkLibrary.MatchString(strings.TrimSpace(f.Fragment)) {
					links = true
				}
			}
		}
		for _, d := range target.Dependencies {
			if n := names[d.ID]; n == "benchmark" || n == "benchmark_main" {
				links = true
			}
		}
		if !links {
			continue
		}
		path := target.Artifacts[0].Path
		if !filepath.IsAbs(path) {
			path = filepath.Join(model.Paths.Build, path)
		}
		exes = append(exes, path)
	}
	return exes, nil
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("reading CMake's file API reply: %w", err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("reading CMake's file API reply %s: %w", path, err)
	}
	return nil
}

// instrumented reports whether the ELF executable at path has a symbol
// starting with prefix, defined or imported: "__asan_" for one built with
// AddressSanitizer. A file that is not ELF (a script a test runs) is
// taken as it is: true.
func instrumented(path, prefix string) (bool, error) {
	f, err := elf.Open(path)
	if err != nil {
		var fe *elf.FormatError
		if errors.As(err, &fe) {
			return true, nil
		}
		return false, err
	}
	defer f.Close()
	for _, read := range []func() ([]elf.Symbol, error){f.DynamicSymbols, f.Symbols} {
		syms, _ := read()
		for _, s := range syms {
			if strings.HasPrefix(s.Name, prefix) {
				return true, nil
			}
		}
	}
	return false, nil
}

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
// codemodel-v2 (cmake-file-api(7)) that cxx.Benchmarks reads.
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

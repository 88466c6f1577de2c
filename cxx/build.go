package cxx

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// ErrBuild is wrapped by the error of a CMake configuration or build that
// failed, or of a build folder whose benchmark executables cannot be
// found.
var ErrBuild = errors.New("C++ build failed")

// ErrNoCMake is wrapped by the error of Configure and Build when the cmake
// command is not installed.
var ErrNoCMake = errors.New("cmake not found in PATH")

// ErrNoBenchmarkTarget is wrapped, beside ErrBuild, by the error of
// Benchmarks when no executable target of the project links Google
// Benchmark.
var ErrNoBenchmarkTarget = errors.New("no executable target links Google Benchmark (benchmark::benchmark)")

// tailBytes is how much of a failed command's output an error keeps.
const tailBytes = 4000

// IsProject reports whether dir is the top of a CMake project: it holds a
// CMakeLists.txt.
func IsProject(dir string) bool {
	fi, err := os.Stat(filepath.Join(dir, "CMakeLists.txt"))
	return err == nil && fi.Mode().IsRegular()
}

// queryFile is the CMake file API query for the code model, relative to
// a build folder (cmake-file-api(7): a shared stateless query).
var queryFile = filepath.Join(".cmake", "api", "v1", "query", "codemodel-v2")

// Configure configures the CMake project in src into the build folder
// build (created if needed; it must not be src or inside it, so that the
// source tree is never written), running
//
//	cmake -S src -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXPORT_COMPILE_COMMANDS=ON <cmakeArgs>
//
// after writing the file API query for the code model into build, so that
// Benchmarks can read the targets. cmakeArgs come last and may override
// the build type. A failure wraps ErrBuild and ends with the tail of
// cmake's output; a missing cmake wraps ErrNoCMake.
func Configure(ctx context.Context, src, build string, cmakeArgs []string) error {
	src, build, err := absDirs(src, build)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(build, filepath.Dir(queryFile)), 0o755); err != nil {
		return fmt.Errorf("configuring %s: %w", src, err)
	}
	if err := os.WriteFile(filepath.Join(build, queryFile), nil, 0o644); err != nil {
		return fmt.Errorf("configuring %s: %w", src, err)
	}
	args := append([]string{"-S", src, "-B", build, "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"}, cmakeArgs...)
	return cmake(ctx, "configuring "+src, build, args)
}

// Build builds the targets of the configured build folder build with
//
//	cmake --build build -j N --target t1 t2 …
//
// N being the number of CPUs (runtime.NumCPU); no targets means every
// target (CMake's default, "all"). CMake 3.15 and later take several
// targets after one --target. A failure wraps ErrBuild and ends with the
// tail of the build's output.
func Build(ctx context.Context, build string, targets ...string) error {
	args := []string{"--build", build, "-j", strconv.Itoa(runtime.NumCPU())}
	if len(targets) > 0 {
		args = append(append(args, "--target"), targets...)
	}
	return cmake(ctx, "building "+build, build, args)
}

// BuildBenchmarks configures the project in src into build (Configure),
// finds its benchmark executables in the code model (Benchmarks) and
// builds those targets only (Build), so that a broken target that is not
// a benchmark, or does not build with the installed libraries, does not
// stop the comparison. It returns the benchmark executables.
func BuildBenchmarks(ctx context.Context, src, build string, cmakeArgs []string) ([]Executable, error) {
	if err := Configure(ctx, src, build, cmakeArgs); err != nil {
		return nil, err
	}
	exes, err := Benchmarks(build)
	if err != nil {
		return nil, err
	}
	targets := make([]string, len(exes))
	for i, e := range exes {
		targets[i] = e.Name
	}
	if err := Build(ctx, build, targets...); err != nil {
		return nil, err
	}
	return exes, nil
}

// absDirs returns src and build as absolute paths, and an error if build
// is src or inside it.
func absDirs(src, build string) (string, string, error) {
	s, err := filepath.Abs(src)
	if err != nil {
		return "", "", err
	}
	b, err := filepath.Abs(build)
	if err != nil {
		return "", "", err
	}
	if rs, err := filepath.EvalSymlinks(s); err == nil {
		s = rs
	}
	rb := b
	if r, err := filepath.EvalSymlinks(b); err == nil {
		rb = r
	}
	if rel, err := filepath.Rel(s, rb); err == nil && (rel == "." || !strings.HasPrefix(rel, "..")) {
		return "", "", fmt.Errorf("configuring %s: build folder %s is inside the source tree: %w", src, build, ErrBuild)
	}
	return s, b, nil
}

// cmake runs cmake with args in dir, and on failure returns an error
// "<what>: cmake <args>: <status>: <output tail>" wrapping ErrBuild.
func cmake(ctx context.Context, what, dir string, args []string) error {
	path, err := exec.LookPath("cmake")
	if err != nil {
		return fmt.Errorf("%s: %w", what, ErrNoCMake)
	}
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Dir = dir
	killGroupOnCancel(cmd)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("%s: %w: cmake %s: %v:\n%s", what, ErrBuild, strings.Join(args, " "), err, tail(out.Bytes(), tailBytes))
	}
	return nil
}

// tail returns the last n bytes of b, from a line start when it can.
func tail(b []byte, n int) string {
	b = bytes.TrimRight(b, "\n")
	if len(b) <= n {
		return string(b)
	}
	b = b[len(b)-n:]
	if i := bytes.IndexByte(b, '\n'); i >= 0 && i < len(b)-1 {
		b = b[i+1:]
	}
	return "…\n" + string(b)
}

package main

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/mod/module"
	"golang.org/x/mod/sumdb"
	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/zip"
)

// modulePath is the path users install perfproof by.
const modulePath = "github.com/perfproof/perfproof"

// installVersion is the version the test proxy serves the current source
// as.
const installVersion = "v0.1.0"

// goEnv returns the go command's value of the variable name.
func goEnv(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
}

// writeProxy writes the current source of the module at root as version
// installVersion of modulePath into a new folder laid out as a GOPROXY
// (<path>/@v/list, .info, .mod, .zip; golang.org/x/mod/zip makes the zip,
// leaving out what a published version would: nested modules, vendor
// folders, VCS folders) and returns the folder.
func writeProxy(t *testing.T, root string) string {
	t.Helper()
	proxy := t.TempDir()
	esc, err := module.EscapePath(modulePath)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(proxy, filepath.FromSlash(esc), "@v")
	if err := os.MkdirAll(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := zip.CreateFromDir(&buf, module.Version{Path: modulePath, Version: installVersion}, root); err != nil {
		t.Fatalf("zipping the module at %s: %v", root, err)
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{installVersion, time.Now().UTC().Truncate(time.Second)})
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"list":                   []byte(installVersion + "\n"),
		installVersion + ".info": info,
		installVersion + ".mod":  gomod,
		installVersion + ".zip":  buf.Bytes(),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return proxy
}

// checksumDB starts a checksum database on the loopback interface that
// holds the lines of the go.sum file at gosum, signed with a new key, and
// returns the GOSUMDB value that names it ("<name>+<key> <url>"). The go
// command checks every module it downloads, outside GONOSUMDB, against
// the checksum database; the test has no network, so this one stands in
// for the public one with the hashes the module's go.sum recorded when
// its dependencies were added (and checked). A module missing from go.sum
// is an error of the lookup, which the go command reports with the
// module's name.
func checksumDB(t *testing.T, gosum string) string {
	t.Helper()
	data, err := os.ReadFile(gosum)
	if err != nil {
		t.Fatal(err)
	}
	lines := make(map[string][]string) // "path version" → its go.sum lines
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 3 {
			continue
		}
		k := f[0] + " " + strings.TrimSuffix(f[1], "/go.mod")
		lines[k] = append(lines[k], sc.Text()+"\n")
	}
	skey, vkey, err := note.GenerateKey(rand.Reader, "perfproof-install-test")
	if err != nil {
		t.Fatal(err)
	}
	db := sumdb.NewTestServer(skey, func(path, vers string) ([]byte, error) {
		l := lines[path+" "+vers]
		if len(l) == 0 {
			return nil, fmt.Errorf("%s@%s is not in %s", path, vers, gosum)
		}
		return []byte(strings.Join(l, "")), nil
	})
	srv := httptest.NewServer(sumdb.NewServer(db))
	t.Cleanup(srv.Close)
	return vkey + " " + srv.URL
}

// missingFile matches the go command's error for a file a file:// proxy
// lacks: "reading file:///tmp/deps/golang.org/x/mod/@v/v0.42.0.zip: no
// such file or directory".
var missingFile = regexp.MustCompile(`reading file://(\S+)/@v/(\S+?)\.(zip|mod|info): no such file`)

// missingModules returns the modules, "path@version (.zip)", whose files
// the go command's output out says the file:// proxy folders proxies lack.
func missingModules(out string, proxies ...string) []string {
	var missing []string
	for _, m := range missingFile.FindAllStringSubmatch(out, -1) {
		path := m[1]
		for _, p := range proxies {
			if rest, ok := strings.CutPrefix(path, filepath.ToSlash(p)+"/"); ok {
				path = rest
				break
			}
		}
		if mod, err := module.UnescapePath(path); err == nil {
			path = mod
		}
		if s := fmt.Sprintf("%s@%s (.%s)", path, m[2], m[3]); !slices.Contains(missing, s) {
			missing = append(missing, s)
		}
	}
	return missing
}

func TestMissingModules(t *testing.T) {
	out := `go: downloading github.com/yuin/goldmark v1.8.7
main.go:3:8: github.com/yuin/goldmark@v1.8.7: reading file:///tmp/deps/github.com/yuin/goldmark/@v/v1.8.7.zip: no such file or directory
a.go:4:8: github.com/yuin/goldmark@v1.8.7: reading file:///tmp/deps/github.com/yuin/goldmark/@v/v1.8.7.zip: no such file or directory
go: github.com/!burnt!sushi/toml@v1.0.0: reading file:///tmp/deps/github.com/!burnt!sushi/toml/@v/v1.0.0.mod: no such file or directory
`
	got := missingModules(out, "/tmp/ours", "/tmp/deps")
	want := []string{"github.com/yuin/goldmark@v1.8.7 (.zip)", "github.com/BurntSushi/toml@v1.0.0 (.mod)"}
	if !slices.Equal(got, want) {
		t.Errorf("missingModules = %q, want %q", got, want)
	}
	if got := missingModules("go: some other failure"); got != nil {
		t.Errorf("missingModules(other failure) = %q, want none", got)
	}
}

// TestGoInstallLatest: `go install github.com/perfproof/perfproof/cmd/...@latest`,
// as the README tells users, installs working commands from a clean GOPATH
// and module cache. The current source is served as v0.1.0 by a file
// proxy, the dependencies by the module cache's download folder (itself a
// valid proxy), without network; only our module skips the checksum
// database, a local one (checksumDB) that holds the module's go.sum. A
// dependency missing from the module cache fails the test, naming it.
func TestGoInstallLatest(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping go install of ./cmd/...@latest from a file proxy (builds every command from a clean module cache)")
	}
	gomod := goEnv(t, "GOMOD")
	if gomod == "" || gomod == os.DevNull {
		t.Fatalf("go env GOMOD = %q: the test must run inside the module %s", gomod, modulePath)
	}
	root := filepath.Dir(gomod)
	deps := filepath.Join(goEnv(t, "GOMODCACHE"), "cache", "download")
	if _, err := os.Stat(deps); err != nil {
		t.Fatalf("the module cache's download folder, the proxy of the dependencies: %v", err)
	}
	gocache := goEnv(t, "GOCACHE")
	proxy := writeProxy(t, root)
	gosumdb := checksumDB(t, filepath.Join(root, "go.sum"))

	tmp := t.TempDir()
	gopath, modcache, bin := filepath.Join(tmp, "gopath"), filepath.Join(tmp, "modcache"), filepath.Join(tmp, "bin")
	env := append(os.Environ(),
		"GOENV=off", // no settings of the user's go env -w
		"GOPATH="+gopath,
		"GOMODCACHE="+modcache,
		"GOBIN="+bin,
		"GOCACHE="+gocache,
		"GOPROXY=file://"+filepath.ToSlash(proxy)+",file://"+filepath.ToSlash(deps),
		"GOFLAGS=-mod=mod",
		"GONOSUMDB="+modulePath,
		"GONOSUMCHECK=",
		"GOPRIVATE=",
		"GONOPROXY=",
		"GOSUMDB="+gosumdb,
		"GOTOOLCHAIN=local",
		"GOWORK=off",
	)
	// The files of a module cache are read-only: go clean -modcache
	// removes them, before t.TempDir's cleanup removes tmp.
	t.Cleanup(func() {
		cmd := exec.Command("go", "clean", "-modcache")
		cmd.Env, cmd.Dir = env, tmp
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("go clean -modcache of %s: %v\n%s", modcache, err, out)
		}
	})

	install := exec.Command("go", "install", modulePath+"/cmd/...@latest")
	install.Env, install.Dir = env, tmp
	if out, err := install.CombinedOutput(); err != nil {
		missing := missingModules(string(out), proxy, deps)
		if len(missing) > 0 {
			t.Fatalf("go install %s/cmd/...@latest: the module cache %s lacks %s: download it (go mod download in %s)\n%s", modulePath, deps, strings.Join(missing, ", "), root, out)
		}
		t.Fatalf("go install %s/cmd/...@latest: %v\n%s", modulePath, err, out)
	}

	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"perfproof", []string{"version"}, "perfproof " + installVersion + " (" + modulePath + ")"},
		{"perfproofvet", []string{"-V=full"}, "perfproofvet version"},
		{"perfproofvet", []string{"help"}, "perfproofvet"},
	} {
		path := filepath.Join(bin, tc.name)
		cmd := exec.Command(path, tc.args...)
		cmd.Dir = tmp
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), tc.want) {
			t.Errorf("%s %s (installed with go install @latest): %v\n%s\nwant %q in the output", path, strings.Join(tc.args, " "), err, out, tc.want)
		}
	}
}

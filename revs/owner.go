package revs

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// ownerFile is the name of the file, in each Session folder, that names
// the process owning the folder.
const ownerFile = "owner"

// An owner identifies the process that created a Session folder, and the
// repository whose worktrees it holds.
type owner struct {
	pid   int
	start string // process start time from /proc (Linux), "" if unknown
	host  string
	repo  string // git common directory, "" if none
}

// currentOwner describes this process.
func currentOwner(repo string) owner {
	host, _ := os.Hostname()
	pid := os.Getpid()
	return owner{pid: pid, start: processStart(pid), host: host, repo: repo}
}

func (o owner) marshal() []byte {
	return fmt.Appendf(nil, "pid %d\nstart %s\nhost %s\nrepo %s\n", o.pid, o.start, o.host, o.repo)
}

// readOwner reads the owner file of folder dir.
func readOwner(dir string) (owner, error) {
	data, err := os.ReadFile(filepath.Join(dir, ownerFile))
	if err != nil {
		return owner{}, err
	}
	var o owner
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		key, val, _ := strings.Cut(sc.Text(), " ")
		switch key {
		case "pid":
			o.pid, err = strconv.Atoi(val)
			if err != nil {
				return owner{}, fmt.Errorf("owner file of %s: bad pid %q", dir, val)
			}
		case "start":
			o.start = val
		case "host":
			o.host = val
		case "repo":
			o.repo = val
		}
	}
	return o, nil
}

// alive reports whether the owner may still be running. An owner on
// another host (a temporary directory shared over the network) counts as
// alive: this host cannot tell.
func (o owner) alive() bool {
	if host, _ := os.Hostname(); o.host != host {
		return true
	}
	if !processExists(o.pid) {
		return false
	}
	if o.start != "" {
		if now := processStart(o.pid); now != "" && now != o.start {
			return false // the PID was reused by a later process
		}
	}
	return true
}

// processStart returns the start time of process pid in clock ticks since
// boot (field 22 of /proc/<pid>/stat, see proc(5)), or "" where /proc is
// not available.
func processStart(pid int) string {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return ""
	}
	// The command name, field 2, is in parentheses and may hold spaces:
	// count fields after the last ')'.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return ""
	}
	fields := strings.Fields(string(data[i+1:]))
	// fields[0] is field 3 (state); field 22 is fields[19].
	if len(fields) < 20 {
		return ""
	}
	return fields[19]
}

#!/usr/bin/env bash
# fetch.sh [workdir] — download every module pinned in modules.txt (or in the file $MODULES names) through the go command's
# module cache and copy it to a writable directory, workdir/<name> (default /tmp/perfproof-corpus),
# then download its dependencies there so that it builds. Idempotent: a module already copied at
# the pinned version (workdir/<name>/.corpus-version) is not copied again.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${1:-${PERFPROOF_CORPUS:-/tmp/perfproof-corpus}}
export GOTOOLCHAIN=local GOFLAGS=-mod=mod
mkdir -p "$work"
. "$here/lib.sh"
modules=${MODULES:-$here/modules.txt}
status=0
while read -r path version kind; do
	name=$(corpus_name "$path")
	dst=$work/$name
	if [ -f "$dst/.corpus-version" ] && [ "$(cat "$dst/.corpus-version")" = "$path@$version" ]; then
		echo "ok     $name ($path@$version, already there)"
		continue
	fi
	json=$(cd "$work" && go mod download -json "$path@$version") || { echo "FAILED $name: go mod download $path@$version" >&2; status=1; continue; }
	dir=$(printf '%s' "$json" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')
	if [ -z "$dir" ] || [ ! -d "$dir" ]; then
		echo "FAILED $name: no Dir in go mod download output" >&2; status=1; continue
	fi
	rm -rf "$dst"
	cp -R "$dir" "$dst"
	chmod -R u+w "$dst"
	# A go.work shipped in the module's zip (prometheus') names modules the zip does not
	# hold; the copy is built as the module alone.
	rm -f "$dst/go.work" "$dst/go.work.sum"
	# A module of a multi-module repository may replace its siblings by relative paths
	# (etcd's server: go.etcd.io/etcd/api/v3 => ../api); the copy has no siblings, so those
	# replacements are dropped and the pinned versions are fetched instead.
	for old in $(awk '/=>[[:space:]]*\.\.?\//{ sub(/^replace[[:space:]]+/, ""); v = ($2 != "=>") ? "@" $2 : ""; print $1 v }' "$dst/go.mod"); do
		(cd "$dst" && go mod edit -dropreplace="$old" && touch .corpus-dropped)
	done
	# go.sum may lack sums the build needs: those of modules whose relative replacements
	# were dropped, and those of sibling modules a repository's go.sum leaves out (river's
	# riverdriver modules: 48 packages did not load). Listing the packages and their tests
	# (with -mod=mod) records them, as a build would; without -test the modules only tests
	# import were missing and the scan of the tests failed (the collector's otlpreceiver:
	# 6 of 7 packages "could not import …/componenttest").
	if ! (cd "$dst" && go list -deps -test ./... >/dev/null 2>>"$dst/.corpus-download.err"); then
		echo "WARN   $name: listing its packages to record go.sum entries failed (see $dst/.corpus-download.err)" >&2
	fi
	if ! (cd "$dst" && go mod download >/dev/null 2>"$dst/.corpus-download.err"); then
		echo "WARN   $name: go mod download of its dependencies failed (see $dst/.corpus-download.err)" >&2
	fi
	echo "$path@$version" > "$dst/.corpus-version"
	echo "copied $name ($path@$version, $kind)"
done < <(corpus_modules "$modules")
exit $status

#!/usr/bin/env bash
# drive.sh [module-name...] — run each load driver (drivers/<name>/main.go) against the corpus
# copy of its module and save a CPU and an allocation profile of the service under that load,
# for `perfproof scan -profile` (run.sh picks them up with PROFILES=dir).
#
#   PERFPROOF_CORPUS  the module copies made by fetch.sh (default /tmp/perfproof-corpus)
#   PROFILES          the output directory (default $PERFPROOF_CORPUS/profiles): <name>/cpu.pprof,
#                     <name>/mem.pprof, <name>/driver.log (the driver's own report of its load)
#   DURATION          how long each driver loads its service (default 30s)
#
# Each driver is copied to a temporary module whose go.mod requires the module at its pinned
# version and replaces it with the corpus copy, so that the profiles name the copy's files, the
# files scan reads. Builds without -trimpath for the same reason. A driver that fails to build or
# run is reported and the script exits 2 at the end; the profiles of the others are kept.
#
# Code the drivers share lives in directories of its own under drivers/ (harness/: the flags,
# profiles and fail-closed summary of every driver; s3load/: the S3 workload; apiload/: the
# JSON-API workload), each file `package main`. A driver directory may hold a plain-text file
# `shared` that lists, one a line, the directories under drivers/ whose *.go files are copied
# beside its main.go in the temporary module (lines starting with # are comments, blank lines are
# ignored). A listed directory without *.go files, or a file name that is already there, fails
# the driver as a build failure does.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
corpus=$(cd "$here/.." && pwd)
work=${PERFPROOF_CORPUS:-/tmp/perfproof-corpus}
profiles=${PROFILES:-$work/profiles}
duration=${DURATION:-30s}
export GOTOOLCHAIN=local GOFLAGS=-mod=mod
. "$corpus/lib.sh"
# copy_shared NAME DIR: copy the *.go files of the directories drivers/NAME/shared lists into DIR;
# on failure, says why on stdout and returns 1.
copy_shared() {
	local list=$here/$1/shared group f
	[ -f "$list" ] || return 0
	while read -r group || [ -n "$group" ]; do
		case $group in '' | '#'*) continue ;; esac
		if [ "${group#*/}" != "$group" ] || [ "$group" = . ] || [ "$group" = .. ] ||
			! compgen -G "$here/$group/*.go" >/dev/null; then
			echo "$list: $group is not a directory of *.go files under drivers/"
			return 1
		fi
		for f in "$here/$group"/*.go; do
			if [ -e "$2/${f##*/}" ]; then
				echo "$list: $group/${f##*/} would overwrite a file of the same name"
				return 1
			fi
			cp "$f" "$2/" || { echo "cannot copy $f"; return 1; }
		done
	done <"$list"
}
status=0
want=" $* "
while read -r path version kind; do
	name=$(corpus_name "$path")
	[ -f "$here/$name/main.go" ] || continue
	if [ $# -gt 0 ] && [[ "$want" != *" $name "* ]]; then
		continue
	fi
	dir=$work/$name
	if [ ! -f "$dir/.corpus-version" ] || [ "$(cat "$dir/.corpus-version")" != "$path@$version" ]; then
		echo "skip   $name: not fetched at $version (run fetch.sh)" >&2
		status=2
		continue
	fi
	tmp=$(mktemp -d)
	cp "$here/$name"/*.go "$tmp/"
	if ! why=$(copy_shared "$name" "$tmp"); then
		echo "FAILED $name: $why" >&2
		status=2
		rm -rf "$tmp"
		continue
	fi
	{
		echo "module perfproof.example/drive/$name"
		echo
		echo "go 1.26"
		echo
		echo "require $path $version"
		echo
		echo "replace $path => $dir"
	} >"$tmp/go.mod"
	# The corpus copy's own go.sum covers its dependencies.
	cp "$dir/go.sum" "$tmp/go.sum" 2>/dev/null
	mkdir -p "$profiles/$name"
	if ! (cd "$tmp" && go mod tidy >"$profiles/$name/build.log" 2>&1 && go build -o "$tmp/driver" . >>"$profiles/$name/build.log" 2>&1); then
		echo "FAILED $name: the driver does not build (see $profiles/$name/build.log)" >&2
		status=2
		rm -rf "$tmp"
		continue
	fi
	if ! (cd "$tmp" && "$tmp/driver" -duration "$duration" -cpuprofile "$profiles/$name/cpu.pprof" \
		-memprofile "$profiles/$name/mem.pprof" >"$profiles/$name/driver.log" 2>&1); then
		echo "FAILED $name: the driver failed (see $profiles/$name/driver.log)" >&2
		status=2
	else
		echo "drove  $name: $(tail -n 1 "$profiles/$name/driver.log")" >&2
	fi
	rm -rf "$tmp"
done < <(corpus_modules "$corpus/modules.txt")
exit $status

#!/usr/bin/env bash
# run.sh [module-name...] — build perfproof from this repository, scan every module of modules.txt
# (or of $MODULES; or only the named ones) one at a time with `perfproof scan -json ./...` in its copy made by
# fetch.sh, save each result, and print the per-module table and the totals per check.
#
#   PERFPROOF_CORPUS  the module copies (default /tmp/perfproof-corpus)
#   OUT               the output directory (default $PERFPROOF_CORPUS/out): <name>.json (scan's
#                     stdout), <name>.stderr, <name>.meta ("seconds exit-code")
#   TIMEOUT           per-module limit (default 15m); a module over it gets exit code 124
#   SCANFLAGS         extra flags for perfproof scan (e.g. "-all")
#   PROFILES          a directory of profiles made by drivers/drive.sh: a module with
#                     PROFILES/<name>/*.pprof is scanned with -profile for each (measured hotness
#                     overrides the static evidence); the others are scanned as without it
#   MODULES           the module list (default modules.txt beside this script; heldout.txt is the
#                     held-out set, see README)
#   REV               build perfproof from this git revision (git archive, read-only: the work tree,
#                     index and refs are not touched) instead of the work tree as it is
#
# The table (tally scan) is printed from whatever outputs OUT holds, sorted as modules.txt is.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=${PERFPROOF_CORPUS:-/tmp/perfproof-corpus}
out=${OUT:-$work/out}
timeout=${TIMEOUT:-15m}
export GOTOOLCHAIN=local
. "$here/lib.sh"
modules=${MODULES:-$here/modules.txt}
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
src=$repo
if [ -n "${REV:-}" ]; then
	src=$tmp/src
	mkdir -p "$src"
	git -C "$repo" archive "$REV" | tar -x -C "$src" || exit 2
fi
(cd "$src" && go build -o "$tmp/perfproof" ./cmd/perfproof) || exit 2
(cd "$repo" && go build -o "$tmp/tally" ./bench/corpus/tally) || exit 2
# What was scanned: the revision perfproof was built from, and whether the work tree had changes.
if [ -n "${REV:-}" ]; then
	{ git -C "$repo" rev-parse "$REV"; echo "built from git archive of $REV"; go version; } >"$out/REVISION"
else
	{ git -C "$repo" rev-parse HEAD 2>/dev/null || echo unknown; echo "work tree, changed files: $(git -C "$repo" status --porcelain 2>/dev/null | wc -l)"; go version; } >"$out/REVISION"
fi
want=" $* "
while read -r path version kind; do
	name=$(corpus_name "$path")
	if [ $# -gt 0 ] && [[ "$want" != *" $name "* ]]; then
		continue
	fi
	dir=$work/$name
	if [ ! -f "$dir/.corpus-version" ] || [ "$(cat "$dir/.corpus-version")" != "$path@$version" ]; then
		echo "skip   $name: not fetched at $version (run fetch.sh)" >&2
		continue
	fi
	prof=()
	if [ -n "${PROFILES:-}" ]; then
		for f in "$PROFILES/$name"/*.pprof; do
			[ -f "$f" ] && prof+=(-profile "$f")
		done
	fi
	start=$(date +%s.%N)
	# shellcheck disable=SC2086
	(cd "$dir" && timeout "$timeout" "$tmp/perfproof" scan -json ${SCANFLAGS:-} "${prof[@]}" ./... >"$out/$name.json" 2>"$out/$name.stderr")
	code=$?
	end=$(date +%s.%N)
	secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
	echo "$secs $code" >"$out/$name.meta"
	echo "scanned $name: ${secs}s exit $code${prof:+ (${#prof[@]} profile flags)}" >&2
done < <(corpus_modules "$modules")
"$tmp/tally" scan -modules "$modules" -out "$out" -work "$work"

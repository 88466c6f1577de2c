#!/usr/bin/env bash
# reportoverhead.sh measures what perfproof report costs over running the
# same benchmarks with go test: in interleaved rounds (order alternating),
# the wall time of
#
#   report  perfproof report -C dir -bench re -count C -benchtime B -samples S -json pkg
#   gotest  go test -C dir -run '^$' -bench re -benchmem -count C -benchtime B' -cpuprofile -memprofile pkg
#
# where B' is the benchtime that gives go test the same benchmark work:
# with -samples 0 (the default here), B' = B, since report's runs are then
# C runs of about B each; with a sample target, pass B' as the 6th
# argument. Both build through the go command's cache (warmed first).
# Prints each round and the median ratio report/gotest; issue 13 asks for
# at most 1.5.
#
# usage: bench/reportoverhead.sh [dir] [bench re] [rounds] [count] [benchtime] [gotest benchtime] [samples] [pkg]
#   default: examples/adexchange HandleAuction 6 6 100ms 100ms 0 .
set -euo pipefail
dir=${1:-examples/adexchange}
re=${2:-HandleAuction}
rounds=${3:-6}
count=${4:-6}
bt=${5:-100ms}
gobt=${6:-$bt}
samples=${7:-0}
pkg=${8:-.}
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$repo" && go build -o "$tmp/perfproof" ./cmd/perfproof)
(cd "$dir" && go test -run '^$' -count 1 "$pkg" >/dev/null) # warm the build cache
secs() { local s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; awk -v a="$(date +%s.%N)" -v b="$s" 'BEGIN { printf "%.2f\n", a - b }'; }
rep() { secs "$tmp/perfproof" report -C "$dir" -bench "$re" -count "$count" -benchtime "$bt" -samples "$samples" -json "$pkg"; }
got() { secs go test -C "$dir" -run '^$' -bench "$re" -benchmem -count "$count" -benchtime "$gobt" -cpuprofile "$tmp/cpu.pprof" -memprofile "$tmp/mem.pprof" -o "$tmp/x.test" "$pkg"; }
for ((i = 1; i <= rounds; i++)); do
  if ((i % 2)); then r=$(rep); g=$(got); else g=$(got); r=$(rep); fi
  echo "$i report $r gotest $g"
done | tee "$tmp/rounds"
python3 - "$tmp/rounds" <<'PY'
import sys, statistics as st
rows = [l.split() for l in open(sys.argv[1])]
r = [float(x[2]) for x in rows]; g = [float(x[4]) for x in rows]
ratios = sorted(a / b for a, b in zip(r, g))
print("median report %.2f s, go test %.2f s; median ratio %.2f (min %.2f, max %.2f) over %d rounds"
      % (st.median(r), st.median(g), st.median(ratios), ratios[0], ratios[-1], len(rows)))
PY

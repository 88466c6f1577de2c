#!/usr/bin/env bash
# profoverhead.sh measures what CPU and memory profiling (as perfproof bench
# and report run benchmarks) costs a benchmark: the benchmark's sec/op with
# -cpuprofile and -memprofile against without, in interleaved rounds of one
# test binary, built once. Prints each round and the median ratio.
#
# usage: bench/profoverhead.sh [dir] [bench regexp] [rounds]
#   default: examples/adexchange HandleAuction 10
set -euo pipefail
dir=${1:-examples/adexchange}
re=${2:-HandleAuction}
rounds=${3:-10}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$dir" && go test -c -o "$tmp/b.test" .)
run() { # plain|prof -> ns/op
  local extra=()
  [ "$1" = prof ] && extra=(-test.cpuprofile "$tmp/cpu.pprof" -test.memprofile "$tmp/mem.pprof")
  (cd "$dir" && "$tmp/b.test" -test.run '^$' -test.bench "$re" -test.benchmem -test.count 1 -test.benchtime 500ms "${extra[@]}") |
    awk '/ns\/op/ { for (i = 1; i <= NF; i++) if ($(i+1) == "ns/op") print $i; exit }'
}
for ((i = 1; i <= rounds; i++)); do
  if ((i % 2)); then p=$(run plain); q=$(run prof); else q=$(run prof); p=$(run plain); fi
  echo "$i $p $q"
done | tee "$tmp/rounds"
python3 - "$tmp/rounds" <<'PY'
import sys, statistics as st
rows = [l.split() for l in open(sys.argv[1])]
p = [float(r[1]) for r in rows]; q = [float(r[2]) for r in rows]
r = [b / a for a, b in zip(p, q)]
print(f"plain   median {st.median(p):.0f} ns/op (min {min(p):.0f}, max {max(p):.0f})")
print(f"profile median {st.median(q):.0f} ns/op (min {min(q):.0f}, max {max(q):.0f})")
print(f"profiled/plain per round: median {st.median(r):.3f} (min {min(r):.3f}, max {max(r):.3f}), n={len(r)}")
PY

#!/usr/bin/env bash
# calibrate.sh checks perfproof compare against a known truth and against
# the benchstat way of working, on bench/testdata/calib (two benchmarks,
# Mix: dependent multiply-adds, Sum: an L2-resident slice sum).
#
# It makes a git repository with two commits of the module: "base", and
# "slow", which does exactly 5 % more loop iterations (Percent 100 → 105).
# Then, n times, in a rotating order:
#
#   pp   perfproof compare -benchtime T -count R base base   (A/A: same revision)
#        perfproof compare -benchtime T -count R base slow   (true 5 % slow-down)
#   ppa  the same with -adaptive (without :R, perfproof's own default
#        round limit for adaptive mode)
#   ppd  perfproof compare base base|slow with its defaults: no -benchtime,
#        no -count (ppad: the same with -adaptive)
#   seq  go test -bench . -benchmem -count R -benchtime T in a copy of each
#        side, sequentially (old, then new), as for benchstat; the two
#        output files are compared with `perfproof compare old.txt new.txt`
#        (the same statistics, so only the way of measuring differs)
#
# and prints, per mode, how many A/A comparisons said faster or slower
# (target: at most 1 in 20), how many slow-down comparisons said slower
# (target: at least 19 in 20, never faster), the wall and CPU
# (user+sys, children included) time per comparison, builds included, and
# how many comparisons said B/op or allocs/op changed (neither benchmark
# allocates: each is a false alarm).
#
# For pp and ppa it also reads the raw output (-o) and gives a paired
# verdict, which perfproof does not compute: the exact Wilcoxon
# signed-rank test on the per-round differences of log sec/op (each round
# runs old and new back to back), slower or faster when p < 0.05 and the
# median per-round ratio is at least 2 % away from 1. It shows what pairing
# the rounds would add to the unpaired Mann-Whitney test of package stats.
#
# A mode may carry its own round count, MODE:R ("pp:5 seq:10 ppa:30"), and
# its own benchtime, MODE@T or MODE:R@T ("pp:16@15ms"), to compare
# perfproof and the sequential way at different sample counts and run
# lengths.
#
# usage: bench/calibrate.sh [n] [benchtime] [rounds] [modes]
#   default: 20 100ms 10 "pp ppa seq"; rounds is perfproof's -count and
#   the sequential -count alike, for modes without :R
set -euo pipefail
n=${1:-20}
bt=${2:-100ms}
rounds=${3:-10}
read -r -a modes <<<"${4:-pp ppa seq}"
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/perfproof" "$root/cmd/perfproof"
pp=$tmp/perfproof

repo=$tmp/repo
mkdir -p "$repo"
cp -r "$root/bench/testdata/calib/." "$repo/"
git() { command git -C "$repo" -c user.name=calibrate -c user.email=calibrate@example.com -c commit.gpgsign=false "$@"; }
git init -q -b main
git add -A
git commit -q -m base
git tag base
sed -i 's/^const Percent = 100$/const Percent = 105/' "$repo/calib.go"
grep -q '^const Percent = 105$' "$repo/calib.go"
git commit -q -am 'slow: 5 % more work'
git tag slow
for side in base slow; do
  mkdir -p "$tmp/$side"
  git archive "$side" | tar -x -C "$tmp/$side"
done

out=$tmp/rows
: >"$out"
TIMEFORMAT='%R %U %S'

# verdicts FILE [RAWDIR]: prints "verdict(Mix) verdict(Sum) ratio(Mix)
# ratio(Sum) rounds paired(Mix) paired(Sum) allocs n(Mix) n(Sum) p(Mix)
# p(Sum)" (n: old samples, p: each comparison's own p-value, so that the
# verdicts can be recomputed with or without a correction) from perfproof compare -json
# output and, if given, the raw output of its rounds.
verdicts() {
  python3 - "$@" <<'PY'
import json, math, os, re, statistics, sys
d = json.load(open(sys.argv[1]))
v = {c["benchmark"]: c for c in d["comparisons"] if c["unit"] == "sec/op"}
def f(x): return "nan" if x is None else "%.4f" % x

def values(path, name):
    pat = re.compile(r"^Benchmark%s-\d+\s+\d+\s+([0-9.e+]+) ns/op" % name)
    return [float(m.group(1)) for m in map(pat.match, open(path)) if m]

def wilcoxon(ds):
    # Exact two-sided signed-rank p-value; ties get mid-ranks (doubled to
    # stay integers), zeros are dropped.
    ds = [x for x in ds if x != 0]
    n = len(ds)
    if n == 0:
        return 1.0
    order = sorted(range(n), key=lambda i: abs(ds[i]))
    rank = [0] * n
    i = 0
    while i < n:
        j = i
        while j + 1 < n and abs(ds[order[j + 1]]) == abs(ds[order[i]]):
            j += 1
        for k in range(i, j + 1):
            rank[order[k]] = i + j + 2  # twice the mid-rank
        i = j + 1
    total = sum(rank)
    counts = [0] * (total + 1)
    counts[0] = 1
    for r in rank:
        for s in range(total, r - 1, -1):
            counts[s] += counts[s - r]
    w = sum(r for r, x in zip(rank, ds) if x > 0)
    all_ = 2 ** n
    lo = sum(counts[: w + 1]) / all_
    hi = sum(counts[w:]) / all_
    return min(1.0, 2 * min(lo, hi))

def paired(raw, name):
    old = values(os.path.join(raw, "example.com_calib.old.txt"), name)
    new = values(os.path.join(raw, "example.com_calib.new.txt"), name)
    n = min(len(old), len(new))
    ds = [math.log(new[i] / old[i]) for i in range(n)]
    p = wilcoxon(ds)
    r = math.exp(statistics.median(ds))
    if p < 0.05 and r >= 1.02:
        return "slower"
    if p < 0.05 and r <= 0.98:
        return "faster"
    return "other"

pm = ps = "-"
if len(sys.argv) > 2:
    pm, ps = paired(sys.argv[2], "Mix"), paired(sys.argv[2], "Sum")
allocs = sum(1 for c in d["comparisons"] if c["unit"] in ("B/op", "allocs/op") and c["verdict"] in ("faster", "slower"))
print(v["Mix"]["verdict"], v["Sum"]["verdict"], f(v["Mix"]["ratio"]), f(v["Sum"]["ratio"]), d.get("rounds") or v["Mix"]["old"]["n"], pm, ps, allocs,
      v["Mix"]["old"]["n"], v["Sum"]["old"]["n"], "%.3g" % (v["Mix"]["p"] if v["Mix"]["p"] is not None else float("nan")), "%.3g" % (v["Sum"]["p"] if v["Sum"]["p"] is not None else float("nan")))
PY
}

# one MODE KIND I: runs one comparison and appends a row to $out. MODE is
# pp, ppa or seq, with an optional :R round count.
one() {
  local mode=$1 kind=$2 i=$3 new=base
  [ "$kind" = slow ] && new=slow
  local t raw=() r=$rounds count=(-count "$rounds") bt=$bt spec=$mode
  if [[ $spec == *@* ]]; then
    bt=${spec#*@}
    spec=${spec%%@*}
  fi
  if [[ $spec == *:* ]]; then
    r=${spec#*:}
    count=(-count "$r")
  elif [ "$spec" = ppa ]; then
    count=()
  fi
  local btflag=(-benchtime "$bt")
  case $spec in
  ppd | ppad)
    count=()
    btflag=()
    ;;
  esac
  rm -rf "$tmp/raw"
  case ${spec%%:*} in
  pp | ppa | ppd | ppad)
    local extra=()
    case ${spec%%:*} in ppa | ppad) extra=(-adaptive) ;; esac
    raw=("$tmp/raw")
    t=$({ time "$pp" compare -C "$repo" -json "${btflag[@]}" "${count[@]}" -o "$tmp/raw" "${extra[@]}" base "$new" >"$tmp/j.json" 2>"$tmp/err"; } 2>&1) || true
    ;;
  seq)
    t=$({ time (
      (cd "$tmp/base" && go test -run '^$' -bench . -benchmem -count "$r" -benchtime "$bt") >"$tmp/old.txt"
      (cd "$tmp/$new" && go test -run '^$' -bench . -benchmem -count "$r" -benchtime "$bt") >"$tmp/new.txt"
      "$pp" compare -json "$tmp/old.txt" "$tmp/new.txt" >"$tmp/j.json" 2>"$tmp/err"
    ); } 2>&1) || true
    ;;
  esac
  if ! v=$(verdicts "$tmp/j.json" "${raw[@]}" 2>/dev/null); then
    echo "calibrate: $mode $kind $i failed:" >&2
    cat "$tmp/err" >&2
    return 1
  fi
  echo "$mode $kind $i $t $v" | tee -a "$out"
}

m=${#modes[@]}
for ((i = 1; i <= n; i++)); do
  for kind in aa slow; do
    for ((k = 0; k < m; k++)); do
      one "${modes[(i + k) % m]}" "$kind" "$i"
    done
  done
done

echo "# load after the runs: $(cat /proc/loadavg 2>/dev/null || echo unknown)"
python3 - "$out" "${modes[@]}" <<'PY'
import sys, statistics as st
rows = [l.split() for l in open(sys.argv[1])]
modes = sys.argv[2:]
# mode kind i real user sys vMix vSum rMix rSum rounds pairedMix pairedSum allocs nMix nSum pMix pSum
by = {}
for r in rows:
    by.setdefault((r[0], r[1]), []).append(r)
print("mode kind    n  Mix:faster/slower/unch/inc  Sum:faster/slower/unch/inc  any-faster/slower  wall s (median)  cpu s (median)  rounds (median)  B/op or allocs/op faster/slower")
for mode in modes:
    for kind in ("aa", "slow"):
        rs = by.get((mode, kind), [])
        if not rs:
            continue
        def counts(col):
            vs = [r[col] for r in rs]
            return "/".join(str(vs.count(v)) for v in ("faster", "slower", "unchanged", "inconclusive"))
        anyfs = sum(1 for r in rs if {"faster", "slower"} & {r[6], r[7]})
        wall = st.median(float(r[3]) for r in rs)
        cpu = st.median(float(r[4]) + float(r[5]) for r in rs)
        rounds = st.median(float(r[10]) for r in rs)
        allocs = sum(1 for r in rs if len(r) > 13 and r[13] != "0")
        print(f"{mode:6} {kind:5} {len(rs):3}  {counts(6):27} {counts(7):27} {anyfs:3}                {wall:7.1f}          {cpu:7.1f}        {rounds:5.1f}            {allocs:3}")
print("paired (Wilcoxon signed-rank on the rounds' pairs): Mix and Sum faster/slower/other")
for mode in modes:
    if mode.startswith("seq"):
        continue
    for kind in ("aa", "slow"):
        rs = by.get((mode, kind), [])
        if rs:
            c = lambda col: "/".join(str([r[col] for r in rs].count(v)) for v in ("faster", "slower", "other"))
            print(f"{mode:6} {kind:5} {len(rs):3}  Mix {c(11)}  Sum {c(12)}")
# The verdicts above are perfproof's (corrected for the two comparisons
# by Holm's method); recomputed from each comparison's own p-value (faster
# or slower when p < 0.05 and the ratio is at least 2 % from 1), they are
# what each comparison alone, as benchstat, would say.
print("each comparison alone (no correction): any faster/slower, Mix and Sum slower")
for mode in modes:
    for kind in ("aa", "slow"):
        rs = [r for r in by.get((mode, kind), []) if len(r) > 17]
        if not rs:
            continue
        def alone(r, k):
            p, ratio = float(r[16 + k]), float(r[8 + k])
            if not (p < 0.05) or abs(ratio - 1) < 0.02:
                return "other"
            return "slower" if ratio > 1 else "faster"
        anyfs = sum(1 for r in rs if {"faster", "slower"} & {alone(r, 0), alone(r, 1)})
        mix = sum(1 for r in rs if alone(r, 0) == "slower")
        sm = sum(1 for r in rs if alone(r, 1) == "slower")
        print(f"{mode:6} {kind:5} {len(rs):3}  any {anyfs:3}  Mix slower {mix:3}  Sum slower {sm:3}")
for kind in ("aa", "slow"):
    for sm in modes:
        if not sm.startswith("seq"):
            continue
        seq = sum(float(r[3]) for r in by.get((sm, kind), []))
        for mode in modes:
            if mode.startswith("seq"):
                continue
            t = sum(float(r[3]) for r in by.get((mode, kind), []))
            if seq and t:
                print(f"{kind}: total wall {mode}/{sm} = {t:.0f} s / {seq:.0f} s = {t/seq:.2f}")
for mode in modes:
    rs = by.get((mode, "slow"), [])
    if rs:
        mix = [float(r[8]) for r in rs if r[8] != "nan"]
        sm = [float(r[9]) for r in rs if r[9] != "nan"]
        print(f"{mode}: slow/base ratio medians over the runs: Mix {st.median(mix):.3f} (min {min(mix):.3f}, max {max(mix):.3f}), Sum {st.median(sm):.3f} (min {min(sm):.3f}, max {max(sm):.3f})")
PY

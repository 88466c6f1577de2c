#!/usr/bin/env bash
# reportstability.sh runs perfproof report n times on the same module and
# benchmarks and prints, per run, the top 3 findings (check file:line) and
# their CPU line shares with CIs, then how many runs agree with the most
# common top 3 — issue 13's "top 3 the same in 10 of 10 runs".
#
# usage: bench/reportstability.sh [dir] [bench regexp] [n] [extra report flags...]
#   default: examples/adexchange HandleAuction 10
#   dir is relative to the current directory; packages are ./...
set -euo pipefail
dir=${1:-examples/adexchange}
re=${2:-HandleAuction}
n=${3:-10}
shift $(( $# < 3 ? $# : 3 ))
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$repo" && go build -o "$tmp/perfproof" ./cmd/perfproof)
for ((i = 1; i <= n; i++)); do
  start=$(date +%s.%N)
  "$tmp/perfproof" report -C "$dir" -bench "$re" -json "$@" ./... >"$tmp/r$i.json" 2>"$tmp/r$i.err" || true
  end=$(date +%s.%N)
  python3 - "$tmp/r$i.json" "$i" "$start" "$end" <<'PY' | tee -a "$tmp/tops"
import json, os, sys
d = json.load(open(sys.argv[1]))
top = []
for f in d["findings"][:3]:
    c = f.get("cost") or {}
    bc = next((b for b in c.get("by_benchmark") or [] if c.get("benchmark") and b["name"] == c["benchmark"]["name"]), None)
    share = "%.1f%%" % (100 * c.get("cpu_line", 0))
    if bc and bc["cpu_line"]["lo"] is not None:
        share += " [%.1f, %.1f]" % (100 * bc["cpu_line"]["lo"], 100 * bc["cpu_line"]["hi"])
    name = f["analyzer"] + ("/" + f["category"] if f.get("category") else "")
    top.append("%s %s:%d %s" % (name, os.path.basename(f["file"]), f["line"], share))
key = " | ".join(t.rsplit(" ", 1)[0].split(" [")[0].rsplit(" ", 1)[0] for t in top)
print("run %s (%.0f s): %s\tKEY %s" % (sys.argv[2], float(sys.argv[4]) - float(sys.argv[3]), " | ".join(top), key))
PY
done
echo "== agreement"
sed 's/.*\tKEY //' "$tmp/tops" | sort | uniq -c | sort -rn

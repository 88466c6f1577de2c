#!/usr/bin/env bash
# scanvet.sh compares the wall time and peak RSS of `perfproof scan` with
# `go vet` on the same packages, in interleaved rounds (vet, scan / scan,
# vet, alternating) so that machine drift hits both alike.
#
# go vet caches its results; each round passes it a fresh dummy
# -printf.funcs value, which is part of the cache key, so vet re-analyses
# every package while the compiled export data it needs stays cached — the
# situation after a code change on a developer's machine. perfproof scan has
# no result cache and always analyses from source.
#
# usage: bench/scanvet.sh [rounds] [packages...]     (default: 5 std)
# Run from the repository root. Prints one line per run and the medians.
set -euo pipefail
rounds=${1:-5}
shift || true
pkgs=("${@:-std}")
[ ${#pkgs[@]} -gt 0 ] || pkgs=(std)

bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/perfproof" ./cmd/perfproof
out="$bin/runs.tsv"

# Warm the build cache for go vet's export data (not measured).
go vet -printf.funcs=warmup "${pkgs[@]}" >/dev/null 2>&1 || true

run() { # tool round
  if [ "$1" = vet ]; then
    /usr/bin/time -o "$bin/t" -f '%e %M' go vet -printf.funcs="nonce$$x$2" "${pkgs[@]}" >/dev/null 2>&1 || true
  else
    /usr/bin/time -o "$bin/t" -f '%e %M' "$bin/perfproof" scan "${pkgs[@]}" >/dev/null 2>&1 || true
  fi
  printf '%s\t%s\t%s\n' "$1" "$2" "$(tail -1 "$bin/t")" | tee -a "$out"
}

for ((i = 1; i <= rounds; i++)); do
  if ((i % 2)); then run vet "$i"; run scan "$i"; else run scan "$i"; run vet "$i"; fi
done

python3 - "$out" <<'PY'
import sys, statistics as st
rows = [l.split() for l in open(sys.argv[1])]
def col(tool, i): return [float(r[2+i]) for r in rows if r[0] == tool]
vw, sw = col("vet", 0), col("scan", 0)
vm, sm = col("vet", 1), col("scan", 1)
ratios = [s / v for s, v in zip(sw, vw)]
print(f"go vet         wall median {st.median(vw):.1f} s  (min {min(vw):.1f}, max {max(vw):.1f})  peak RSS median {st.median(vm)/1024:.0f} MiB")
print(f"perfproof scan wall median {st.median(sw):.1f} s  (min {min(sw):.1f}, max {max(sw):.1f})  peak RSS median {st.median(sm)/1024:.0f} MiB")
print(f"scan/vet wall ratio per round: median {st.median(ratios):.2f} (min {min(ratios):.2f}, max {max(ratios):.2f}), n={len(ratios)}")
PY

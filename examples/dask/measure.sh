#!/usr/bin/env bash
# Throughput of the Dask recipe against a plain `nutrilens scan` on this machine (the figures in examples/dask/README.md).
#
#   examples/dask/measure.sh PYTHON NUTRILENS [COUNT] [PARTITION_SIZE]
#
# PYTHON: an interpreter with dask[distributed]; NUTRILENS: a release binary. COUNT photos (default 96) are links to
# the TestImages photos, repeated, in a temporary folder. Three runs, each on a quiet machine to mean anything:
#   plain   nutrilens scan --jsonl --jobs 1 --files-from LIST      (one process, one core)
#   dask1   the recipe with --workers 1 --partition-size SIZE         (overhead = dask1 / plain - 1)
#   dask2   the recipe with --workers 2 --partition-size SIZE         (speed-up = dask1 / dask2)
set -euo pipefail
python=${1:?python with dask}; nutrilens=$(realpath "${2:?nutrilens binary}"); count=${3:-96}; size=${4:-16}
cd "$(dirname "$0")/../.."
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mapfile -t photos < <(ls TestImages/*.jpg | sort)
for ((i = 0; i < count; i++)); do
  src=${photos[i % ${#photos[@]}]}
  ln -s "$PWD/$src" "$work/p$(printf %04d "$i").jpg"
done
ls "$work"/p*.jpg > "$work/list.txt"
export OMP_THREAD_LIMIT=1
start=$(date +%s.%N)
"$nutrilens" scan --jsonl --jobs 1 -q --files-from "$work/list.txt" > "$work/plain.jsonl"
plain=$(echo "$(date +%s.%N) - $start" | bc)
run() {
  rm -rf "$work/out$1"
  "$python" examples/dask/nutrilens_dask.py --files-from "$work/list.txt" --out "$work/out$1" --workers "$1" \
    --partition-size "$size" --nutrilens "$nutrilens" 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["seconds"])'
}
dask1=$(run 1); dask2=$(run 2)
lines=$(cat "$work"/out2/part-*.jsonl | wc -l)
python3 - "$count" "$plain" "$dask1" "$dask2" "$lines" <<'PY'
import sys
n, plain, d1, d2, lines = int(sys.argv[1]), *map(float, sys.argv[2:5]), int(sys.argv[5])
print(f"{n} photos ({lines} result lines with 2 workers)")
print(f"plain scan --jobs 1: {plain:.1f} s ({n / plain:.2f} photos/s)")
print(f"recipe, 1 worker:    {d1:.1f} s ({n / d1:.2f} photos/s), overhead over plain {100 * (d1 / plain - 1):+.1f} %")
print(f"recipe, 2 workers:   {d2:.1f} s ({n / d2:.2f} photos/s), speed-up over 1 worker {d1 / d2:.2f}x")
PY

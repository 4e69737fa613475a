#!/usr/bin/env bash
# The README's main-job command: set up, build release, scan the bundled TestImages/ with a readable summary per image,
# then score the scans against the ground-truth sidecars (nutrilens eval). Extra arguments go to both commands
# (e.g. --jobs 1). Exit status: non-zero when any image failed to scan.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH
export OMP_THREAD_LIMIT=1
scripts/setup.sh
read -r -a NATIVE <<< "$(scripts/native-flags.sh)"   # AVX2 machines: compiled for their CPU (see the script)
swift build -c release "${NATIVE[@]}" --product nutrilens >&2
BIN="$(swift build -c release "${NATIVE[@]}" --show-bin-path)/nutrilens"
status=0
"$BIN" scan --human "$@" TestImages || status=$?
echo
echo "== nutrilens eval TestImages (scores against the sidecars) =="
"$BIN" eval --quiet --worst 5 "$@" TestImages || true
exit $status

#!/usr/bin/env bash
# Sanitizer runs of the test suite and a leak check of a long batch scan (see docs/reliability.md).
#
#   scripts/sanitize.sh [address|thread|undefined|leak|all] [--filter REGEX]
#
#   address    swift test --sanitize=address          (build folder .build-asan)
#   thread     swift test --sanitize=thread           (.build-tsan; default filter: the tests that scan, read
#              barcodes or OCR on several threads: batch, engine pool, concurrent reads, end-to-end)
#   undefined  swift test with clang's -fsanitize=undefined on the C we compile (CImageShims: libjpeg/libpng glue)
#              (.build-ubsan; default filter: ImageIO + reliability tests). swiftc has no UBSan on Linux; Swift code
#              traps on overflow and out-of-bounds access by itself.
#   leak       nutrilens built with ASan, LeakSanitizer on: one process scans every TestImages photo + bad files
#              N times over (NUTRILENS_LEAK_ROUNDS, default 3) with every stage but the classifier (OCR takes part
#              once the NutriLensScanner wires NutriLensOCR in)
#   (valgrind 3.19, Debian's, dies with an internal SIGSEGV on Swift 6.3 binaries even with debug info stripped,
#   so LeakSanitizer is the leak checker.)
#
# Each mode uses its own build folder, so the ordinary .build is untouched. Exit status is non-zero when any
# sanitizer reports. Tesseract/OpenMP: OMP_THREAD_LIMIT=1 as everywhere else.
set -euo pipefail
export PATH=/opt/swift/usr/bin:$PATH OMP_THREAD_LIMIT=1
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
MODE="${1:-all}"; shift || true
FILTER=""
if [[ "${1:-}" == --filter ]]; then FILTER="$2"; fi
LOGS="${SANITIZE_LOGS:-/tmp/nutrilens-sanitize}"
# The tests that run scans, OCR engines or barcode reads on several threads at once.
TSAN_FILTER="BatchScan|CorruptFolder|EnginePool|Concurrent|EndToEnd"
mkdir -p "$LOGS"

run_tests() { # sanitizer build-folder default-filter
    local sanitizer="$1" build="$2" filter="${FILTER:-$3}" log="$LOGS/$1.log"
    echo "== swift test --sanitize=$sanitizer ${filter:+--filter $filter} (log $log)"
    local args=(--sanitize="$sanitizer" --build-path "$build" --disable-swift-testing)
    if [[ "$sanitizer" == undefined ]]; then
        # swiftc has no -sanitize=undefined on Linux (Swift code traps on overflow and bounds by itself); UBSan
        # instruments the C we compile (CImageShims) and links clang's runtime.
        args=(--build-path "$build" --disable-swift-testing -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=all
              -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined)
    fi
    [[ -n "$filter" ]] && args+=(--filter "$filter")
    set +e
    # Leaks are the `leak` mode's job: in the XCTest process LeakSanitizer reports the harness's own retained
    # failure messages, runtime metadata and test-side buffers, which drown the signal.
    ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" nice -n 10 swift test "${args[@]}" > "$log" 2>&1
    local rc=$?
    set -e
    grep -E "Executed [0-9]+ tests" "$log" | tail -1 || true
    if grep -qE "ERROR: (Address|Thread|Leak|Undefined)Sanitizer|WARNING: ThreadSanitizer|runtime error:" "$log"; then
        grep -E "SUMMARY|WARNING: ThreadSanitizer|ERROR: .*Sanitizer|runtime error:" "$log" | sort | uniq -c | head -20
        echo "!! $sanitizer: sanitizer reports above" >&2
        return 1
    fi
    [[ $rc -eq 0 ]] || { echo "!! $sanitizer: swift test exited $rc" >&2; tail -20 "$log" >&2; return 1; }
    echo "   clean"
}

# A folder for the long batch: every TestImages photo plus the bad-file kinds of the corrupt-folder test.
batch_folder() {
    local dir="$LOGS/batch"
    rm -rf "$dir"; mkdir -p "$dir"
    cp TestImages/*.jpg TestImages/*.png "$dir/"
    : > "$dir/zero.jpg"
    head -c 3000 TestImages/barcode_ean13.jpg > "$dir/truncated.jpg"
    echo "not an image" > "$dir/notes.jpg"
    printf 'GIF89a\001\000\001\000' > "$dir/anim.gif.jpg"
    echo "$dir"
}

leak_batch() { # binary rounds: one process scanning the folder's files `rounds` times over
    local bin="$1" rounds="$2" dir files=()
    dir=$(batch_folder)
    for ((i = 1; i <= rounds; i++)); do files+=("$dir"/*); done
    # Files named one by one: a folder walk skips files without image magic, and those must be reported too.
    # --no-classifier: it is pure Swift (ARC-managed) and very slow in a debug ASan build; the C objects
    # (ZBar scanners/images, Tesseract APIs, Leptonica pixes) are what this run is about.
    "$bin" scan --jsonl --no-classifier -j 2 "${files[@]}" > "$LOGS/leak-results.jsonl" || true  # exit 1: bad inputs
    echo "scanned ${#files[@]} inputs; $(grep -c '"error"' "$LOGS/leak-results.jsonl" || true) reported an error"
}

leak() {
    local log="$LOGS/leak.log" rounds="${NUTRILENS_LEAK_ROUNDS:-3}"
    echo "== LeakSanitizer: nutrilens scan x$rounds over TestImages + bad files (log $log)"
    nice -n 10 swift build --sanitize=address --build-path .build-asan --product nutrilens > "$log" 2>&1
    set +e
    ASAN_OPTIONS="detect_leaks=1" LSAN_OPTIONS="suppressions=$ROOT/scripts/lsan.supp:print_suppressions=1" \
        leak_batch .build-asan/debug/nutrilens "$rounds" >> "$log" 2>&1
    set -e
    if grep -q "ERROR: LeakSanitizer" "$log"; then
        grep -E "SUMMARY|Direct leak|Indirect leak" "$log" | head -20
        echo "!! leaks reported; see $log" >&2
        return 1
    fi
    grep -E "^scanned" "$log" || true
    grep -A20 "Suppressions used" "$log" | head -20 || true
    echo "   no leaks"
}

status=0
case "$MODE" in
address) run_tests address .build-asan "" || status=1 ;;
thread) run_tests thread .build-tsan "$TSAN_FILTER" || status=1 ;;
undefined) run_tests undefined .build-ubsan "NutriLensImageIOTests|NutriLensReliabilityTests" || status=1 ;;
leak) leak || status=1 ;;
all)
    run_tests address .build-asan "" || status=1
    run_tests thread .build-tsan "$TSAN_FILTER" || status=1
    leak || status=1
    ;;
*) sed -n 2,15p "$0"; exit 2 ;;
esac
exit $status

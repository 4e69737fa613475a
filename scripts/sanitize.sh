#!/usr/bin/env bash
# Sanitizer runs of the test suite and a leak check of a long batch scan (see docs/reliability.md).
#
#   scripts/sanitize.sh [address|thread|undefined|leak|valgrind|all] [--filter REGEX]
#
#   address    swift test --sanitize=address          (build folder .build-asan)
#   thread     swift test --sanitize=thread           (.build-tsan; default filter: the concurrent batch tests)
#   undefined  swift test --sanitize=undefined        (.build-ubsan; Swift's own checks cover overflow/bounds,
#              this instruments the C shims and the C libraries' callbacks into our code)
#   leak       nutrilens built with ASan, LeakSanitizer on, scanning TestImages + a corrupt folder N times
#              (NUTRILENS_LEAK_ROUNDS, default 3)
#   valgrind   the same batch under valgrind memcheck (debug build, slow: one round)
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
mkdir -p "$LOGS"

run_tests() { # sanitizer build-folder default-filter
    local sanitizer="$1" build="$2" filter="${FILTER:-$3}" log="$LOGS/$1.log"
    echo "== swift test --sanitize=$sanitizer ${filter:+--filter $filter} (log $log)"
    local args=(--sanitize="$sanitizer" --build-path "$build" --disable-swift-testing)
    [[ -n "$filter" ]] && args+=(--filter "$filter")
    set +e
    nice -n 10 swift test "${args[@]}" > "$log" 2>&1
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

leak_batch() { # binary rounds
    local bin="$1" rounds="$2" dir
    dir=$(batch_folder)
    for ((i = 1; i <= rounds; i++)); do
        "$bin" scan --format json "$dir" > /dev/null || true   # exit 1 = some inputs failed, as intended
    done
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
    grep -A20 "Suppressions used" "$log" | head -20 || true
    echo "   no leaks"
}

valgrind_batch() {
    local log="$LOGS/valgrind.log"
    echo "== valgrind memcheck: one nutrilens scan over TestImages + bad files (log $log)"
    nice -n 10 swift build --product nutrilens > "$log" 2>&1
    local dir; dir=$(batch_folder)
    set +e
    nice -n 10 valgrind --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 \
        --suppressions="$ROOT/scripts/valgrind.supp" .build/debug/nutrilens scan --format json "$dir" \
        > /dev/null 2>> "$log"
    local rc=$?
    set -e
    grep -E "definitely lost|indirectly lost|ERROR SUMMARY" "$log" | tail -3
    [[ $rc -ne 99 ]] || { echo "!! valgrind reports errors; see $log" >&2; return 1; }
}

status=0
case "$MODE" in
address) run_tests address .build-asan "" || status=1 ;;
thread) run_tests thread .build-tsan "Batch|Concurren" || status=1 ;;
undefined) run_tests undefined .build-ubsan "" || status=1 ;;
leak) leak || status=1 ;;
valgrind) valgrind_batch || status=1 ;;
all)
    run_tests address .build-asan "" || status=1
    run_tests thread .build-tsan "Batch|Concurren" || status=1
    leak || status=1
    ;;
*) sed -n 2,15p "$0"; exit 2 ;;
esac
exit $status

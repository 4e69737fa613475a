#!/usr/bin/env bash
# libFuzzer runs of NutriLens's untrusted-input entry points (see docs/reliability.md).
#
#   scripts/fuzz.sh [TARGET|all] [SECONDS]      targets: image heif webp label-text label-words model ground-truth text-model
#
# Builds Fuzz/nutrilens-fuzz with -sanitize=fuzzer,address into .build-fuzz (the ordinary .build is untouched),
# seeds a corpus under $FUZZ_WORK (default /tmp/nutrilens-fuzz; never inside the repo) from TestImages, the test
# fixtures, ../shared/corpus (when present) and the binary's built-in seeds, then runs each target for SECONDS
# (default 60) at low priority. Crashes land in $FUZZ_WORK/<target>/artifacts/; one summary line per run is
# appended to $FUZZ_WORK/summary.tsv (target, seconds, executions, exec/s, cov, ft, corpus size, new crash files).
#
# Env: FUZZ_WORK, FUZZ_SKIP_BUILD=1 (reuse the binary), FUZZ_RSS_MB (default 2048), FUZZ_TIMEOUT (per input,
# default 10 s), FUZZ_EXTRA (more libFuzzer flags).
set -euo pipefail
export PATH=/opt/swift/usr/bin:$PATH
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TARGET="${1:-all}"
SECONDS_PER_TARGET="${2:-60}"
WORK="${FUZZ_WORK:-/tmp/nutrilens-fuzz}"
SHARED="$ROOT/../shared/corpus"
BUILD="$ROOT/.build-fuzz"
ALL_TARGETS=(image heif webp label-text label-words model ground-truth text-model)

if [[ "$TARGET" == "-h" || "$TARGET" == "--help" ]]; then sed -n 2,15p "$0"; exit 0; fi
if [[ "$TARGET" == all ]]; then TARGETS=("${ALL_TARGETS[@]}"); else TARGETS=("$TARGET"); fi

if [[ "${FUZZ_SKIP_BUILD:-0}" != 1 ]]; then
    (cd "$ROOT" && nice -n 10 swift build -c release --build-path "$BUILD" --product nutrilens-fuzz \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -DNUTRILENS_LIBFUZZER -Xswiftc -parse-as-library \
        -Xcc -fsanitize=fuzzer-no-link,address)
fi
BIN="$BUILD/release/nutrilens-fuzz"
[[ -x "$BIN" ]] || { echo "fuzz binary missing: $BIN" >&2; exit 1; }

# Copies up to $3 files matching find expression $2... from folder $1 into the seed folder $SEEDS.
copy_seeds() {
    local from="$1" limit="$2"; shift 2
    [[ -d "$from" ]] || return 0
    # `head` closing the pipe early must not trip `set -e -o pipefail`.
    { find "$from" -type f "$@" -size -64k 2>/dev/null | sort | head -n "$limit" | while read -r f; do
        cp "$f" "$SEEDS/$(echo "$f" | md5sum | cut -c1-12)-$(basename "$f")"
    done; } || true
}

seed() {
    local target="$1"
    SEEDS="$WORK/$target/seeds"
    rm -rf "$SEEDS"; mkdir -p "$SEEDS" "$WORK/$target/corpus" "$WORK/$target/artifacts"
    case "$target" in
    image)
        copy_seeds "$ROOT/Tests/NutriLensImageIOTests/Fixtures" 200 \( -name '*.jpg' -o -name '*.png' -o -name '*.heic' \
            -o -name '*.webp' \)
        copy_seeds "$ROOT/Tests/NutriLensReliabilityTests/Fixtures/image" 100
        # Full-size photos make slow inputs; thumbnails keep the real encoders' structure (EXIF, progressive...).
        for f in "$ROOT"/TestImages/*.jpg "$ROOT"/TestImages/*.png; do
            [[ -f "$f" ]] || continue
            convert "$f" -resize 48x48 "$SEEDS/thumb-$(basename "$f")" 2>/dev/null || true
        done
        convert "$ROOT/TestImages/barcode_ean13.jpg" -resize 64x64 -interlace JPEG "$SEEDS/progressive.jpg" 2>/dev/null || true
        convert "$ROOT/TestImages/barcode_ean13.jpg" -resize 40x40 -interlace PNG "$SEEDS/adam7.png" 2>/dev/null || true
        copy_seeds "$SHARED/barcodes" 20 \( -name '*.jpg' -o -name '*.png' \)
        ;;
    heif)
        copy_seeds "$ROOT/Tests/NutriLensImageIOTests/Fixtures" 100 -name '*.heic'
        copy_seeds "$ROOT/Tests/NutriLensReliabilityTests/Fixtures/heif" 100
        ;;
    webp)
        copy_seeds "$ROOT/Tests/NutriLensImageIOTests/Fixtures" 100 -name '*.webp'
        copy_seeds "$ROOT/Tests/NutriLensReliabilityTests/Fixtures/webp" 100
        copy_seeds "$SHARED/barcodes" 30 -name '*.webp'
        ;;
    label-text)
        copy_seeds "$SHARED/labels/FoodLabel/ocr/crop_large" 150 -name '*.txt'
        copy_seeds "$ROOT/Tests/NutriLensReliabilityTests/Fixtures/label-text" 100
        printf 'Energy 1046 kJ / 250 kcal\nFat 3,2 g\nof which saturates 1.1 g\nSalt <0.01 g\n' > "$SEEDS/eu.txt"
        printf 'Nutrition Facts\nServing size 2/3 cup (55g)\nCalories 230\nTotal Fat 8g 10%%\nSodium 160mg 7%%\n' > "$SEEDS/us.txt"
        ;;
    label-words)
        copy_seeds "$ROOT/Tests/NutriLensReliabilityTests/Fixtures/label-words" 100
        ;;
    model)
        copy_seeds "$ROOT/Tests/NutriLensReliabilityTests/Fixtures/model" 100
        ;;
    text-model)
        copy_seeds "$ROOT/Tests/NutriLensReliabilityTests/Fixtures/text-model" 100
        ;;
    ground-truth)
        copy_seeds "$ROOT/TestImages" 100 -name '*.json'
        copy_seeds "$SHARED/labels/FoodLabel/gt" 40 -name '*.json'
        copy_seeds "$SHARED" 40 -name '*.json' -path '*barcodes*'
        copy_seeds "$ROOT/Tests/NutriLensReliabilityTests/Fixtures/ground-truth" 100
        ;;
    *) echo "unknown target '$target' (one of: ${ALL_TARGETS[*]})" >&2; exit 2 ;;
    esac
    NUTRILENS_FUZZ_TARGET="$target" NUTRILENS_FUZZ_WRITE_SEEDS="$SEEDS" "$BIN" >/dev/null 2>&1 || true
}

mkdir -p "$WORK"
[[ -f "$WORK/summary.tsv" ]] || printf 'date\ttarget\tseconds\texecs\texec_per_s\tcov\tft\tcorpus\tcrashes\n' > "$WORK/summary.tsv"
status=0
for target in "${TARGETS[@]}"; do
    seed "$target"
    log="$WORK/$target/run-$(date -u +%Y%m%dT%H%M%S).log"
    # Only crash-/timeout-/oom-/leak- files are findings; slow-unit- files (-report_slow_units) are listed apart.
    count_findings() { find "$WORK/$target/artifacts" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | wc -l; }
    before=$(count_findings)
    echo "== $target: ${SECONDS_PER_TARGET}s, seeds $(ls "$WORK/$target/seeds" | wc -l), log $log"
    set +e
    # shellcheck disable=SC2086
    NUTRILENS_FUZZ_TARGET="$target" ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" nice -n 15 "$BIN" \
        -max_total_time="$SECONDS_PER_TARGET" -rss_limit_mb="${FUZZ_RSS_MB:-2048}" -timeout="${FUZZ_TIMEOUT:-10}" \
        -max_len=65536 -print_final_stats=1 -artifact_prefix="$WORK/$target/artifacts/" ${FUZZ_EXTRA:-} \
        "$WORK/$target/corpus" "$WORK/$target/seeds" > "$log" 2>&1
    rc=$?
    set -e
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
    rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
    last=$(grep -E '^#[0-9]+' "$log" | tail -1)
    cov=$(echo "$last" | grep -o 'cov: [0-9]*' | grep -o '[0-9]*' || echo '?')
    ft=$(echo "$last" | grep -o 'ft: [0-9]*' | grep -o '[0-9]*' || echo '?')
    corpus=$(ls "$WORK/$target/corpus" | wc -l)
    crashes=$(( $(count_findings) - before ))
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$target" "$SECONDS_PER_TARGET" "$execs" \
        "$rate" "$cov" "$ft" "$corpus" "$crashes" | tee -a "$WORK/summary.tsv"
    if [[ $rc -ne 0 ]]; then
        echo "!! $target exited $rc; see $log and $WORK/$target/artifacts/" >&2
        grep -E 'ERROR|SUMMARY|nutrilens-fuzz|Fatal error|Test unit written' "$log" | head -20 >&2
        status=1
    fi
done
exit $status

#!/bin/sh
# Runs the label grammar over text dumps (scripts/dump-label-text.py) of the shared label photos, one field TSV per
# engine and per engine with a second engine's reading, for scripts/grammar-report.py and scripts/fit-review-model.py.
# Usage: scripts/grammar-dump-runs.sh DUMPS OUT [ENGINE...]   (DUMPS/ENGINE/labels holds each engine's dumps;
#        default engines: the folders present of v6tiny v4 tesseract; second readings pair each with tesseract, and
#        tesseract with v6tiny). Needs a built test bundle: swift build --build-tests.
set -eu
dumps=$1; out=$2; shift 2
engines=${*:-}
[ -n "$engines" ] || for e in v6tiny v4 tesseract; do [ -d "$dumps/$e/labels" ] && engines="$engines $e"; done
mkdir -p "$out"
run() { # name dumps [second]
    if [ -n "${3:-}" ]; then
        NUTRILENS_LINE_DUMPS=$2 NUTRILENS_SECOND_DUMPS=$3 NUTRILENS_DUMP_FIELDS=$out/$1.tsv \
            swift test --skip-build --disable-swift-testing --filter LineDumpEvaluationTests 2>&1 | grep "overall recall"
    else
        NUTRILENS_LINE_DUMPS=$2 NUTRILENS_DUMP_FIELDS=$out/$1.tsv \
            swift test --skip-build --disable-swift-testing --filter LineDumpEvaluationTests 2>&1 | grep "overall recall"
    fi
}
for e in $engines; do
    echo "$e:"; run "$e" "$dumps/$e/labels"
    second=tesseract; [ "$e" = tesseract ] && second=v6tiny
    if [ -d "$dumps/$second/labels" ]; then echo "$e+$second:"; run "$e+$second" "$dumps/$e/labels" "$dumps/$second/labels"; fi
done

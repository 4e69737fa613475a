#!/usr/bin/env bash
# Shows that NutriLens works as a versioned SwiftPM dependency, the way Swift apps depend on libraries: a clone of
# this repository's HEAD is tagged 1.0.0 in a temporary folder, and a tiny consumer package that depends on it with
# `.package(url: "file://…", from: "1.0.0")` resolves and builds. (A target with `unsafeFlags` fails this at once:
# SwiftPM refuses unsafe build flags in a versioned dependency.) The consumer's main.swift is README.md's library
# snippet, which must compile as top-level code without warnings; a second file names `OCRStrategy` through the
# NutriLensOCR product. Commit first: only HEAD is checked. Exit 0 when it builds clean.
#
# Usage: scripts/check-versioned-dependency.sh [--keep]   (--keep leaves the temporary folder for inspection)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
root=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/nutrilens-dependency.XXXXXX")
if [[ "${1:-}" != "--keep" ]]; then trap 'rm -rf "$work"' EXIT; fi

git clone --quiet --no-hardlinks "$root" "$work/nutrilens"
git -C "$work/nutrilens" tag -l | xargs -r git -C "$work/nutrilens" tag -d >/dev/null
git -C "$work/nutrilens" tag 1.0.0

mkdir -p "$work/consumer/Sources/Consumer"
cat > "$work/consumer/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Consumer",
    dependencies: [.package(url: "file://$work/nutrilens", from: "1.0.0")],
    targets: [
        .executableTarget(name: "Consumer", dependencies: [
            .product(name: "NutriLens", package: "nutrilens"),
            .product(name: "NutriLensOCR", package: "nutrilens"),
        ]),
    ]
)
EOF
# README.md's library snippet: the first swift block after the "Library API" heading.
awk '/^## Library API/ { section = 1 } section && /^```swift/ { block = 1; next } block && /^```/ { exit } block { print }' \
    README.md > "$work/consumer/Sources/Consumer/main.swift"
[[ -s "$work/consumer/Sources/Consumer/main.swift" ]] || { echo "no swift block under '## Library API' in README.md" >&2; exit 1; }
cat > "$work/consumer/Sources/Consumer/Strategy.swift" <<'EOF'
import NutriLens
import NutriLensOCR

/// The latency preset with a tighter later-reading gate: an OCR strategy is a value an app sets field by field.
func latencyFirst() -> ScannerConfiguration {
    var configuration = ScannerConfiguration.fast
    configuration.ocr.laterReadingGate = LaterReadingGate(workLimit: 400)
    configuration.ocr.readOptions.tableReread = .never
    return configuration
}
EOF

cd "$work/consumer"
if ! swift build > build.log 2>&1; then
    cat build.log >&2
    echo "FAILED: the tagged clone does not build as a from: dependency (log above)" >&2
    exit 1
fi
if grep -E "Sources/Consumer/.*(warning|error):" build.log >&2; then
    echo "FAILED: the README snippet or the consumer compiles with warnings (above)" >&2
    exit 1
fi
echo "ok: $(grep -c . Sources/Consumer/main.swift)-line README snippet built without warnings against NutriLens 1.0.0 from a file:// clone"

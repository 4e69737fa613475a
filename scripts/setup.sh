#!/usr/bin/env bash
# Installs the Debian packages NutriLens needs to build, test and run. Idempotent: skips apt when all are present.
set -euo pipefail
PACKAGES=(
  pkg-config libjpeg-dev libpng-dev libheif-dev libwebp-dev libzbar-dev libtesseract-dev libleptonica-dev libopenblas-dev
  tesseract-ocr-eng tesseract-ocr-osd tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-spa tesseract-ocr-ita
  tesseract-ocr-nld tesseract-ocr-pol tesseract-ocr-por tesseract-ocr-swe tesseract-ocr-dan tesseract-ocr-fin
)
# `--tests` (scripts/test.sh): also what the test suite drives as subprocesses. Headless Chromium renders
# `eval --html` in HTMLReportBrowserTests (the test skips, naming the package, where it is absent).
[[ "${1:-}" == "--tests" ]] && PACKAGES+=(chromium)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "setup: installing ${missing[*]}" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
command -v swift >/dev/null || { echo "setup: swift toolchain not on PATH (expected Swift 6.x, e.g. /opt/swift/usr/bin)" >&2; exit 1; }

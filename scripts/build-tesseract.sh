#!/usr/bin/env bash
# Opt-in, ~10-15 min on 2 cores: rebuilds Debian's own Tesseract source package (the same 5.3.0 as libtesseract5) with
# -O3, link-time optimisation and -fno-semantic-interposition, and installs it under PREFIX (default /usr/local), where
# the dynamic linker and pkg-config find it before Debian's copy in /usr/lib. NutriLens (and /usr/bin/tesseract) then
# run it without being rebuilt. Why: Debian builds with -O2 and calls across Tesseract's own files go through the PLT
# (StrideMap bookkeeping alone was ~9 % of the LSTM's samples); this build reads the same words with ~0.78x the OCR CPU
# (docs/speed.md, "Session 7"). It also defines TESSERACT_IMAGEDATA_AS_PIX (line images stay Pix; CTesseractLineImages
# then has nothing to do) and leaves out OpenMP, ScrollView graphics, libcurl and libarchive, which NutriLens never uses.
#   bash scripts/build-tesseract.sh              build and install
#   bash scripts/build-tesseract.sh --uninstall  remove it again (Debian's library is used from then on)
set -euo pipefail
PREFIX=${PREFIX:-/usr/local}
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
if [ "${1:-}" = "--uninstall" ]; then
  $SUDO rm -f "$PREFIX"/lib/libtesseract.* "$PREFIX"/lib/pkgconfig/tesseract.pc "$PREFIX"/bin/tesseract
  $SUDO rm -rf "$PREFIX"/include/tesseract
  $SUDO ldconfig
  echo "build-tesseract: removed from $PREFIX" >&2
  exit 0
fi
version=$(dpkg-query -W -f='${Version}' libtesseract-dev 2>/dev/null || true)
[ -n "$version" ] || { echo "build-tesseract: run scripts/setup.sh first (libtesseract-dev is not installed)" >&2; exit 1; }
upstream=${version#*:}; upstream=${upstream%%-*}

# Debian's source repository for this release, if apt has none yet.
if ! apt-get source --print-uris "tesseract=$version" >/dev/null 2>&1; then
  codename=$(. /etc/os-release; echo "$VERSION_CODENAME")
  printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    "$codename" | $SUDO tee /etc/apt/sources.list.d/nutrilens-deb-src.sources >/dev/null
  $SUDO apt-get update -qq
fi
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
  autoconf automake libtool make g++ pkg-config libleptonica-dev >&2

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
# apt checks the files against the signed Release file's hashes.
apt-get source --download-only "tesseract=$version" >&2
tar xzf "tesseract_${upstream}.orig.tar.gz"
cd "tesseract-${upstream}"
./autogen.sh >/dev/null
./configure --prefix="$PREFIX" --disable-tessdata-prefix --disable-openmp --disable-graphics --disable-doc --disable-static \
  --without-curl --without-archive \
  CXXFLAGS="-O3 -g0 -flto=auto -fno-semantic-interposition -DTESSERACT_IMAGEDATA_AS_PIX -DTESSDATA_PREFIX='\"/usr/share/tesseract-ocr/5\"'" \
  LDFLAGS="-flto=auto" >/dev/null
make -j"$(nproc)" >/dev/null
$SUDO make install >/dev/null
$SUDO ldconfig
echo "build-tesseract: Tesseract $upstream installed in $PREFIX/lib; programs now load $(ldconfig -p | grep -m1 'libtesseract.so.5 ' | sed 's/.*=> //')" >&2

#!/usr/bin/env bash
# The README's test command: set up the machine, then build and run the whole test suite.
#
# In release (-c release, with testable imports, as SwiftPM builds tests): the classifier's forward passes and the OCR
# loop in a debug build made the suite several times slower, and no module may carry an optimisation flag of its own
# (unsafeFlags would stop the package from resolving as a versioned dependency).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --tests
export OMP_THREAD_LIMIT=1
read -r -a NATIVE <<< "$(scripts/native-flags.sh)"   # AVX2 machines: the same code the main job runs
swift build -c release --build-tests -Xswiftc -enable-testing "${NATIVE[@]}"
swift test -c release --skip-build --disable-swift-testing -Xswiftc -enable-testing "${NATIVE[@]}"

#!/usr/bin/env bash
# The README's test command: set up the machine, then build and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export OMP_THREAD_LIMIT=1
swift build --build-tests
swift test --skip-build --disable-swift-testing

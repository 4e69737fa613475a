#!/usr/bin/env bash
# Prints the extra `swift build` / `swift test` arguments the README's scripts build with on this machine.
#
# On an x86-64 CPU with AVX2, FMA, BMI1/2, F16C, MOVBE and LZCNT (Intel Haswell and later, AMD Zen) the Swift code is
# compiled for it (`-target-cpu haswell`): the neural reader's epilogues, depthwise rows and line cropping run 8 floats
# wide instead of SSE2's 4. Session 16 on the 128 shared label photos: the same fields on every photo, the OCR stage's
# CPU 0.905x per photo (median; 0.888x summed), the whole test suite passing (docs/text.md, "Native build").
# Elsewhere (other CPUs, arm64) nothing is printed: Swift's default target. NUTRILENS_PORTABLE_BUILD=1 prints nothing
# too, for a binary meant to run on other x86-64 machines. Package.swift carries no such flag (unsafeFlags would stop
# the package from resolving as a dependency), so apps that link the library choose their own target.
set -euo pipefail
[[ "${NUTRILENS_PORTABLE_BUILD:-0}" == "1" ]] && exit 0
[[ "$(uname -m)" == "x86_64" && -r /proc/cpuinfo ]] || exit 0
flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
for feature in avx2 fma bmi1 bmi2 f16c movbe abm; do
  [[ "$flags" == *" $feature "* ]] || exit 0
done
echo "-Xswiftc -target-cpu -Xswiftc haswell"

// nutrilens-bench: one subcommand per benchmark family, each in its own file.
//   swift run -c release nutrilens-bench kernels [--reps N] [--only NAME] [--size WxH]
//       SIMD kernels vs scalar reference vs Leptonica
// Other families (decode, ...) add a case here and a file of their own.

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "kernels":
    KernelBenchmarks.run(arguments: Array(arguments.dropFirst()))
default:
    print("usage: nutrilens-bench <kernels> [options]")
    print("  kernels [--reps N] [--only NAME] [--size WxH]  SIMD kernels vs scalar reference vs Leptonica (default 3000x4000)")
}

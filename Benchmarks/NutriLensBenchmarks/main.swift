import Foundation
import NutriLens

// Subcommands: `ocr` (OCRBenchmark.swift).
let benchArgs = Array(CommandLine.arguments.dropFirst())
switch benchArgs.first {
case "ocr": try OCRBenchmark.run(Array(benchArgs.dropFirst()))
default: print("usage: nutrilens-bench ocr --help")
}

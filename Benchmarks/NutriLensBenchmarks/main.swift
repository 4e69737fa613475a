import Foundation
import NutriLens

let benchArgs = Array(CommandLine.arguments.dropFirst())
switch benchArgs.first {
case "barcodes":
    try BarcodeBenchmark.run(Array(benchArgs.dropFirst()))
default:
    print("usage: nutrilens-bench barcodes [CORPUS] [--no-zbarimg] [--no-zxing] [--findall] [--verbose]")
}

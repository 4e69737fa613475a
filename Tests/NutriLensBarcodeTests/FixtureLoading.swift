import Foundation
import NutriLensImageIO
import NutriLensImaging
import XCTest

/// Grey pixels of a committed fixture (`Fixtures/<name>`, made by `scripts/make_barcode_fixtures.py`).
func fixture(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> GrayImage {
    let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil),
                            "missing fixture \(name)", file: file, line: line)
    return try ImageDecoder.decode(contentsOf: url, options: DecodeOptions(wantColor: false)).image.grayscale
}

/// Mean of a polygon's corners.
func centroid(_ polygon: [PixelPoint]) -> PixelPoint {
    let n = Double(max(polygon.count, 1))
    return PixelPoint(x: polygon.map(\.x).reduce(0, +) / n, y: polygon.map(\.y).reduce(0, +) / n)
}

func distance(_ a: PixelPoint, _ b: PixelPoint) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

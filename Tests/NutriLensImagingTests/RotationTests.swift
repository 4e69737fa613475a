import XCTest
@testable import NutriLensImaging

final class RotationTests: XCTestCase {
    let geometries = oddGeometries + [(w: 48, h: 32, pad: 0), (w: 37, h: 50, pad: 3), (w: 100, h: 17, pad: 1)]

    func testQuarterTurnsEqualReference() {
        for (i, g) in geometries.enumerated() {
            let img = randomGray(g.w, g.h, padding: g.pad, seed: UInt64(i + 800))
            for turn in QuarterTurn.allCases {
                let r = img.rotated(by: turn)
                XCTAssertEqual(pixelRows(r), pixelRows(ScalarReference.rotated(img, by: turn)), "\(g) \(turn)")
            }
        }
    }

    func testFourClockwiseTurnsAreIdentity() {
        let img = randomGray(37, 50, padding: 3, seed: 9)
        var r = img
        for _ in 0..<4 { r = r.rotated(by: .clockwise) }
        XCTAssertEqual(pixelRows(r), pixelRows(img))
        XCTAssertEqual(pixelRows(img.rotated(by: .clockwise).rotated(by: .clockwise)),
                       pixelRows(img.rotated(by: .halfTurn)))
        XCTAssertEqual(QuarterTurn(clockwiseQuarterTurns: -1), .counterClockwise)
        XCTAssertEqual(QuarterTurn(clockwiseQuarterTurns: 6), .halfTurn)
    }

    func testClockwiseMovesPixelToExpectedPlace() {
        // A single black pixel at (x 30, y 5) of a 40x20 image: clockwise it lands at (20 - 1 - 5, 30) = (14, 30).
        var img = GrayImage(width: 40, height: 20)
        img[30, 5] = 0
        let cw = img.rotated(by: .clockwise)
        XCTAssertEqual(cw.width, 20)
        XCTAssertEqual(cw.height, 40)
        XCTAssertEqual(cw[14, 30], 0)
        XCTAssertEqual(cw.pixels.filter { $0 == 0 }.count, 1)
        let ccw = img.rotated(by: .counterClockwise)
        XCTAssertEqual(ccw[5, 40 - 1 - 30], 0)
        XCTAssertEqual(img.rotated(by: .halfTurn)[9, 14], 0)
    }

    func testArbitraryAngleEqualsReference() throws {
        for (i, g) in geometries.enumerated() {
            let img = randomGray(g.w, g.h, padding: g.pad, seed: UInt64(i + 900))
            for (deg, expand) in [(3.0, false), (-7.5, false), (30, true), (45, true), (-123, true)] {
                XCTAssertEqual(pixelRows(try img.rotated(byDegrees: deg, expand: expand)),
                               pixelRows(try ScalarReference.rotated(img, byDegrees: deg, expand: expand)),
                               "\(g) \(deg)")
            }
        }
    }

    func testRotationMappingLocatesAPixelInTheSource() throws {
        // A dark 3x3 dot at (60, 20) of a white 100x80 image, rotated 30 degrees on an expanded canvas: the darkest
        // output pixel must map back to within a pixel of (61, 21).
        var img = GrayImage(width: 100, height: 80)
        for y in 20...22 { for x in 60...62 { img[x, y] = 0 } }
        let rotated = try img.rotated(byDegrees: 30, expand: true)
        let mapping = try img.rotationMapping(byDegrees: 30, expand: true)
        XCTAssertEqual(mapping.outputWidth, rotated.width)
        XCTAssertEqual(mapping.outputHeight, rotated.height)
        var best = (x: 0, y: 0, v: UInt8.max)
        for y in 0..<rotated.height { for x in 0..<rotated.width where rotated[x, y] < best.v { best = (x, y, rotated[x, y]) } }
        let p = mapping.sourcePoint(x: Double(best.x), y: Double(best.y))
        XCTAssertEqual(p.x, 61, accuracy: 1)
        XCTAssertEqual(p.y, 21, accuracy: 1)
        // Counter-clockwise: a point right of centre moves up, i.e. the dot's output row is above its input row
        // relative to the centres.
        XCTAssertLessThan(Double(best.y) - Double(rotated.height - 1) / 2, 21 - 39.5)
    }

    func testArbitraryAngleDirectionSizeAndFill() throws {
        let img = randomGray(37, 21, padding: 2, seed: 3)
        XCTAssertEqual(pixelRows(try img.rotated(byDegrees: 0)), pixelRows(img))
        // Positive angles turn counter-clockwise: 90 degrees with an expanded canvas is the exact quarter turn.
        XCTAssertEqual(pixelRows(try img.rotated(byDegrees: 90, expand: true)),
                       pixelRows(img.rotated(by: .counterClockwise)))
        let r45 = try GrayImage(width: 100, height: 100, fill: 0).rotated(byDegrees: 45, expand: true)
        XCTAssertEqual(r45.width, 142)
        XCTAssertEqual(r45[0, 0], 255)          // corner outside the source: white fill
        XCTAssertEqual(r45[71, 71], 0)          // centre stays black
        XCTAssertThrowsError(try img.rotated(byDegrees: .infinity))
    }
}

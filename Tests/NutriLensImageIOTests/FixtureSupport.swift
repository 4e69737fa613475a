import Foundation
import XCTest
import NutriLensImaging
@testable import NutriLensImageIO

/// Fixture access and pixel assertions shared by the ImageIO tests.
enum Fixture {
    static func url(_ name: String) -> URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures").appendingPathComponent(name)
    }

    static func decode(_ name: String, options: DecodeOptions = DecodeOptions()) throws -> DecodedPhoto {
        try ImageDecoder.decode(contentsOf: url(name), options: options)
    }

    /// Colours of the generator's 2x2 grid (make_jpeg.c QUAD_RGB, make_png.py): top-left, top-right,
    /// bottom-left, bottom-right.
    static let quadRGB: [(UInt8, UInt8, UInt8)] = [(200, 40, 40), (40, 160, 60), (40, 60, 200), (230, 210, 50)]
    /// Grey levels of the JPEG generator's grey grid (make_jpeg.c QUAD_GRAY).
    static let quadGray: [UInt8] = [40, 100, 160, 220]
}

/// Centres of the four quadrants of a `width` x `height` image, in grid order.
func quadrantCentres(width: Int, height: Int) -> [(x: Int, y: Int)] {
    [(width / 4, height / 4), (3 * width / 4, height / 4), (width / 4, 3 * height / 4), (3 * width / 4, 3 * height / 4)]
}

func colorImage(_ photo: DecodedPhoto, file: StaticString = #filePath, line: UInt = #line) -> RGBImage? {
    guard case .color(let image) = photo.image else {
        XCTFail("expected a colour image, got grey", file: file, line: line)
        return nil
    }
    return image
}

func grayImage(_ photo: DecodedPhoto, file: StaticString = #filePath, line: UInt = #line) -> GrayImage? {
    guard case .gray(let image) = photo.image else {
        XCTFail("expected a grey image, got colour", file: file, line: line)
        return nil
    }
    return image
}

/// Asserts each quadrant centre of `image` is within `tolerance` of `expected` in every channel.
func assertQuadrants(_ image: RGBImage, _ expected: [(UInt8, UInt8, UInt8)], tolerance: Int,
                     _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    for (i, p) in quadrantCentres(width: image.width, height: image.height).enumerated() {
        let got = image.rgba(x: p.x, y: p.y)
        let want = expected[i]
        let diff = max(abs(Int(got.r) - Int(want.0)), abs(Int(got.g) - Int(want.1)), abs(Int(got.b) - Int(want.2)))
        XCTAssertLessThanOrEqual(diff, tolerance,
                                 "\(message) quadrant \(i) at (\(p.x),\(p.y)): got \(got), want \(want)",
                                 file: file, line: line)
    }
}

func assertQuadrants(_ image: GrayImage, _ expected: [UInt8], tolerance: Int,
                     _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    for (i, p) in quadrantCentres(width: image.width, height: image.height).enumerated() {
        let got = image[p.x, p.y]
        XCTAssertLessThanOrEqual(abs(Int(got) - Int(expected[i])), tolerance,
                                 "\(message) quadrant \(i) at (\(p.x),\(p.y)): got \(got), want \(expected[i])",
                                 file: file, line: line)
    }
}

/// Asserts that `body` throws exactly `expected`.
func assertThrows(_ expected: ImageDecodingError, file: StaticString = #filePath, line: UInt = #line,
                  _ body: () throws -> Any) {
    do {
        _ = try body()
        XCTFail("expected \(expected), decoding succeeded", file: file, line: line)
    } catch let error as ImageDecodingError {
        XCTAssertEqual(error, expected, file: file, line: line)
    } catch {
        XCTFail("expected ImageDecodingError, got \(error)", file: file, line: line)
    }
}

/// The ImageDecodingError thrown by `body`, or nil (with a failure) when it succeeds or throws something else.
func decodingError(file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> Any) -> ImageDecodingError? {
    do {
        _ = try body()
        XCTFail("expected an ImageDecodingError, decoding succeeded", file: file, line: line)
    } catch let error as ImageDecodingError {
        return error
    } catch {
        XCTFail("expected ImageDecodingError, got \(error)", file: file, line: line)
    }
    return nil
}

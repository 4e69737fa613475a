import Foundation
import NutriLensImageIO
import NutriLensImaging
@testable import NutriLensOCR
import XCTest

/// A rendered fixture and its ground truth (see Fixtures/README.md).
struct RenderedLabel {
    struct Word: Decodable { var text: String; var box: [Int]; var line: Int }
    struct Meta: Decodable { var width: Int; var height: Int; var font: String; var xHeight: Int; var words: [Word] }

    var image: GrayImage
    var meta: Meta

    static func load(_ name: String) throws -> RenderedLabel {
        let png = try XCTUnwrap(Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Fixtures"))
        let json = try XCTUnwrap(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"))
        let meta = try JSONDecoder().decode(Meta.self, from: Data(contentsOf: json))
        return RenderedLabel(image: try decodeGray(png.path), meta: meta)
    }

    /// Ground-truth words with boxes as PixelRect.
    var words: [(text: String, box: PixelRect)] {
        meta.words.map { ($0.text, PixelRect(x: $0.box[0], y: $0.box[1], width: $0.box[2], height: $0.box[3])) }
    }
}

/// Decodes a PNG/JPEG to grey, as the scanner does.
func decodeGray(_ path: String) throws -> GrayImage {
    var options = DecodeOptions()
    options.wantColor = false
    return try ImageDecoder.decode(contentsOf: URL(fileURLWithPath: path), options: options).image.grayscale
}

/// `image` turned clockwise by `quarterTurns` × 90° (exact pixel permutation).
func rotate(_ image: GrayImage, quarterTurns: Int) -> GrayImage {
    image.rotated(by: QuarterTurn(clockwiseQuarterTurns: quarterTurns))
}

/// A box in an image of size `w`×`h` after the image is turned clockwise by `quarterTurns`.
func rotate(_ r: PixelRect, width w: Int, height h: Int, quarterTurns: Int) -> PixelRect {
    let t = ImageTransform(originalWidth: w, originalHeight: h, uprightTurns: quarterTurns)
    return t.originalToUpright(r)
}

/// Matches ground-truth words to OCR words and returns the ground-truth words left unmatched.
///
/// An OCR word matches the ground-truth words whose boxes lie inside it (± `tolerance`) when their texts,
/// concatenated left to right, equal its text and their union box equals its box (every edge ± `tolerance`).
/// So "7.1g" read for the printed "7.1 g" (Tesseract joins a value and its unit across a thin space) matches
/// both "7.1" and "g", with exact geometry; "12g" for "1.2 g" matches neither.
func unmatched(_ truth: [(text: String, box: PixelRect)], in words: [OCRWord], tolerance: Int) -> [(text: String, box: PixelRect)] {
    var matched = Set<Int>()
    for w in words {
        let inside = truth.indices.filter { i in
            let b = truth[i].box
            return b.x >= w.box.x - tolerance && b.maxX <= w.box.maxX + tolerance
                && b.y >= w.box.y - tolerance && b.maxY <= w.box.maxY + tolerance
        } // ground truth is in reading order, also when the image (and so x) is turned
        guard let first = inside.first else { continue }
        let union = inside.dropFirst().reduce(truth[first].box) { $0.union(truth[$1].box) }
        let sameBox = abs(w.box.x - union.x) <= tolerance && abs(w.box.y - union.y) <= tolerance
            && abs(w.box.maxX - union.maxX) <= tolerance && abs(w.box.maxY - union.maxY) <= tolerance
        if sameBox && inside.map({ truth[$0].text }).joined() == w.text { matched.formUnion(inside) }
    }
    return truth.indices.filter { !matched.contains($0) }.map { truth[$0] }
}

/// One reader per language set for the whole test run (model load ~0.2 s each). The label's languages come first:
/// with `eng` first, "Énergie" and "Nährwertangaben" lose their diacritics (measured on label_de_fr).
enum SharedReaders {
    static let english: NutritionOCR = try! NutritionOCR(poolCapacity: 2)
    static let europe: NutritionOCR = try! NutritionOCR(configuration: OCRConfiguration(languages: try! OCRLanguages("fra+deu+eng")),
                                                       poolCapacity: 1)
}


extension OCRReadOptions {
    /// The default options without a time budget: what a read returns must not depend on how loaded the machine
    /// running the tests is (a debug build under load can spend the default 5 s before the last pass).
    /// `TimeBudgetTests` tests the budget itself.
    static let unlimited: OCRReadOptions = {
        var options = OCRReadOptions()
        options.timeBudget = nil
        return options
    }()
}

/// The rendered medium label pasted at (`x`, `y`) into a white 1500×1300 canvas under a paragraph of ingredients text
/// (pasted at 40, 30): the canvas, the label, and where it lies on the canvas.
func labelUnderIngredients(x: Int, y: Int) throws -> (GrayImage, RenderedLabel, PixelRect) {
    let label = try RenderedLabel.load("label_en_dejavu_medium")
    let para = try RenderedLabel.load("paragraph_ingredients")
    var canvas = GrayImage(width: 1500, height: 1300)
    func paste(_ img: GrayImage, _ ox: Int, _ oy: Int) {
        for r in 0..<img.height { for c in 0..<img.width { canvas[ox + c, oy + r] = img[c, r] } }
    }
    paste(para.image, 40, 30)
    paste(label.image, x, y)
    return (canvas, label, PixelRect(x: x, y: y, width: label.image.width, height: label.image.height))
}

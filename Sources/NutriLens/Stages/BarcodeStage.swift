import NutriLensBarcode
import NutriLensImaging

/// Adapter over `NutriLensBarcode`: working image → barcodes in original-image coordinates.
struct BarcodeStage: Sendable {
    static let isAvailable = true
    let reader: BarcodeReader

    init(configuration: ScannerConfiguration) throws {
        reader = BarcodeReader(options: BarcodeReadOptions(timeBudget: configuration.barcodeTimeBudget))
        do { try reader.options.validate() } catch let error as BarcodeError {
            throw ScanError.setup(stage: "barcode", message: error.description)
        }
    }

    /// - Throws: `ScanError.stageFailed(stage: "barcode")` when ZBar cannot run or the image is over its limit.
    func read(_ working: WorkingImage) throws -> [ScannedBarcode] {
        let found: [Barcode]
        do {
            found = try reader.read(working.image.grayscale, toOriginal: .scale(working.scaleToOriginal))
        } catch let error as BarcodeError {
            throw ScanError.stageFailed(stage: "barcode", message: error.description)
        }
        return found.map { b in
            let r = b.bounds
            let box = b.polygon.isEmpty ? nil
                : PixelRect(x: Int(r.minX.rounded(.down)), y: Int(r.minY.rounded(.down)),
                            width: Int((r.maxX - r.minX).rounded(.up)), height: Int((r.maxY - r.minY).rounded(.up)))
            return ScannedBarcode(symbology: b.symbology.rawValue, text: b.text, gtin: b.gtin, addOn: b.addOn, box: box,
                                  quality: b.quality, confidence: ScanResultJSON.rounded(b.confidence, decimals: 3))
        }
    }
}

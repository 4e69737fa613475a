import Foundation
import NutriLensBarcode
import NutriLensImaging

/// Adapter over `NutriLensBarcode`: working image → barcodes in original-image coordinates.
struct BarcodeStage: Sendable {
    let reader: BarcodeReader
    /// The ladder's budget in seconds of the reference machine (`ScannerConfiguration.barcodeTimeBudget`).
    let budget: Double

    init(configuration: ScannerConfiguration) throws {
        budget = configuration.barcodeTimeBudget
        reader = BarcodeReader(options: BarcodeReadOptions(timeBudget: budget, readsDataBar: configuration.readsDataBar))
        do { try reader.options.validate() } catch let error as BarcodeError {
            throw ScanError.setup(stage: "barcode", message: error.description)
        }
    }

    /// Barcodes found, plus a warning when the ladder found nothing and stopped at its budget with steps left: the
    /// reader stops quietly there, so without it "no barcode" and "gave up early" would look the same to the user.
    /// - Throws: `ScanError.stageFailed(stage: "barcode")` when ZBar cannot run or the image is over its limit.
    func read(_ working: WorkingImage) throws -> (barcodes: [ScannedBarcode], warning: ScanWarning?) {
        let search: BarcodeSearch
        do {
            search = try reader.search(working.gray, toOriginal: .scale(working.scaleToOriginal))
        } catch let error as BarcodeError {
            throw ScanError.stageFailed(stage: "barcode", message: error.description)
        }
        let warning = search.barcodes.isEmpty && search.stoppedByBudget ? ScanWarning.barcodeBudget(budget) : nil
        return (search.barcodes.map(Self.scanned), warning)
    }

    private static func scanned(_ b: Barcode) -> ScannedBarcode {
        let r = b.bounds
        let box = b.polygon.isEmpty ? nil
            : PixelRect(x: Int(r.minX.rounded(.down)), y: Int(r.minY.rounded(.down)),
                        width: Int((r.maxX - r.minX).rounded(.up)), height: Int((r.maxY - r.minY).rounded(.up)))
        return ScannedBarcode(symbology: b.symbology.rawValue, text: b.text, gtin: b.gtin, addOn: b.addOn, box: box,
                              quality: b.quality, confidence: ScanResultJSON.rounded(b.confidence, decimals: 3))
    }
}

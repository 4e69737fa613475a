import CZBar
import NutriLensImaging

/// One symbol exactly as ZBar reported it, in the coordinates of the image ZBar scanned.
struct ZBarSymbol: Sendable, Equatable {
    var symbology: Symbology
    var text: String
    /// EAN-2/EAN-5 supplement when ZBar merged it into a composite with this symbol.
    var addOn: String?
    /// Scanline hit positions (1D) or corner points (QR), in the scanned image's pixels.
    var points: [PixelPoint]
    /// ZBar's quality: number of scanlines that decoded this exact text.
    var quality: Int
    var orientation: BarcodeOrientation
}

/// An EAN-2/EAN-5 add-on ZBar reported on its own (not merged into a composite).
struct ZBarAddOn: Sendable, Equatable {
    var text: String
    var points: [PixelPoint]
}

/// Owns one `zbar_image_scanner_t` configured for food-packaging symbologies. Not thread-safe: use one per thread
/// (creation costs a few microseconds; `BarcodeReader` makes one per `read` call).
final class ZBarImageScanner {
    private let scanner: OpaquePointer

    /// Symbologies enabled; everything else (Code 39, Codabar, PDF417, ISBN-10/13 re-labelling, ...) stays off.
    /// UPC-A and UPC-E are enabled on purpose: with them off ZBar re-labels both as EAN-13 (and expands UPC-E),
    /// losing the symbology as printed (bug case 19/20). ISBN-10/13 off keeps Bookland EAN-13 as EAN-13 (case 22).
    private static let enabled: [zbar_symbol_type_t] = [
        ZBAR_EAN13, ZBAR_EAN8, ZBAR_UPCA, ZBAR_UPCE, ZBAR_EAN2, ZBAR_EAN5, ZBAR_I25, ZBAR_CODE128, ZBAR_QRCODE,
    ]

    /// - Parameters:
    ///   - lineSpacing: ZBar scans every `lineSpacing`-th row and column (`ZBAR_CFG_X/Y_DENSITY`; 1 = every line, as
    ///     the ladder needs for its scanline counts; more is a cheaper, coarser sweep).
    ///   - dataBar: also decode GS1 DataBar and DataBar Expanded. Debian's libzbar is built without `NDEBUG`, and its
    ///     DataBar decoder prints `WARNING: decoder/databar.c:1265: ... Assertion "seg->finder >= 0" failed` on the
    ///     process's stderr whenever a recycled segment is paired (mchehab/zbar#177; content-dependent, no setting
    ///     avoids it), so it runs only when asked.
    init(lineSpacing: Int = 1, dataBar: Bool = false) throws {
        guard let s = zbar_image_scanner_create() else { throw BarcodeError.zbarUnavailable }
        scanner = s
        zbar_image_scanner_set_config(s, ZBAR_NONE, ZBAR_CFG_X_DENSITY, Int32(lineSpacing))
        zbar_image_scanner_set_config(s, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, Int32(lineSpacing))
        zbar_image_scanner_set_config(s, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        for type in Self.enabled + (dataBar ? [ZBAR_DATABAR, ZBAR_DATABAR_EXP] : []) {
            zbar_image_scanner_set_config(s, type, ZBAR_CFG_ENABLE, 1)
        }
        zbar_image_scanner_set_config(s, ZBAR_ISBN10, ZBAR_CFG_ENABLE, 0)
        zbar_image_scanner_set_config(s, ZBAR_ISBN13, ZBAR_CFG_ENABLE, 0)
        // Only ITF-14: shorter Interleaved 2 of 5 runs are found in random texture far too easily.
        zbar_image_scanner_set_config(s, ZBAR_I25, ZBAR_CFG_MIN_LEN, 14)
        zbar_image_scanner_set_config(s, ZBAR_I25, ZBAR_CFG_MAX_LEN, 14)
        zbar_image_scanner_set_config(s, ZBAR_NONE, ZBAR_CFG_POSITION, 1)
        // Plain image mode: no inter-frame result cache (it would hide repeats between ladder steps).
        zbar_image_scanner_enable_cache(s, 0)
    }

    deinit { zbar_image_scanner_destroy(scanner) }

    /// Scans `image` once. ZBar reads the pixel buffer in place (Y800 = 8-bit grey, no copy); a padded image
    /// (`stride > width`) is packed first because Y800 has no stride.
    func scan(_ image: GrayImage) throws -> (symbols: [ZBarSymbol], addOns: [ZBarAddOn]) {
        let img = image.packed()
        guard let zimg = zbar_image_create() else { throw BarcodeError.zbarUnavailable }
        defer { zbar_image_destroy(zimg) }
        zbar_image_set_format(zimg, Self.y800)
        zbar_image_set_size(zimg, UInt32(img.width), UInt32(img.height))
        return img.pixels.withUnsafeBufferPointer { buf -> ([ZBarSymbol], [ZBarAddOn]) in
            // No cleanup handler: Swift owns the buffer, and it is detached again before this closure returns so
            // ZBar never holds the pointer past its lifetime.
            zbar_image_set_data(zimg, buf.baseAddress, UInt(img.width * img.height), nil)
            defer { zbar_image_set_data(zimg, nil, 0, nil) }
            guard zbar_scan_image(scanner, zimg) > 0 else { return ([], []) }
            var symbols: [ZBarSymbol] = [], addOns: [ZBarAddOn] = []
            var sym = zbar_image_first_symbol(zimg)
            while let s = sym {
                Self.collect(s, into: &symbols, addOns: &addOns)
                sym = zbar_symbol_next(s)
            }
            return (symbols, addOns)
        }
    }

    private static let y800: UInt = UInt(UInt8(ascii: "Y")) | UInt(UInt8(ascii: "8")) << 8
        | UInt(UInt8(ascii: "0")) << 16 | UInt(UInt8(ascii: "0")) << 24

    private static func text(of s: OpaquePointer) -> String {
        let len = Int(zbar_symbol_get_data_length(s))
        guard len > 0, let data = zbar_symbol_get_data(s) else { return "" }
        return data.withMemoryRebound(to: UInt8.self, capacity: len) {
            String(decoding: UnsafeBufferPointer(start: $0, count: len), as: UTF8.self)
        }
    }

    private static func points(of s: OpaquePointer) -> [PixelPoint] {
        let n = zbar_symbol_get_loc_size(s)
        return (0..<n).map { PixelPoint(x: Double(zbar_symbol_get_loc_x(s, $0)), y: Double(zbar_symbol_get_loc_y(s, $0))) }
    }

    private static func collect(_ s: OpaquePointer, into symbols: inout [ZBarSymbol], addOns: inout [ZBarAddOn]) {
        let type = zbar_symbol_get_type(s)
        let text = text(of: s)
        if type == ZBAR_EAN2 || type == ZBAR_EAN5 {
            addOns.append(ZBarAddOn(text: text, points: points(of: s)))
            return
        }
        if type == ZBAR_COMPOSITE, let set = zbar_symbol_get_components(s) {
            // A composite is main symbol + add-on; report the main symbol with the add-on attached.
            var main: ZBarSymbol?
            var addOn: String?
            var c = zbar_symbol_set_first_symbol(set)
            while let comp = c {
                let ct = zbar_symbol_get_type(comp)
                if ct == ZBAR_EAN2 || ct == ZBAR_EAN5 { addOn = Self.text(of: comp) }
                else if let sym = symbol(comp) { main = sym }
                c = zbar_symbol_next(comp)
            }
            if var m = main { m.addOn = addOn; symbols.append(m) }
            return
        }
        if let sym = symbol(s) { symbols.append(sym) }
    }

    private static func symbol(_ s: OpaquePointer) -> ZBarSymbol? {
        let text = text(of: s)
        guard let symbology = Symbology(zbar: zbar_symbol_get_type(s), textLength: text.count) else { return nil }
        return ZBarSymbol(symbology: symbology, text: text, addOn: nil, points: points(of: s),
                          quality: Int(zbar_symbol_get_quality(s)),
                          orientation: BarcodeOrientation(zbar: zbar_symbol_get_orientation(s).rawValue))
    }
}

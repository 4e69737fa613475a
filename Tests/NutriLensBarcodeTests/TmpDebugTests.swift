import XCTest
import NutriLensImageIO
@testable import NutriLensBarcode
final class TmpDebugTests: XCTestCase {
    func testDump() throws {
        let img = try ImageDecoder.decode(contentsOf: URL(fileURLWithPath: "/work/shared/corpus/barcodes/zxing/upca-2/38.png"), options: DecodeOptions(wantColor: false)).image.grayscale
        let s = try ZBarImageScanner().scan(img)
        for sym in s.symbols + (try ZBarImageScanner().scan(try fixture("upce_01234565.png"))).symbols { print("DUMP", sym.symbology, sym.quality, sym.orientation, BoundingBox(sym.points), sym.points, QuietZone.isClear(sym, in: img)) }
    }
}

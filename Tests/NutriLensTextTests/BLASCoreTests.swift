import Foundation
import XCTest
import NutriLensText

/// `BLASCore.loadedCoreType` names the kernels OpenBLAS runs: the variable's when `OPENBLAS_CORETYPE` is set.
final class BLASCoreTests: XCTestCase {
    #if os(Linux)
    func testOpenBLASReportsItsLoadedCoreType() throws {
        let name = try XCTUnwrap(BLASCore.loadedCoreType)
        XCTAssertFalse(name.isEmpty)
        XCTAssertNotEqual(name.lowercased(), "unknown")
        if let forced = ProcessInfo.processInfo.environment["OPENBLAS_CORETYPE"], !forced.isEmpty {
            XCTAssertEqual(name.lowercased(), forced.lowercased())
        }
    }
    #endif
}

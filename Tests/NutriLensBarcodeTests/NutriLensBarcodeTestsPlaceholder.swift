import XCTest
@testable import NutriLensBarcode
final class NutriLensBarcodeSmokeTests: XCTestCase {
    func testModuleLoads() {}
}

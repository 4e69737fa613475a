import XCTest
@testable import NutriLensOCR
final class NutriLensOCRSmokeTests: XCTestCase {
    func testModuleLoads() {}
}

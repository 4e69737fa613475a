import XCTest
@testable import NutriLensImaging
final class NutriLensImagingSmokeTests: XCTestCase {
    func testModuleLoads() {}
}

import XCTest
@testable import NutriLensLabel
final class NutriLensLabelSmokeTests: XCTestCase {
    func testModuleLoads() {}
}

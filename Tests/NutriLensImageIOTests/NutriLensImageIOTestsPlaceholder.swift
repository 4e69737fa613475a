import XCTest
@testable import NutriLensImageIO
final class NutriLensImageIOSmokeTests: XCTestCase {
    func testModuleLoads() {}
}

import XCTest
@testable import NutriLens
final class NutriLensSmokeTests: XCTestCase {
    func testModuleLoads() {}
}

import XCTest
@testable import NutriLensClassifier
final class NutriLensClassifierSmokeTests: XCTestCase {
    func testModuleLoads() {}
}

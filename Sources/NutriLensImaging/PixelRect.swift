/// An axis-aligned rectangle in pixel coordinates (top-left origin, x right, y down).
public struct PixelRect: Sendable, Equatable, Hashable, Codable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// One past the right-most column.
    public var maxX: Int { x + width }
    /// One past the bottom row.
    public var maxY: Int { y + height }
}

/// A point in pixel coordinates (top-left origin), possibly sub-pixel.
public struct PixelPoint: Sendable, Equatable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// An axis-aligned rectangle in pixel coordinates (top-left origin, x right, y down).
public struct PixelRect: Sendable, Equatable, Hashable, Codable {
    /// Left column, pixels from the image's left edge (0-based; a crop must have `0 <= x`).
    public var x: Int
    /// Top row, pixels from the image's top edge (0-based; a crop must have `0 <= y`).
    public var y: Int
    /// Width in pixels; `0` or less is an empty rectangle (kernels throw `ImagingError.cropOutOfBounds` for one).
    public var width: Int
    /// Height in pixels; `0` or less is an empty rectangle.
    public var height: Int

    /// `x`, `y`: top-left corner in pixels; `width`, `height`: size in pixels. Not checked here: a kernel given a
    /// rectangle that is empty or leaves its image throws `ImagingError.cropOutOfBounds`.
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
    /// Horizontal position in pixels from the left edge (fractional: sub-pixel).
    public var x: Double
    /// Vertical position in pixels from the top edge (fractional: sub-pixel).
    public var y: Double
    /// `x`, `y`: pixels from the top-left corner, any finite value (a point may lie outside the image).
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

import NutriLensImaging

/// Maps coordinates of a working image (rotated upright, cropped, scaled) back to the original image.
///
/// Working image = `scale` × (crop at `origin` of (original rotated by `uprightTurns` clockwise quarter turns)).
struct ImageTransform: Sendable, Equatable {
    /// Original image size.
    var originalWidth: Int
    var originalHeight: Int
    /// Clockwise quarter turns applied to the original to make it upright (0...3).
    var uprightTurns: Int = 0
    /// Crop origin in upright full-resolution pixels.
    var originX: Double = 0
    var originY: Double = 0
    /// Working pixels per upright full-resolution pixel, horizontally and vertically (they differ by the
    /// rounding of the scaled size).
    var scaleX: Double = 1
    var scaleY: Double = 1

    /// Mean of the two axis scales.
    var scale: Double { (scaleX + scaleY) / 2 }

    /// Size of the upright full-resolution image.
    var uprightWidth: Int { uprightTurns % 2 == 0 ? originalWidth : originalHeight }
    var uprightHeight: Int { uprightTurns % 2 == 0 ? originalHeight : originalWidth }

    /// Working point -> original point.
    func toOriginal(_ u: Double, _ v: Double) -> PixelPoint {
        let x = originX + u / scaleX, y = originY + v / scaleY
        let w = Double(originalWidth), h = Double(originalHeight)
        // Undo a clockwise rotation by `uprightTurns`: CW maps (x, y) -> (H - y, x) for source height H.
        switch uprightTurns {
        case 1: return PixelPoint(x: y, y: h - x)
        case 2: return PixelPoint(x: w - x, y: h - y)
        case 3: return PixelPoint(x: w - y, y: x)
        default: return PixelPoint(x: x, y: y)
        }
    }

    /// Working rectangle -> original rectangle (rounded outwards, clipped to the original).
    func toOriginal(_ r: PixelRect) -> PixelRect {
        let a = toOriginal(Double(r.x), Double(r.y)), b = toOriginal(Double(r.maxX), Double(r.maxY))
        let x0 = max(0, Int(min(a.x, b.x).rounded(.down))), y0 = max(0, Int(min(a.y, b.y).rounded(.down)))
        let x1 = min(originalWidth, Int(max(a.x, b.x).rounded(.up))), y1 = min(originalHeight, Int(max(a.y, b.y).rounded(.up)))
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// Upright full-resolution rectangle -> original rectangle.
    func uprightToOriginal(_ r: PixelRect) -> PixelRect {
        var t = self
        t.originX = 0; t.originY = 0; t.scaleX = 1; t.scaleY = 1
        return t.toOriginal(r)
    }

    /// Original rectangle -> upright full-resolution rectangle.
    func originalToUpright(_ r: PixelRect) -> PixelRect { inverseRotation.toOriginal(r) }

    /// Original point -> upright full-resolution point.
    func originalToUpright(_ p: PixelPoint) -> PixelPoint { inverseRotation.toOriginal(p.x, p.y) }

    /// The inverse of a clockwise turn by q is a clockwise turn by 4 - q on the rotated size.
    private var inverseRotation: ImageTransform {
        ImageTransform(originalWidth: uprightWidth, originalHeight: uprightHeight, uprightTurns: (4 - uprightTurns) % 4)
    }
}

extension PageOrientation {
    /// The rectangle `(x, y, width, height)`, in pixels of a `imageWidth`×`imageHeight` image whose content is
    /// turned by this orientation (``OCRPage/orientation``), on the upright page (the image turned back, so
    /// `imageHeight`×`imageWidth` for a quarter turn). Exact for axis-aligned rectangles; fractional pixels allowed.
    /// Lets a caller put ``OCRWord/box`` on the page as read without re-deriving the quarter-turn arithmetic.
    public func uprightRect(x: Double, y: Double, width: Double, height: Double,
                            imageWidth: Int, imageHeight: Int) -> (x: Double, y: Double, width: Double, height: Double) {
        let t = ImageTransform(originalWidth: imageWidth, originalHeight: imageHeight, uprightTurns: (4 - quarterTurns) % 4)
        return Self.bounds(t.originalToUpright(PixelPoint(x: x, y: y)),
                           t.originalToUpright(PixelPoint(x: x + width, y: y + height)))
    }

    /// Inverse of ``uprightRect(x:y:width:height:imageWidth:imageHeight:)``: a rectangle on the upright page back in
    /// the pixels of the `imageWidth`×`imageHeight` image as given.
    public func imageRect(fromUpright x: Double, y: Double, width: Double, height: Double,
                          imageWidth: Int, imageHeight: Int) -> (x: Double, y: Double, width: Double, height: Double) {
        let t = ImageTransform(originalWidth: imageWidth, originalHeight: imageHeight, uprightTurns: (4 - quarterTurns) % 4)
        return Self.bounds(t.toOriginal(x, y), t.toOriginal(x + width, y + height))
    }

    private static func bounds(_ a: PixelPoint, _ b: PixelPoint) -> (x: Double, y: Double, width: Double, height: Double) {
        (min(a.x, b.x), min(a.y, b.y), abs(b.x - a.x), abs(b.y - a.y))
    }
}

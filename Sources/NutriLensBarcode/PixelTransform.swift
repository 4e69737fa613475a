import NutriLensImaging

/// An affine map between pixel coordinate systems: `x' = a x + b y + tx`, `y' = c x + d y + ty`.
///
/// The reader hands ZBar derived images (downscaled, rotated, tiles); each carries the transform from its pixels to
/// the caller's original image so every reported polygon is in ORIGINAL pixel coordinates. Callers that pass a
/// resized/cropped photo give the transform from that image back to the photo they care about.
public struct PixelTransform: Sendable, Equatable, Hashable {
    /// The matrix `[a b; c d]` (unitless: pixels of the target per pixel of the source) and the shift `tx`, `ty` in
    /// target pixels.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// `a`, `b`, `c`, `d`: the linear part; `tx`, `ty`: the shift in target pixels (any finite values).
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The identity map.
    public static let identity = PixelTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Scales both axes by `factor` (e.g. 2 maps a half-size image's points to full size).
    public static func scale(_ factor: Double) -> PixelTransform {
        PixelTransform(a: factor, b: 0, c: 0, d: factor, tx: 0, ty: 0)
    }

    /// Shifts by (`dx`, `dy`) pixels.
    public static func translation(dx: Double, dy: Double) -> PixelTransform {
        PixelTransform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }

    /// Maps `p`.
    public func apply(_ p: PixelPoint) -> PixelPoint {
        PixelPoint(x: a * p.x + b * p.y + tx, y: c * p.x + d * p.y + ty)
    }

    /// `self` after `inner`: `(self ∘ inner)(p) == self.apply(inner.apply(p))`.
    public func concatenating(_ inner: PixelTransform) -> PixelTransform {
        PixelTransform(a: a * inner.a + b * inner.c, b: a * inner.b + b * inner.d,
                       c: c * inner.a + d * inner.c, d: c * inner.b + d * inner.d,
                       tx: a * inner.tx + b * inner.ty + tx, ty: c * inner.tx + d * inner.ty + ty)
    }

    /// The inverse map, or `nil` when the transform is singular.
    public var inverted: PixelTransform? {
        let det = a * d - b * c
        guard abs(det) > 1e-12 else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return PixelTransform(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ib * ty), ty: -(ic * tx + id * ty))
    }
}

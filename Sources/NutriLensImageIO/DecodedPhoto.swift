import NutriLensImaging

/// A decoded photo with what is needed to map its pixels back to the file.
public struct DecodedPhoto: Sendable, Equatable {
    /// The pixels: `.gray` for grey sources or `wantColor == false`, otherwise `.color` with `.rgb` layout (alpha
    /// already flattened). Upright when `DecodeOptions.applyOrientation` was set.
    public var image: DecodedImage
    /// Container format the bytes were in.
    public var format: ImageFormat
    /// EXIF orientation tag of the source, 1...8 (1 when absent or invalid). When orientation was applied, `image`
    /// is already upright and this only records what the file said.
    public var orientation: Int
    /// Width in pixels of the upright image at full scale (what a viewer shows), whether or not it was downscaled.
    public var fullWidth: Int
    /// Height in pixels of the upright image at full scale.
    public var fullHeight: Int
    /// Decoded size over full size, `image.width / fullWidth` in (0, 1]; 1 when decoded at full scale.
    public var scale: Double
    /// Non-fatal library reports (e.g. "Corrupt JPEG data: 3 extraneous bytes before marker 0xd9"); pixels are
    /// intact when decoding returned at all.
    public var warnings: [String]

    /// Memberwise; decoders fill every field, callers building test doubles can too.
    /// `image` and `format` as decoded; `orientation`: EXIF tag 1...8; `fullWidth`, `fullHeight`: upright full-scale
    /// pixels; `scale`: decoded over full size, in (0, 1]; `warnings`: the library's non-fatal messages.
    public init(image: DecodedImage, format: ImageFormat, orientation: Int, fullWidth: Int, fullHeight: Int,
                scale: Double, warnings: [String] = []) {
        self.image = image
        self.format = format
        self.orientation = orientation
        self.fullWidth = fullWidth
        self.fullHeight = fullHeight
        self.scale = scale
        self.warnings = warnings
    }
}

/// What `ImageDecoder.readHeader` learns without decoding pixels.
public struct ImageHeader: Sendable, Equatable {
    /// Container format.
    public var format: ImageFormat
    /// Stored width in pixels (before orientation).
    public var width: Int
    /// Stored height in pixels (before orientation).
    public var height: Int
    /// EXIF orientation 1...8 (1 when absent).
    public var orientation: Int

    /// Memberwise.
    /// `format`; `width`, `height`: stored pixels before orientation; `orientation`: EXIF tag 1...8.
    public init(format: ImageFormat, width: Int, height: Int, orientation: Int) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
    }

    /// Width of the upright image: `height` for orientations 5...8 (a quarter turn), else `width`.
    public var uprightWidth: Int { Orientation(exif: orientation).swapsAxes ? height : width }
    /// Height of the upright image.
    public var uprightHeight: Int { Orientation(exif: orientation).swapsAxes ? width : height }
}

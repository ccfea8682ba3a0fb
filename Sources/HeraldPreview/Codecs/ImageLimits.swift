/// How much a preview may cost: checked against the file size and the header's dimensions
/// before any pixel is decoded, so a decompression bomb is refused without allocating.
///
/// ```swift
/// let image = try ImageDecoder.decode(data, limits: ImageLimits(maxPixels: 1 << 20))
/// ```
public struct ImageLimits: Sendable, Hashable {
    /// Largest file read (Apple's image attachment limit is 10 MB).
    public var maxFileBytes: Int
    /// Largest width × height decoded (4 bytes each in memory).
    public var maxPixels: Int
    /// Largest width or height.
    public var maxDimension: Int

    public init(maxFileBytes: Int = 16 << 20, maxPixels: Int = 16 << 20, maxDimension: Int = 16_384) {
        self.maxFileBytes = maxFileBytes
        self.maxPixels = maxPixels
        self.maxDimension = maxDimension
    }

    /// 16 MB files, 16 Mpixel images (64 MB decoded), 16,384 pixels a side.
    public static let standard = ImageLimits()

    /// Throws `tooLarge` unless `width`×`height` is within the limits (and not empty).
    func check(width: Int, height: Int) throws {
        guard width > 0, height > 0 else { throw PreviewError.corrupt("empty image (\(width)×\(height))") }
        guard width <= maxDimension, height <= maxDimension, width * height <= maxPixels else {
            throw PreviewError.tooLarge(width: width, height: height, limit: maxPixels)
        }
    }
}

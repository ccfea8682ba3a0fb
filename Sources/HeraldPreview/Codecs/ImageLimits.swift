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
    /// Most scans of a JPEG (a baseline one has 1 to 4, a progressive photo about 10; libjpeg-turbo's
    /// own limit is 500).
    public var maxScans: Int
    /// Most decoding work of a JPEG: scans × the frame's pixels (each scan is a pass over the
    /// whole picture). 512 M: 32 scans of the largest picture, 500 of a 1 Mpixel one.
    public var maxScanWork: Int
    /// Most seconds `AttachmentPreviewer.render(_:limits:)` waits for one picture (decoding and
    /// drawing) before giving it up (`PreviewDeadline`).
    public var maxSeconds: Double

    public init(maxFileBytes: Int = 16 << 20, maxPixels: Int = 16 << 20, maxDimension: Int = 16_384,
                maxScans: Int = 500, maxScanWork: Int = 512 << 20, maxSeconds: Double = 10) {
        self.maxFileBytes = maxFileBytes
        self.maxPixels = maxPixels
        self.maxDimension = maxDimension
        self.maxScans = maxScans
        self.maxScanWork = maxScanWork
        self.maxSeconds = maxSeconds
    }

    /// 16 MB files, 16 Mpixel images (64 MB decoded), 16,384 pixels a side; JPEGs of at most 500
    /// scans and 512 M pixels decoded over all scans; 10 s for a picture.
    public static let standard = ImageLimits()

    /// The most scans a JPEG frame of `width` × `height` may have: `maxScans`, fewer for a
    /// picture so large that `maxScanWork` comes first (at least 4, a baseline file's most).
    func scansAllowed(width: Int, height: Int) -> Int {
        min(maxScans, max(4, maxScanWork / max(1, width * height)))
    }

    /// Throws `tooLarge` unless `width`×`height` is within the limits (and not empty).
    func check(width: Int, height: Int) throws {
        guard width > 0, height > 0 else { throw PreviewError.corrupt("empty image (\(width)×\(height))") }
        guard width <= maxDimension, height <= maxDimension, width * height <= maxPixels else {
            throw PreviewError.tooLarge(width: width, height: height, limit: maxPixels)
        }
    }
}

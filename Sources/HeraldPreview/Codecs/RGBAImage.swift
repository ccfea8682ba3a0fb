import HeraldCore

/// Decoded pixels: `width × height`, four bytes each (red, green, blue, alpha, not premultiplied),
/// rows top to bottom without padding.
///
/// ```swift
/// let red = RGBAImage(width: 1, height: 1, pixels: [255, 0, 0, 255])
/// ```
public struct RGBAImage: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBAImage: pixels must hold width × height × 4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The part inside a normalised rectangle (0…1 each; Apple's thumbnail clipping rect), at
    /// least one pixel. A rectangle outside the image leaves it whole.
    public func clipped(to rect: NormalizedRect) -> RGBAImage {
        let x0 = min(width - 1, max(0, Int((rect.x * Double(width)).rounded(.down))))
        let y0 = min(height - 1, max(0, Int((rect.y * Double(height)).rounded(.down))))
        let x1 = min(width, max(x0 + 1, Int(((rect.x + rect.width) * Double(width)).rounded(.up))))
        let y1 = min(height, max(y0 + 1, Int(((rect.y + rect.height) * Double(height)).rounded(.up))))
        guard rect.width > 0, rect.height > 0, x0 < x1, y0 < y1, (x0, y0, x1, y1) != (0, 0, width, height) else {
            return self
        }
        var out: [UInt8] = []
        out.reserveCapacity((x1 - x0) * (y1 - y0) * 4)
        for y in y0..<y1 {
            let start = (y * width + x0) * 4
            out += pixels[start..<start + (x1 - x0) * 4]
        }
        return RGBAImage(width: x1 - x0, height: y1 - y0, pixels: out)
    }
}

/// A rectangle in 0…1 coordinates of an image (origin top left), as in Apple's
/// `UNNotificationAttachmentOptionsThumbnailClippingRectKey`.
///
/// ```swift
/// let topHalf = NormalizedRect(x: 0, y: 0, width: 1, height: 0.5)
/// ```
public struct NormalizedRect: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

extension NormalizedRect {
    /// Reads a `CGRectCreateDictionaryRepresentation`-shaped dictionary (`X`, `Y`, `Width`,
    /// `Height`, numbers in 0…1). `nil` when a key is missing, not a number, or the rectangle
    /// is empty or outside 0…1.
    public init?(dictionary: [String: JSONValue]) {
        guard let x = dictionary["X"]?.doubleValue, let y = dictionary["Y"]?.doubleValue,
              let width = dictionary["Width"]?.doubleValue, let height = dictionary["Height"]?.doubleValue,
              x >= 0, y >= 0, width > 0, height > 0, x + width <= 1.000_001, y + height <= 1.000_001 else { return nil }
        self.init(x: x, y: y, width: width, height: height)
    }
}

import Foundation

/// The `image-data` hint: `(iiibiiay)` — width, height, rowstride, has alpha, bits per sample,
/// channels, pixel bytes — checked for consistency and size.
struct RawImage: Sendable, Equatable {
    static let maxSide = 4096
    static let maxBytes = 16 << 20

    var width: Int
    var height: Int
    var rowstride: Int
    var hasAlpha: Bool
    var channels: Int
    var pixels: Data

    init(hint: String, _ value: DBusValue) throws {
        guard case .structure(let fields) = value, fields.count == 7,
              let width = fields[0].integer, let height = fields[1].integer, let rowstride = fields[2].integer,
              let hasAlpha = fields[3].boolean, let bits = fields[4].integer, let channels = fields[5].integer,
              case .bytes(let pixels) = fields[6] else {
            throw DBusCallError.invalidArgs("hint \(hint) must be (iiibiiay)")
        }
        guard (1...Int64(Self.maxSide)).contains(width), (1...Int64(Self.maxSide)).contains(height) else {
            throw DBusCallError.invalidArgs("hint \(hint) is \(width)×\(height); each side must be 1–\(Self.maxSide)")
        }
        guard bits == 8 else { throw DBusCallError.invalidArgs("hint \(hint) has \(bits) bits per sample; only 8 is supported") }
        guard channels == (hasAlpha ? 4 : 3) else {
            throw DBusCallError.invalidArgs("hint \(hint) has \(channels) channels; it must be \(hasAlpha ? 4 : 3)")
        }
        guard rowstride >= width * channels, rowstride <= width * channels + 64 else {
            throw DBusCallError.invalidArgs("hint \(hint) rowstride \(rowstride) does not fit width \(width)")
        }
        guard pixels.count <= Self.maxBytes else {
            throw DBusCallError.invalidArgs("hint \(hint) is \(pixels.count) bytes; the limit is \(Self.maxBytes) bytes")
        }
        let needed = Int(rowstride) * Int(height - 1) + Int(width * channels)
        guard pixels.count >= needed else {
            throw DBusCallError.invalidArgs("hint \(hint) has \(pixels.count) bytes; \(width)×\(height) needs \(needed)")
        }
        self.width = Int(width)
        self.height = Int(height)
        self.rowstride = Int(rowstride)
        self.hasAlpha = hasAlpha
        self.channels = Int(channels)
        self.pixels = pixels
    }

    /// The image as a PNG file's bytes.
    func png() -> Data {
        PNGEncoder.encode(width: width, height: height, channels: channels, rowstride: rowstride, pixels: pixels)
    }
}

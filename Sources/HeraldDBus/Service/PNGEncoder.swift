import Foundation

/// Writes 8-bit RGB or RGBA pixels as a PNG: filter 0 on every row, zlib with stored (not
/// compressed) deflate blocks, CRC-32 per chunk and Adler-32 over the data. Simple and exact;
/// the files are as large as the pixels, which is fine for notification icons.
enum PNGEncoder {
    static func encode(width: Int, height: Int, channels: Int, rowstride: Int, pixels: Data) -> Data {
        var raw = Data(capacity: (width * channels + 1) * height)
        pixels.withUnsafeBytes { bytes in
            for row in 0..<height {
                raw.append(0)
                let start = row * rowstride
                raw.append(contentsOf: bytes[start..<(start + width * channels)])
            }
        }
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, channels == 4 ? 6 : 2, 0, 0, 0])
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", zlibStored(raw), to: &png)
        appendChunk("IEND", Data(), to: &png)
        return png
    }

    /// A zlib stream of stored deflate blocks (at most 65,535 bytes each).
    static func zlibStored(_ data: Data) -> Data {
        var out = Data([0x78, 0x01])
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let isLast = offset + length >= data.count
            out.append(isLast ? 1 : 0)
            out.append(UInt8(length & 0xFF))
            out.append(UInt8(length >> 8))
            out.append(UInt8(~length & 0xFF))
            out.append(UInt8((~length >> 8) & 0xFF))
            out.append(data[data.startIndex + offset ..< data.startIndex + offset + length])
            offset += length
        } while offset < data.count
        out.appendBigEndian(adler32(data))
        return out
    }

    static func appendChunk(_ type: String, _ body: Data, to png: inout Data) {
        png.appendBigEndian(UInt32(body.count))
        let typed = Data(type.utf8) + body
        png.append(typed)
        png.appendBigEndian(crc32(typed))
    }

    static func adler32(_ data: Data) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}

extension Data {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }
}

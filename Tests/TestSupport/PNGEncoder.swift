import Foundation

/// A minimal PNG writer for test fixtures: 8-bit RGBA, no filtering, the image data in
/// *stored* (uncompressed) deflate blocks, with the CRC-32 of every chunk and the Adler-32 of
/// the zlib stream computed here. No library involved, so a test of the decoder does not use
/// the decoder's own library to make its input.
///
/// ```swift
/// let png = PNGEncoder.encode(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 0, 255, 255])
/// try png.write(to: url)
/// ```
public enum PNGEncoder {
    /// A PNG of `width × height` RGBA pixels (`rgba.count == width * height * 4`).
    public static func encode(width: Int, height: Int, rgba: [UInt8]) -> Data {
        precondition(rgba.count == width * height * 4, "PNGEncoder: rgba must hold width × height × 4 bytes")
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 4 + 1))
        for y in 0..<height {
            raw.append(0)   // filter: none
            raw += rgba[(y * width * 4)..<((y + 1) * width * 4)]
        }
        var header: [UInt8] = []
        header += bigEndian(UInt32(width))
        header += bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]   // 8 bits, RGBA, deflate, no filter method, no interlace
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("IHDR", header)
        out += chunk("IDAT", zlibStored(raw))
        out += chunk("IEND", [])
        return Data(out)
    }

    /// A valid 1×1 PNG (one opaque pixel): an attachment that is a picture, where its pixels do
    /// not matter.
    public static var onePixel: Data { encode(width: 1, height: 1, rgba: [0, 128, 255, 255]) }

    /// A PNG whose header claims `width × height` but carries one row of data (for
    /// "decompression bomb" and truncation tests).
    public static func headerOnly(width: Int, height: Int) -> Data {
        var header: [UInt8] = []
        header += bigEndian(UInt32(width))
        header += bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("IHDR", header)
        out += chunk("IDAT", zlibStored([0, 1, 2, 3, 4]))
        out += chunk("IEND", [])
        return Data(out)
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    /// A zlib stream of stored deflate blocks (at most 65,535 bytes each).
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let isLast: UInt8 = offset + length >= data.count ? 1 : 0
            out.append(isLast)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<offset + length]
            offset += length
        } while offset < data.count
        return out + bigEndian(adler32(data))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}

/// How many scans a JPEG file holds, read from its markers alone (no pixel is decoded).
///
/// A progressive JPEG is decoded scan by scan, each one a pass over every block of the picture
/// however few bytes it takes (an end-of-band run covers thousands of blocks in two bytes): a
/// 9 MB file of 170,000 tiny scans costs minutes. `JPEGCodec` reads this first and refuses a
/// file whose scans or decoding work are over `ImageLimits`, whatever the installed
/// libturbojpeg can limit itself.
///
/// ```swift
/// let structure = JPEGStructure(bytes)
/// structure.scans          // 10 for a typical progressive photo, 1 for a baseline one
/// ```
struct JPEGStructure: Sendable, Hashable {
    /// Start-of-scan markers met before the end of the image (or of the bytes).
    var scans = 0

    /// Walks the markers of `bytes` (which start with `FF D8`); stops at the end-of-image
    /// marker, at the end of the bytes, at a marker segment that runs past them, or once more
    /// than `stopAfterScans` scans were counted (no need to count further).
    init(_ bytes: UnsafeBufferPointer<UInt8>, stopAfterScans: Int = .max) {
        var index = 2   // after SOI
        let count = bytes.count
        while index + 1 < count {
            // A marker: 0xFF, any number of 0xFF fill bytes, then its code.
            guard bytes[index] == 0xFF else { index += 1; continue }
            var codeIndex = index + 1
            while codeIndex < count, bytes[codeIndex] == 0xFF { codeIndex += 1 }
            guard codeIndex < count else { return }
            let code = bytes[codeIndex]
            index = codeIndex + 1
            switch code {
            case 0x00, 0x01, 0xD0...0xD7:
                continue   // a stuffed byte, TEM or a restart marker: no segment
            case 0xD9:
                return   // EOI
            default:
                break
            }
            guard index + 1 < count else { return }
            let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
            guard length >= 2, index + length <= count else { return }
            index += length
            if code == 0xDA {
                scans += 1
                if scans > stopAfterScans { return }
                index = Self.endOfEntropyData(bytes, from: index)
            }
        }
    }

    /// Where the entropy-coded data after a scan header ends: at the first 0xFF that starts a
    /// marker other than a restart (`FF 00` is a stuffed data byte, `FF D0`…`FF D7` restarts).
    private static func endOfEntropyData(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        let count = bytes.count
        while index + 1 < count {
            if bytes[index] == 0xFF {
                let next = bytes[index + 1]
                if next != 0x00 && next != 0xFF && !(0xD0...0xD7).contains(next) { return index }
            }
            index += 1
        }
        return count
    }
}

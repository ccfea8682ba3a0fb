/// Pixels of the preview tests' picture: four flat quadrants — red, green (top), blue, white
/// (bottom) — `size × size` pixels, opaque. Flat 8×8-aligned blocks survive JPEG and fit a
/// four-colour GIF palette, so all three formats decode to the same colours.
///
/// ```swift
/// let rgba = PreviewFixtures.quadrants(size: 16)
/// ```
public enum PreviewFixtures {
    public static let palette: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]

    /// The palette index of each pixel, row by row.
    public static func quadrantIndices(size: Int) -> [UInt8] {
        var indices: [UInt8] = []
        indices.reserveCapacity(size * size)
        for y in 0..<size {
            for x in 0..<size { indices.append(UInt8((y < size / 2 ? 0 : 2) + (x < size / 2 ? 0 : 1))) }
        }
        return indices
    }

    /// RGBA bytes of the picture.
    public static func quadrants(size: Int) -> [UInt8] {
        quadrantIndices(size: size).flatMap { index -> [UInt8] in
            let color = palette[Int(index)]
            return [color.0, color.1, color.2, 255]
        }
    }
}

extension PreviewFixtures {
    /// A progressive JPEG (`jpeg`, as libturbojpeg writes one) whose last scan is repeated until
    /// the file holds `scans` scans: the decoder makes a pass over the whole picture for each,
    /// however few bytes it takes. The shape of a decoding bomb, for the scan limit's tests.
    public static func repeatingLastScan(of jpeg: [UInt8], untilScans scans: Int) -> [UInt8] {
        var starts: [Int] = []
        var index = 2
        while index + 3 < jpeg.count, jpeg[index] == 0xFF {
            let code = jpeg[index + 1]
            if code == 0xD9 { break }
            let length = Int(jpeg[index + 2]) << 8 | Int(jpeg[index + 3])
            if code == 0xDA {
                starts.append(index)
                index += 2 + length
                // Entropy-coded data: up to the next 0xFF that is not a stuffed byte or a restart.
                while index + 1 < jpeg.count,
                      !(jpeg[index] == 0xFF && jpeg[index + 1] != 0x00 && !(0xD0...0xD7).contains(jpeg[index + 1])) {
                    index += 1
                }
            } else {
                index += 2 + length
            }
        }
        guard let last = starts.last, index + 1 < jpeg.count, jpeg[index + 1] == 0xD9 else {
            preconditionFailure("not a JPEG whose scans end with an end-of-image marker")
        }
        let lastScan = jpeg[last..<index]
        var out = Array(jpeg[..<index])
        out.reserveCapacity(out.count + lastScan.count * max(0, scans - starts.count) + 2)
        for _ in starts.count..<max(starts.count, scans) { out += lastScan }
        return out + [0xFF, 0xD9]
    }
}

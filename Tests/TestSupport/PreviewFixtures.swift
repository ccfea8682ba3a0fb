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

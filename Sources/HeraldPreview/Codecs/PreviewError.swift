/// Why an attachment has no picture; the UI shows `description` in an error tile.
///
/// ```swift
/// throw PreviewError.tooLarge(width: 40_000, height: 40_000, limit: ImageLimits.standard.maxPixels)
/// ```
public enum PreviewError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The library that decodes (or draws) this format is not installed.
    case libraryMissing(String)
    /// The file could not be read.
    case unreadable(String)
    /// The file is not a PNG, JPEG or GIF (by its first bytes).
    case notAnImage
    /// The file is bigger than the limit (bytes).
    case fileTooLarge(size: Int, limit: Int)
    /// The header announces more pixels than the limit (checked before anything is decoded).
    case tooLarge(width: Int, height: Int, limit: Int)
    /// The decoder gave up (truncated or corrupt data); the library's message.
    case corrupt(String)
    /// A JPEG with more scans than a picture of its size may have (`ImageLimits.scansAllowed`):
    /// refused before decoding.
    case tooManyScans(width: Int, height: Int, limit: Int)
    /// Making the picture took longer than `ImageLimits.maxSeconds`; it was given up.
    case tookTooLong(seconds: Double)

    public var description: String {
        switch self {
        case .libraryMissing(let name): return "\(name) is not installed"
        case .unreadable(let reason): return "cannot read the file: \(reason)"
        case .notAnImage: return "not a PNG, JPEG or GIF image"
        case .fileTooLarge(let size, let limit): return "file is \(size) bytes; previews stop at \(limit) bytes"
        case .tooLarge(let width, let height, let limit):
            return "image is \(width)×\(height) pixels; previews stop at \(limit) pixels"
        case .corrupt(let message): return "broken image: \(message)"
        case .tooManyScans(let width, let height, let limit):
            return "JPEG of more than \(limit) scans; previews of a \(width)×\(height) picture stop at \(limit) scans"
        case .tookTooLong(let seconds):
            let shown = seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)"
            return "the picture took longer than \(shown) s to make; previews stop there"
        }
    }
}

import Foundation
import HeraldCore

/// Turns PNG, JPEG and GIF bytes into pixels with the system's libraries (loaded at run time),
/// refusing files and images over `ImageLimits` before decoding.
///
/// ```swift
/// let image = try ImageDecoder.decode(contentsOf: "/tmp/jim@2x.png")
/// print(image.width, image.height)
/// ```
public enum ImageDecoder {
    /// An image format, told by the file's first bytes.
    public enum Format: String, Sendable, Hashable {
        case png, jpeg, gif

        /// The format whose signature `data` starts with, if any.
        public init?(sniffing data: Data) {
            if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
            else if data.starts(with: [0xFF, 0xD8, 0xFF]) { self = .jpeg }
            else if data.starts(with: Array("GIF87a".utf8)) || data.starts(with: Array("GIF89a".utf8)) { self = .gif }
            else { return nil }
        }

        /// Whether the library for this format is installed.
        public var isAvailable: Bool {
            switch self {
            case .png: return PNGCodec.functions != nil
            case .jpeg: return JPEGCodec.functions != nil
            case .gif: return GIFCodec.functions != nil
            }
        }
    }

    /// Decodes image bytes (format from the signature).
    public static func decode(_ data: Data, limits: ImageLimits = .standard) throws -> RGBAImage {
        guard data.count <= limits.maxFileBytes else {
            throw PreviewError.fileTooLarge(size: data.count, limit: limits.maxFileBytes)
        }
        switch Format(sniffing: data) {
        case .png: return try PNGCodec.decode(data, limits: limits)
        case .jpeg: return try JPEGCodec.decode(data, limits: limits)
        case .gif: return try GIFCodec.decode(data, limits: limits)
        case nil: throw PreviewError.notAnImage
        }
    }

    /// Reads and decodes a file; a file over the byte limit is not read at all. The file is
    /// opened as any file named by a notification is (`UntrustedFile`: a pipe or device is
    /// refused without blocking, the reads stop at the limit).
    public static func decode(contentsOf path: String, limits: ImageLimits = .standard) throws -> RGBAImage {
        let data: Data
        do {
            data = try UntrustedFile.read(path, limit: Int64(limits.maxFileBytes))
        } catch UntrustedFileError.missing {
            throw PreviewError.unreadable("no file at \(path)")
        } catch UntrustedFileError.tooLarge(_, let size, _) {
            throw PreviewError.fileTooLarge(size: Int(clamping: size), limit: limits.maxFileBytes)
        } catch {
            throw PreviewError.unreadable("\(error)")
        }
        return try decode(data, limits: limits)
    }

    /// A baseline (or progressive) JPEG of `image` (libturbojpeg's encoder; test fixtures and
    /// the benchmark).
    public static func encodeJPEG(_ image: RGBAImage, quality: Int = 90, progressive: Bool = false) throws -> Data {
        try JPEGCodec.encode(image, quality: quality, progressive: progressive)
    }

    /// Writes a one-frame GIF (giflib's encoder; test fixtures and the benchmark).
    public static func writeGIF(path: String, width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)],
                                indices: [UInt8]) throws {
        try GIFCodec.write(path: path, width: width, height: height, palette: palette, indices: indices)
    }
}

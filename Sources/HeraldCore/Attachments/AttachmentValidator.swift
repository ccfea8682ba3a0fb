import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Validates an attachment file the way `UNNotificationAttachment(identifier:url:options:)` does.
///
/// Checks, in order: a `file:` URL (`.attachmentInvalidURL`); the file exists, is a regular file
/// and is readable (`.attachmentInvalidURL`) — for a symbolic link, the file it points to; the
/// file is opened once (`UntrustedFile`: a pipe never blocks) and everything after is read from
/// that descriptor; its type, from the type hint or else the file
/// extension (`.attachmentUnrecognizedType`); its size against Apple's limit for the kind —
/// audio 5 MB, image 10 MB, movie 50 MB — and not empty (`.attachmentInvalidFileSize`); the
/// magic bytes of PNG, JPEG and GIF images (`.attachmentCorrupt`). Every error's `detail` names
/// the field and the limit.
///
/// ```swift
/// let record = try AttachmentValidator.validate(identifier: "", url: URL(fileURLWithPath: "/tmp/cat.png"))
/// record.type        // "public.png"
/// record.identifier  // a generated UUID string, because the identifier was empty
/// ```
public enum AttachmentValidator {
    /// What an attachment is, which decides its size limit.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case audio, image, movie

        /// Apple's limit in bytes (audio 5 MB, image 10 MB, movie 50 MB; 1 MB = 1024 × 1024 bytes).
        public var maximumSize: Int64 {
            switch self {
            case .audio: return 5 * 1024 * 1024
            case .image: return 10 * 1024 * 1024
            case .movie: return 50 * 1024 * 1024
            }
        }
    }

    /// File extension (lower case) → uniform type identifier.
    public static let typesByExtension: [String: String] = [
        "png": "public.png", "jpg": "public.jpeg", "jpeg": "public.jpeg", "gif": "com.compuserve.gif",
        "aiff": "public.aiff-audio", "aif": "public.aiff-audio", "wav": "com.microsoft.waveform-audio",
        "mp3": "public.mp3", "m4a": "public.mpeg-4-audio", "mpg": "public.mpeg", "mpeg": "public.mpeg",
        "m2v": "public.mpeg-2-video", "mp4": "public.mpeg-4", "m4v": "public.mpeg-4", "avi": "public.avi",
    ]

    /// Supported uniform type identifiers and their kind (aliases Apple also accepts as hints included).
    public static let kindsByType: [String: Kind] = [
        "public.png": .image, "public.jpeg": .image, "com.compuserve.gif": .image,
        "public.aiff-audio": .audio, "public.aifc-audio": .audio, "com.microsoft.waveform-audio": .audio,
        "public.mp3": .audio, "public.mpeg-4-audio": .audio, "com.apple.m4a-audio": .audio,
        "public.mpeg": .movie, "public.mpeg-2-video": .movie, "public.mpeg-4": .movie,
        "public.avi": .movie, "public.movie": .movie, "com.apple.m4v-video": .movie,
    ]

    /// The uniform type identifier for a file extension (`nil` when unsupported).
    public static func type(forExtension fileExtension: String) -> String? {
        typesByExtension[fileExtension.lowercased()]
    }

    /// The kind of a supported uniform type identifier.
    public static func kind(ofType type: String) -> Kind? { kindsByType[type] }

    /// Validates the file at `url` and describes it. Throws `UNError` (see the type's doc).
    /// - Parameters:
    ///   - identifier: the attachment identifier; empty makes a fresh UUID string.
    ///   - typeHint: `UNNotificationAttachmentOptionsTypeHintKey`, a UTI that overrides the extension.
    ///   - thumbnailHidden: `UNNotificationAttachmentOptionsThumbnailHiddenKey`.
    ///   - thumbnailClippingRect: `UNNotificationAttachmentOptionsThumbnailClippingRectKey`.
    public static func validate(identifier: String, url: URL, typeHint: String? = nil,
                                thumbnailHidden: Bool = false,
                                thumbnailClippingRect: NormalizedRect? = nil) throws -> AttachmentRecord {
        guard url.isFileURL else {
            throw UNError(.attachmentInvalidURL, detail: "url must be a file URL, got \(url.absoluteString)")
        }
        let path = url.path
        let file = try open(path)
        return try validate(file, identifier: identifier, url: url, typeHint: typeHint, thumbnailHidden: thumbnailHidden,
                            thumbnailClippingRect: thumbnailClippingRect)
    }

    /// Opens an attachment's file (`UntrustedFile`: a pipe or device is refused without blocking,
    /// a link judged by what it points to), as `UNError(.attachmentInvalidURL)` when it cannot be.
    public static func open(_ path: String) throws -> UntrustedFile {
        do {
            return try UntrustedFile(opening: path)
        } catch let error as UntrustedFileError {
            switch error {
            case .missing: throw UNError(.attachmentInvalidURL, detail: "url: no file at \(path)")
            case .notRegular(_, let kind):
                throw UNError(.attachmentInvalidURL,
                              detail: "url: \(path) is \(kind), not a file; attach an image, audio or movie file")
            default: throw UNError(.attachmentInvalidURL, detail: "url: \(path) is not readable (\(error))")
            }
        }
    }

    /// Validates an opened file (its type from `typeHint` or `url`'s extension; its size and
    /// signature from the descriptor). Throws `UNError` (see the type's doc).
    public static func validate(_ file: UntrustedFile, identifier: String, url: URL, typeHint: String? = nil,
                                thumbnailHidden: Bool = false,
                                thumbnailClippingRect: NormalizedRect? = nil) throws -> AttachmentRecord {
        let type: String
        if let typeHint, !typeHint.isEmpty {
            guard kind(ofType: typeHint) != nil else {
                throw UNError(.attachmentUnrecognizedType,
                              detail: "type hint \(typeHint) is not a supported image, audio or movie type")
            }
            type = typeHint
        } else {
            let fileExtension = url.pathExtension
            guard let guessed = self.type(forExtension: fileExtension) else {
                throw UNError(.attachmentUnrecognizedType,
                              detail: "file extension \"\(fileExtension)\" of \(url.lastPathComponent) is not a supported "
                                  + "image (png, jpg, gif), audio (aiff, wav, mp3, m4a) or movie (mpg, m2v, mp4, avi) type")
            }
            type = guessed
        }
        let kind = kind(ofType: type) ?? .image
        // (A /proc file reports 0 bytes, whatever reading it would give: refused as empty.)
        let size = file.size
        guard size > 0 else {
            throw UNError(.attachmentInvalidFileSize, detail: "file size: \(url.lastPathComponent) is empty")
        }
        guard size <= kind.maximumSize else {
            throw UNError(.attachmentInvalidFileSize,
                          detail: "file size: \(url.lastPathComponent) is \(size) bytes; the limit for \(kind.rawValue) "
                              + "is \(kind.maximumSize / (1024 * 1024)) MB (\(kind.maximumSize) bytes)")
        }
        try checkMagicBytes(file, type: type, fileName: url.lastPathComponent)
        return AttachmentRecord(identifier: identifier.isEmpty ? UUID().uuidString : identifier, path: file.path,
                                type: type, size: size, fileName: url.lastPathComponent,
                                thumbnailHidden: thumbnailHidden, thumbnailClippingRect: thumbnailClippingRect)
    }

    /// Re-validates a record's file (at `add`, the file may have changed since the attachment was made).
    public static func revalidate(_ record: AttachmentRecord) throws -> AttachmentRecord {
        try revalidate(record, file: open(record.path))
    }

    /// Re-validates a record against its opened file (whose descriptor is then read).
    static func revalidate(_ record: AttachmentRecord, file: UntrustedFile) throws -> AttachmentRecord {
        var checked = try validate(file, identifier: record.identifier, url: URL(fileURLWithPath: record.path),
                                   typeHint: typeHintIfNeeded(record), thumbnailHidden: record.thumbnailHidden,
                                   thumbnailClippingRect: record.thumbnailClippingRect)
        checked.fileName = record.fileName.isEmpty ? checked.fileName : record.fileName
        return checked
    }

    /// "a directory", "a named pipe (FIFO)", … for what is not a regular file; `nil` for one.
    public static func nonRegularKind(_ mode: mode_t) -> String? { UntrustedFile.nonRegularKind(mode) }

    private static func typeHintIfNeeded(_ record: AttachmentRecord) -> String? {
        record.type.isEmpty ? nil : record.type
    }

    private static func checkMagicBytes(_ file: UntrustedFile, type: String, fileName: String) throws {
        let signatures: [String: [[UInt8]]] = [
            "public.png": [[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]],
            "public.jpeg": [[0xFF, 0xD8, 0xFF]],
            "com.compuserve.gif": [Array("GIF87a".utf8), Array("GIF89a".utf8)],
        ]
        guard let expected = signatures[type] else { return }
        let head: [UInt8]
        do {
            head = try file.head(8)
        } catch {
            throw UNError(.attachmentInvalidURL, detail: "url: \(file.path) is not readable (\(error))")
        }
        guard expected.contains(where: { head.starts(with: $0) }) else {
            throw UNError(.attachmentCorrupt,
                          detail: "\(fileName) does not start with the \(type) file signature")
        }
    }
}

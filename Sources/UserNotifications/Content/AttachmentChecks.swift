import Foundation
import HeraldCore

/// Checks an attachment file the way `UNNotificationAttachment(identifier:url:options:)` does.
enum AttachmentChecks {
    static func validate(identifier: String, url: URL, typeHint: String?) throws -> AttachmentRecord {
        guard url.isFileURL else {
            throw UNError(.attachmentInvalidURL, detail: "attachment URL must be a file URL, got \(url.absoluteString)")
        }
        let path = url.standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              FileManager.default.isReadableFile(atPath: path) else {
            throw UNError(.attachmentInvalidURL, detail: "no readable file at \(path)")
        }
        let fileExtension = url.pathExtension.lowercased()
        guard let kind = typeHint.flatMap(kindForType) ?? kinds[fileExtension] else {
            throw UNError(.attachmentUnrecognizedType, detail: "unsupported attachment type '\(typeHint ?? fileExtension)'")
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
        guard size > 0 else {
            throw UNError(.attachmentCorrupt, detail: "attachment file \(url.lastPathComponent) is empty")
        }
        guard size <= kind.limit else {
            throw UNError(.attachmentInvalidFileSize,
                          detail: "attachment \(url.lastPathComponent) is \(size) bytes; the limit is \(kind.limit)")
        }
        return AttachmentRecord(identifier: identifier, path: path, type: typeHint ?? kind.type, size: size,
                                fileName: url.lastPathComponent)
    }

    struct Kind {
        let type: String
        let limit: Int64
    }

    private static let audio: Int64 = 5_000_000
    private static let image: Int64 = 10_000_000
    private static let movie: Int64 = 50_000_000

    private static let kinds: [String: Kind] = [
        "aif": Kind(type: "public.aiff-audio", limit: audio), "aiff": Kind(type: "public.aiff-audio", limit: audio),
        "wav": Kind(type: "com.microsoft.waveform-audio", limit: audio),
        "mp3": Kind(type: "public.mp3", limit: audio), "m4a": Kind(type: "public.mpeg-4-audio", limit: audio),
        "jpg": Kind(type: "public.jpeg", limit: image), "jpeg": Kind(type: "public.jpeg", limit: image),
        "gif": Kind(type: "com.compuserve.gif", limit: image), "png": Kind(type: "public.png", limit: image),
        "mpg": Kind(type: "public.mpeg", limit: movie), "mpeg": Kind(type: "public.mpeg", limit: movie),
        "m2v": Kind(type: "public.mpeg-2-video", limit: movie), "mp4": Kind(type: "public.mpeg-4", limit: movie),
        "avi": Kind(type: "public.avi", limit: movie),
    ]

    private static func kindForType(_ type: String) -> Kind? {
        kinds.values.first { $0.type == type }
    }
}

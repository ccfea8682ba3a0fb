import Foundation
import HeraldCore

/// An attachment carried by a post published on `P/post/SENDER`: the file's bytes, base64, in the
/// post's `attachments` array — never a path. A path would name a file on the receiving machine,
/// which the publisher (a remote account) has no business reading, and which the daemon would
/// move into its store (deleting it where it was).
///
/// ```json
/// {"fileName":"chart.png","data":"iVBORw0KGgo…","type":"public.png","identifier":"chart"}
/// ```
///
/// `type` defaults from `fileName`'s extension, `identifier` to a new UUID. The daemon writes the
/// bytes to a file of its own and checks it as any attachment (a supported type, not empty, its
/// kind's size limit, PNG/JPEG/GIF signatures) before the engine moves it into its store.
///
/// ```swift
/// let attachment = try BrokerAttachment.reading(path: "chart.png")          // herald post --broker --attach
/// let record = try attachment.stage(in: stagingFolder, field: "attachments[0]")   // the door
/// ```
package struct BrokerAttachment: Codable, Sendable, Hashable {
    package var identifier: String?
    /// The name the UI shows (`chart.png`): a file name, not a path.
    package var fileName: String
    /// The uniform type identifier (`public.png`); `nil`: from `fileName`'s extension.
    package var type: String?
    /// The file's bytes, base64 (RFC 4648, with padding, no line breaks).
    package var data: String
    package var thumbnailHidden: Bool?
    package var thumbnailClippingRect: NormalizedRect?

    package init(identifier: String? = nil, fileName: String, type: String? = nil, data: String,
                 thumbnailHidden: Bool? = nil, thumbnailClippingRect: NormalizedRect? = nil) {
        self.identifier = identifier
        self.fileName = fileName
        self.type = type
        self.data = data
        self.thumbnailHidden = thumbnailHidden
        self.thumbnailClippingRect = thumbnailClippingRect
    }

    /// The longest `fileName`, in bytes.
    package static let maximumFileNameBytes = 255

    /// Reads a file to publish (`herald post --broker --attach FILE`): checked as a local
    /// attachment is (a regular file of a supported type within its kind's limit, the image
    /// signatures), then read, at most that limit, from the opened file.
    package static func reading(path: String) throws -> BrokerAttachment {
        let record: AttachmentRecord
        do {
            record = try AttachmentValidator.validate(identifier: "", url: URL(fileURLWithPath: path))
        } catch let error as UNError {
            throw BrokerError.invalid("--attach \(path): \(error.detail ?? error.description)")
        }
        let limit = AttachmentValidator.kind(ofType: record.type)?.maximumSize ?? record.size
        let bytes: Data
        do {
            bytes = try UntrustedFile.read(path, limit: limit)
        } catch let error as UntrustedFileError {
            throw BrokerError.invalid("--attach \(path): \(error)")
        }
        return BrokerAttachment(fileName: record.fileName, type: record.type, data: bytes.base64EncodedString())
    }

    /// Decodes and checks the bytes, writes them to a new file (0600) named `fileName` in a new
    /// folder of its own in `folder`, and returns the attachment as the engine takes it (the
    /// engine moves the file into its store; `discardStaged` removes what is left). Throws
    /// `BrokerError.invalid` naming `field` and the limit; nothing is left in `folder` then.
    package func stage(in folder: URL, field: String) throws -> AttachmentRecord {
        try checkFileName(field: field)
        let type = try resolvedType(field: field)
        let kind = AttachmentValidator.kind(ofType: type) ?? .movie
        // Checked before decoding: base64 takes 4 bytes for 3.
        guard data.utf8.count <= (Int(kind.maximumSize) + 2) / 3 * 4 else {
            throw BrokerError.invalid("\(field).data: more than the limit for \(kind.rawValue) of \(kind.maximumSize) bytes")
        }
        guard let bytes = Data(base64Encoded: data) else {
            throw BrokerError.invalid("\(field).data: not base64 (RFC 4648, with padding, no line breaks)")
        }
        guard !bytes.isEmpty else { throw BrokerError.invalid("\(field).data: empty") }
        let own = folder.appendingPathComponent(UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let file = own.appendingPathComponent(fileName)
        do {
            do {
                try NewFile.write(bytes, to: file.path)
            } catch let error as UntrustedFileError {
                throw BrokerError.failed("\(field): \(error)")
            }
            var record = try AttachmentValidator.validate(
                identifier: identifier ?? "", url: file, typeHint: type, thumbnailHidden: thumbnailHidden ?? false,
                thumbnailClippingRect: thumbnailClippingRect)
            record.fileName = fileName
            return record
        } catch {
            try? FileManager.default.removeItem(at: own)
            if let error = error as? UNError { throw BrokerError.invalid("\(field): \(error.detail ?? error.description)") }
            throw error
        }
    }

    /// Removes what `stage` left of `record` (the engine moved the file, or never took it).
    package static func discardStaged(_ record: AttachmentRecord) {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: record.path).deletingLastPathComponent())
    }

    private func checkFileName(field: String) throws {
        let bytes = fileName.utf8
        guard !bytes.isEmpty, bytes.count <= Self.maximumFileNameBytes, fileName != ".", fileName != ".." else {
            throw BrokerError.invalid("\(field).fileName: must be 1 to \(Self.maximumFileNameBytes) bytes (and not . or ..)")
        }
        guard !fileName.unicodeScalars.contains(where: { $0 == "/" || $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            throw BrokerError.invalid("\(field).fileName: a file name, without / or control characters")
        }
    }

    private func resolvedType(field: String) throws -> String {
        if let type, !type.isEmpty {
            guard AttachmentValidator.kind(ofType: type) != nil else {
                throw BrokerError.invalid("\(field).type: \(type) is not a supported image, audio or movie type")
            }
            return type
        }
        let fileExtension = (fileName as NSString).pathExtension
        guard let type = AttachmentValidator.type(forExtension: fileExtension) else {
            throw BrokerError.invalid("\(field).fileName: the extension \"\(fileExtension)\" is not a supported image (png, jpg, "
                                      + "gif), audio (aiff, wav, mp3, m4a) or movie (mpg, m2v, mp4, avi) type; or give type")
        }
        return type
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The center's attachment data store: `<directory>/<bundle identifier>/<uuid>-<file name>`.
///
/// A request's files come in in two steps, so a refused request never costs the caller a file:
/// `importFile` copies each (after every attachment was checked), and only once the request is
/// accepted does `removeOriginals` delete the caller's files — Apple's "move into the data
/// store". The copy reads at most the kind's size limit from the opened file, so a file that
/// grows (or a link swapped for /dev/zero) after the check cannot fill the disk, and a file
/// swapped for a named pipe is refused at once instead of blocking (`UntrustedFile`).
///
/// ```swift
/// let store = AttachmentStore(directory: stateDirectory.appendingPathComponent("attachments"))
/// let stored = try store.importFile(record, bundleIdentifier: "com.example.app")
/// store.removeOriginals(of: [record])
/// ```
public struct AttachmentStore: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory.standardizedFileURL
    }

    /// Whether `path` is inside the store.
    public func contains(path: String) -> Bool {
        let root = directory.path.hasSuffix("/") ? directory.path : directory.path + "/"
        return URL(fileURLWithPath: path).standardizedFileURL.path.hasPrefix(root)
    }

    /// Copies the record's file into the app's folder and returns the record pointing there; the
    /// original is left alone (`removeOriginals`). The file is opened once (`UntrustedFile`), and
    /// checked again and copied from that descriptor, so what was checked is what is copied. Throws
    /// `UNError(.attachmentMoveIntoDataStoreFailed)`, or the validator's error when the file is no
    /// longer a regular file of its kind within its limit.
    public func importFile(_ record: AttachmentRecord, bundleIdentifier: String) throws -> AttachmentRecord {
        let file = try AttachmentValidator.open(record.path)
        let checked = try AttachmentValidator.revalidate(record, file: file)
        let folder = try appFolder(bundleIdentifier)
        let name = safeName(record.fileName.isEmpty ? URL(fileURLWithPath: record.path).lastPathComponent
                                                    : record.fileName)
        let destination = folder.appendingPathComponent("\(UUID().uuidString)-\(name)")
        let limit = AttachmentValidator.kind(ofType: checked.type)?.maximumSize ?? AttachmentValidator.Kind.movie.maximumSize
        do {
            try file.copy(to: destination.path, limit: limit)
        } catch let error as UntrustedFileError {
            if case .tooLarge = error {
                throw UNError(.attachmentInvalidFileSize, detail: "file size: \(error)")
            }
            throw UNError(.attachmentMoveIntoDataStoreFailed,
                          detail: "could not copy \(record.path) into the data store: \(error)")
        }
        var stored = checked
        stored.path = destination.path
        return stored
    }

    /// Deletes the caller's files of attachments that were imported (never a file already in the
    /// store; a file that cannot be deleted, in a read-only folder, stays).
    public func removeOriginals(of attachments: [AttachmentRecord]) {
        for attachment in attachments where !contains(path: attachment.path) {
            unlink(attachment.path)
        }
    }

    /// Copies a stored file to a new name in the store (each delivery of a repeating request owns
    /// its own copy, so deleting one history row never deletes another's file). Read as any
    /// outside file is (`UntrustedFile`, links refused): a store file replaced by a pipe cannot
    /// block the engine. When the copy fails, the record keeps pointing at the original.
    public func duplicate(_ record: AttachmentRecord, bundleIdentifier: String) -> AttachmentRecord {
        guard let folder = try? appFolder(bundleIdentifier) else { return record }
        let destination = folder.appendingPathComponent("\(UUID().uuidString)-\(safeName(record.fileName))")
        let limit = AttachmentValidator.kind(ofType: record.type)?.maximumSize ?? AttachmentValidator.Kind.movie.maximumSize
        do {
            try UntrustedFile(opening: record.path, followsLinks: false).copy(to: destination.path, limit: limit)
        } catch {
            return record
        }
        var copy = record
        copy.path = destination.path
        return copy
    }

    /// Deletes files that live in the store; paths outside it are never touched.
    public func deleteFiles(of attachments: [AttachmentRecord]) {
        for attachment in attachments where contains(path: attachment.path) {
            try? FileManager.default.removeItem(atPath: attachment.path)
        }
    }

    private func appFolder(_ bundleIdentifier: String) throws -> URL {
        let folder = directory.appendingPathComponent(safeName(bundleIdentifier), isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw UNError(.attachmentMoveIntoDataStoreFailed,
                          detail: "could not create the data store folder \(folder.path): \(error.localizedDescription)")
        }
        return folder
    }

    private func safeName(_ name: String) -> String {
        let cleaned = name.map { $0 == "/" || $0 == "\0" ? "_" : $0 }
        let result = String(cleaned)
        return result.isEmpty || result == "." || result == ".." ? "attachment" : result
    }
}

import Foundation

/// The center's attachment data store: `<directory>/<bundle identifier>/<uuid>-<file name>`.
///
/// Files are moved in when a request is added; a file that cannot be moved (a read-only
/// directory, another device) or that already lives in the store is copied instead.
///
/// ```swift
/// let store = AttachmentStore(directory: stateDirectory.appendingPathComponent("attachments"))
/// let stored = try store.importFile(record, bundleIdentifier: "com.example.app")
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

    /// Moves (or copies) the record's file into the app's folder and returns the record pointing
    /// there. Throws `UNError(.attachmentMoveIntoDataStoreFailed)`.
    public func importFile(_ record: AttachmentRecord, bundleIdentifier: String) throws -> AttachmentRecord {
        let folder = try appFolder(bundleIdentifier)
        let name = safeName(record.fileName.isEmpty ? URL(fileURLWithPath: record.path).lastPathComponent
                                                    : record.fileName)
        let destination = folder.appendingPathComponent("\(UUID().uuidString)-\(name)")
        let source = URL(fileURLWithPath: record.path)
        let fileManager = FileManager.default
        var moved = false
        if !contains(path: record.path) {
            moved = (try? fileManager.moveItem(at: source, to: destination)) != nil
        }
        if !moved {
            do {
                try fileManager.copyItem(at: source, to: destination)
            } catch {
                throw UNError(.attachmentMoveIntoDataStoreFailed,
                              detail: "could not move or copy \(record.path) into \(folder.path): \(error.localizedDescription)")
            }
        }
        var stored = record
        stored.path = destination.path
        return stored
    }

    /// Copies a stored file to a new name in the store (each delivery of a repeating request owns
    /// its own copy, so deleting one history row never deletes another's file).
    public func duplicate(_ record: AttachmentRecord, bundleIdentifier: String) -> AttachmentRecord {
        guard let folder = try? appFolder(bundleIdentifier) else { return record }
        let destination = folder.appendingPathComponent("\(UUID().uuidString)-\(safeName(record.fileName))")
        guard (try? FileManager.default.copyItem(atPath: record.path, toPath: destination.path)) != nil else {
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

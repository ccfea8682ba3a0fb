import Foundation

/// Removes attachment files of deleted notifications — only files inside the attachments
/// directory (after resolving `..` and symbolic links), so a record can never make Herald
/// delete a file elsewhere.
struct AttachmentFiles: Sendable {
    let directory: URL

    /// Whether `path` lies strictly inside `directory`.
    func contains(_ path: String) -> Bool {
        let root = directory.resolvingSymlinksInPath().standardizedFileURL.path
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        return target.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// Deletes the files of `paths` that are inside the directory; returns how many it deleted.
    /// Missing files are fine (already gone).
    @discardableResult
    func remove(_ paths: [String]) -> Int {
        var removed = 0
        for path in paths where contains(path) {
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed += 1 }
        }
        return removed
    }
}

import Foundation
import Synchronization

/// Finds the files shipped in the repository's `Assets/` folder (the demo's images and sample
/// push payloads), and makes throwaway copies to attach — the center moves attachment files
/// into its data store, as Apple's does.
public enum DemoAssets {
    /// `Assets/` next to the sources: `$HERALD_ASSETS`, else found by walking up from the
    /// executable (`.build/debug/herald` lives inside the checkout), else the working directory.
    public static var directory: URL {
        if let path = ProcessInfo.processInfo.environment["HERALD_ASSETS"] {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        var candidates: [URL] = []
        var url = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
        for _ in 0..<6 {
            url.deleteLastPathComponent()
            candidates.append(url.appendingPathComponent("Assets", isDirectory: true))
        }
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("Assets", isDirectory: true))
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("jim@2x.png").path) }
            ?? candidates.last!
    }

    /// The URL of one shipped asset.
    public static func url(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    /// A fresh copy of `name` in a folder of its own in `$TMPDIR` (`herald-demo-…`), under the
    /// same file name, ready to attach. The center moves the file into its store; the folder is
    /// removed by `removeTemporaryFolder(of:)` once the copy is attached, or — for copies handed
    /// to the center later (the service extension's) — by the next copy, or when the demo
    /// quits (`removeTemporaryFolders()`).
    public static func temporaryCopy(of name: String) throws -> URL {
        removeTemporaryFolders(onlyEmpty: true)
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("herald-demo-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        staging.withLock { _ = $0.insert(folder.path) }
        let copy = folder.appendingPathComponent(name)
        do {
            try FileManager.default.copyItem(at: url(name), to: copy)
        } catch {
            removeTemporaryFolder(of: copy)
            throw error
        }
        return copy
    }

    /// Removes the folder `temporaryCopy` made for `copy` (with the copy, if the center did not
    /// take it).
    public static func removeTemporaryFolder(of copy: URL) {
        let folder = copy.deletingLastPathComponent()
        guard staging.withLock({ $0.remove(folder.path) }) != nil else { return }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Removes the folders of earlier copies: those the center has emptied (`onlyEmpty`), or all.
    public static func removeTemporaryFolders(onlyEmpty: Bool = false) {
        for path in staging.withLock({ Array($0) }) {
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            guard !onlyEmpty || contents.isEmpty else { continue }
            removeTemporaryFolder(of: URL(fileURLWithPath: path).appendingPathComponent("copy"))
        }
    }

    /// The folders `temporaryCopy` made that are still there.
    private static let staging = Mutex<Set<String>>([])
}

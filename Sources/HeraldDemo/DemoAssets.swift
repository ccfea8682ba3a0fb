import Foundation
import Synchronization

/// Finds the demo's pictures and the sample push payloads (the repository's `Assets/` folder,
/// installed as `share/herald/assets`), and makes throwaway copies to attach — the center moves
/// attachment files into its data store, as Apple's does.
public enum DemoAssets {
    /// A file every assets folder holds: how a candidate folder is recognised.
    static let marker = "jim@2x.png"

    /// The demo's files could not be found: names where they were looked for.
    public struct Missing: Error, CustomStringConvertible {
        /// The folders looked in, in order.
        public let searched: [String]
        /// Whether `$HERALD_ASSETS` named a folder without them.
        public let fromEnvironment: Bool

        public var description: String {
            let looked = searched.joined(separator: ", ")
            if fromEnvironment {
                return "the demo's pictures are not in HERALD_ASSETS (\(looked)): point it at a folder holding \(marker) "
                    + "and photo.png (the repository's Assets/), or unset it"
            }
            return "the demo's pictures were not found (looked in \(looked)): install them as share/herald/assets "
                + "beside herald's bin directory (the Debian package does), or set HERALD_ASSETS to the repository's Assets/ folder"
        }
    }

    /// The folders looked in, in order: `$HERALD_ASSETS` alone when set; else
    /// `share/herald/assets` beside the executable's `bin` (`/usr/bin/herald` →
    /// `/usr/share/herald/assets`, `~/.local/bin` → `~/.local/share/herald/assets`),
    /// then `Assets/` found by walking up from the executable (a
    /// source checkout: `.build/debug/herald`), and in the working directory.
    public static func candidates(environment: [String: String] = ProcessInfo.processInfo.environment,
                                  executable: String = CommandLine.arguments.first ?? ".",
                                  workingDirectory: String = FileManager.default.currentDirectoryPath) -> [URL] {
        if let path = environment["HERALD_ASSETS"], !path.isEmpty {
            return [URL(fileURLWithPath: path, isDirectory: true)]
        }
        let binary = resolvedExecutable(executable, environment: environment, workingDirectory: workingDirectory)
        let binDirectory = binary.deletingLastPathComponent()
        var candidates = [binDirectory.deletingLastPathComponent().appendingPathComponent("share/herald/assets", isDirectory: true)]
        var url = binary
        for _ in 0..<6 {
            url.deleteLastPathComponent()
            candidates.append(url.appendingPathComponent("Assets", isDirectory: true))
        }
        candidates.append(URL(fileURLWithPath: workingDirectory).appendingPathComponent("Assets", isDirectory: true))
        var seen = Set<String>()
        return candidates.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    /// The assets folder, or `Missing` naming where it was looked for.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: String = CommandLine.arguments.first ?? ".") throws -> URL {
        let candidates = candidates(environment: environment, executable: executable)
        if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.appendingPathComponent(marker).path) }) {
            return found
        }
        throw Missing(searched: candidates.map(\.path), fromEnvironment: environment["HERALD_ASSETS"]?.isEmpty == false)
    }

    /// The URL of one shipped asset.
    public static func url(_ name: String) throws -> URL {
        try locate().appendingPathComponent(name)
    }

    /// A fresh copy of `name` in a folder of its own in `$TMPDIR` (`herald-demo-…`), under the
    /// same file name, ready to attach. The center moves the file into its store; the folder is
    /// removed by `removeTemporaryFolder(of:)` once the copy is attached, or — for copies handed
    /// to the center later (the service extension's) — by the next copy, or when the demo
    /// quits (`removeTemporaryFolders()`).
    public static func temporaryCopy(of name: String) throws -> URL {
        removeTemporaryFolders(onlyEmpty: true)
        let source = try url(name)
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("herald-demo-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        staging.withLock { _ = $0.insert(folder.path) }
        let copy = folder.appendingPathComponent(name)
        do {
            try FileManager.default.copyItem(at: source, to: copy)
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

    /// The executable's real path: `argv[0]` as given when it holds a `/`, else found on `PATH`
    /// (a shell runs `herald` from `/usr/bin` with `argv[0]` = "herald"), symbolic links resolved.
    static func resolvedExecutable(_ executable: String, environment: [String: String], workingDirectory: String) -> URL {
        if let own = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
           URL(fileURLWithPath: own).lastPathComponent == URL(fileURLWithPath: executable).lastPathComponent {
            return URL(fileURLWithPath: own)
        }
        if executable.contains("/") {
            return URL(fileURLWithPath: executable, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true))
                .standardizedFileURL.resolvingSymlinksInPath()
        }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(executable)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.resolvingSymlinksInPath() }
        }
        return URL(fileURLWithPath: executable).resolvingSymlinksInPath()
    }
}

import Foundation

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

    /// A fresh copy of `name` in a temporary folder, under the same file name, ready to attach.
    public static func temporaryCopy(of name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("herald-demo-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: url(name), to: copy)
        return copy
    }
}

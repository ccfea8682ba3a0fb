import Foundation

/// Finds the binaries this package builds (`swift test` builds them before the tests run).
public enum BuiltProducts {
    /// `.build/debug` (or whichever configuration the test bundle was built in).
    public static var directory: URL {
        let bundle = Bundle.main.bundleURL
        var candidates = [bundle, bundle.deletingLastPathComponent()]
        candidates.append(packageRoot.appendingPathComponent(".build/debug"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("herald").path) }
            ?? candidates.last!
    }

    /// The path of a built executable, e.g. `herald`.
    public static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// The built executable `name`, or `nil` when it was not built (a filtered build).
    public static func url(_ name: String) -> URL? {
        let url = directory.appendingPathComponent(name)
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    /// The repository root (where `Package.swift` and `Assets/` are).
    public static var packageRoot: URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }
}

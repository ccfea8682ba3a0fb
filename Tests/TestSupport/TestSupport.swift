import Foundation
import HeraldCore
// Process helpers (`ChildProcess`, `ProcessRunner`) come from the plumbing module; tests get them
// with `import TestSupport`.
@_exported import HeraldSystem
// A real mosquitto for the broker tests.
@_exported import MosquittoHarness
// Private buses (no service auto-start) and dunst under Xvfb, for the D-Bus tests.
@_exported import DBusHarness
// The one daemon launcher (`LaunchedDaemon`, under `DaemonFixture`) and `offThePool`.
@_exported import DaemonHarness

/// A fresh temporary directory for one test; removed by `remove()`.
public struct TemporaryDirectory: Sendable {
    public let url: URL
    public init(_ prefix: String = "herald-test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    /// The directory at `path` (made when missing): a state directory inside another test
    /// directory.
    public init(at path: String) throws {
        url = URL(fileURLWithPath: path, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    public var path: String { url.path }
    public func remove() { try? FileManager.default.removeItem(at: url) }
}

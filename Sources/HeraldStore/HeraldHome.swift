import Foundation
import HeraldCore

/// Herald's state directory: the database and the attachment data store.
///
/// Resolved from `--home DIR`, else `$HERALD_HOME`, else `$XDG_STATE_HOME/herald`, else
/// `~/.local/state/herald`; created with mode 0700.
///
/// ```swift
/// let home = HeraldHome.resolve(explicit: context.home)
/// try home.create()
/// let store = try SQLiteStore(home: home)      // home.databaseURL
/// ```
public struct HeraldHome: Sendable, Hashable, CustomStringConvertible {
    /// The directory itself (absolute).
    public let url: URL

    /// A home at `path` (`~` expanded, relative paths taken from the current directory).
    public init(path: String) {
        url = StateDirectory.url(forPath: path)
    }

    private init(url: URL) { self.url = url }

    /// Resolves the state directory (`StateDirectory.resolve`): `explicit` (`--home`),
    /// `$HERALD_HOME`, `$XDG_STATE_HOME/herald` (only when absolute, as the XDG spec asks),
    /// `~/.local/state/herald`.
    public static func resolve(explicit: String? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment,
                               userHome: String? = nil) -> HeraldHome {
        HeraldHome(url: StateDirectory.resolve(explicit: explicit, environment: environment, userHome: userHome))
    }

    /// The SQLite database.
    public var databaseURL: URL { url.appendingPathComponent("herald.sqlite", isDirectory: false) }

    /// Where the center keeps attachment files; only files in here are ever deleted by the store.
    public var attachmentsDirectory: URL { url.appendingPathComponent("attachments", isDirectory: true) }

    /// Whether the database file exists (read commands skip opening when it does not). Throws
    /// `StoreError.cannotOpen` ("permission denied", naming the owner) when that cannot be told,
    /// or the file cannot be read: another user's state directory is not an empty one.
    public func databaseExists() throws -> Bool {
        let path = databaseURL.path
        var status = stat()
        if stat(path, &status) != 0 {
            let error = errno
            if error == ENOENT { return false }
            throw StoreError.cannotOpen(path: path, reason: Self.denial(error, at: url.path))
        }
        guard access(path, R_OK) == 0 else {
            throw StoreError.cannotOpen(path: path, reason: Self.denial(errno, at: path))
        }
        return true
    }

    /// Why `path` (or something in it) cannot be reached: "permission denied: DIR belongs to
    /// USER (mode 0700)" when it is about permissions, the system's words otherwise.
    private static func denial(_ error: Int32, at path: String) -> String {
        let words = String(cString: strerror(error)).lowercased()
        var status = stat()
        guard error == EACCES || error == EPERM, stat(path, &status) == 0 else { return words }
        let owner = getpwuid(status.st_uid).flatMap { $0.pointee.pw_name.map { String(cString: $0) } }
            ?? "uid \(status.st_uid)"
        return "\(words): \(path) belongs to \(owner) (mode \(String(format: "%04o", Int(status.st_mode & 0o7777))))"
    }

    /// Creates the directory (and missing parents) and the attachments directory, mode 0700.
    /// An existing one that other users can read is tightened to 0700 — or refused with a
    /// message when it is shared on purpose (world-writable or sticky, like /tmp) or not ours.
    public func create() throws {
        for directory in [url, attachmentsDirectory] {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else {
                    throw StoreError.cannotCreateHome(path: directory.path, reason: "a file is in the way")
                }
                try PrivateFiles.tightenDirectory(directory.path)
                continue
            }
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
                // The umask may have narrowed the mode further, never widened it; make it exact.
                try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
            } catch {
                throw StoreError.cannotCreateHome(path: directory.path, reason: Self.reason(error))
            }
        }
    }

    public var description: String { url.path }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}

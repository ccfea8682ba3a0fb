import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Keeps the state directory and the database private to its user: history
/// is personal, so the directory is 0700 and the database files 0600 — tightened when they
/// already exist with wider modes, or refused with a message that says why and what to do.
enum PrivateFiles {
    /// Makes an existing directory 0700. Refuses a directory shared on purpose (world-writable or
    /// sticky, like /tmp) or owned by another user, rather than changing it.
    static func tightenDirectory(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        let mode = info.st_mode & 0o7777
        guard mode & 0o077 != 0 else { return }
        if mode & 0o002 != 0 || mode & S_ISVTX != 0 {
            throw StoreError.cannotCreateHome(path: path, reason: "it is shared with other users (mode "
                + String(mode, radix: 8) + "); choose a directory of your own for --home or $HERALD_HOME")
        }
        guard info.st_uid == geteuid() else {
            throw StoreError.cannotCreateHome(path: path, reason: "it belongs to user id \(info.st_uid) and other users "
                + "can read it (mode " + String(mode, radix: 8) + "); choose a directory of your own")
        }
        guard chmod(path, 0o700) == 0 else {
            throw StoreError.cannotCreateHome(path: path, reason: "other users can read it (mode " + String(mode, radix: 8)
                + ") and it cannot be made private: \(String(cString: strerror(errno)))")
        }
    }

    /// The database and its companion files (log, shared memory, rollback journal).
    static func databaseFiles(_ path: String) -> [String] {
        [path, path + "-wal", path + "-shm", path + "-journal"]
    }

    /// Creates the database file 0600 when it does not exist yet (SQLite gives its log and
    /// shared-memory files the database's mode), and makes existing files 0600.
    static func prepareDatabase(_ path: String, create: Bool) throws {
        if create {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 { close(descriptor) }
        }
        for file in databaseFiles(path) {
            var info = stat()
            guard stat(file, &info) == 0, info.st_mode & 0o077 != 0 else { continue }
            guard chmod(file, 0o600) == 0 else {
                throw StoreError.cannotOpen(path: file, reason: "other users can read it (mode "
                    + String(info.st_mode & 0o777, radix: 8) + ") and it cannot be made private: "
                    + String(cString: strerror(errno)))
            }
        }
    }
}

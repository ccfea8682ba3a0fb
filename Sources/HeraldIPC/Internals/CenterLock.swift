import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One center per state directory: an exclusive `flock` on `herald.lock` inside it, held for
/// the life of the process that serves the center (`herald daemon`, `herald demo`). The file
/// names the holder, so a second center can say which process to stop. The kernel drops the
/// lock when the holder exits, however it exits; the descriptor is close-on-exec, so programs
/// the center starts (service-extension commands) never hold it.
///
/// ```swift
/// let lock = try CenterLock.acquire(stateDirectory: home.url, holder: "herald daemon")
/// defer { lock.release() }
/// ```
public final class CenterLock: Sendable {
    /// The lock file's name inside the state directory.
    public static let fileName = "herald.lock"

    /// The lock file.
    public let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    /// Takes the lock, or throws `CenterLockError.held` naming the process that has it.
    public static func acquire(stateDirectory: URL, holder: String) throws -> CenterLock {
        let path = stateDirectory.appendingPathComponent(fileName).path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CenterLockError.cannotOpen(path: path, reason: Errno.current.description) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let owner = Holder.read(path)
            close(descriptor)
            throw CenterLockError.held(stateDirectory: stateDirectory.path, pid: owner?.pid, holder: owner?.name)
        }
        let record = Array("\(getpid()) \(holder)\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = record.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return CenterLock(path: path, descriptor: descriptor)
    }

    /// Gives the lock up (also done by the kernel when the process exits).
    public func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// The lock file's contents: `PID NAME`.
    private enum Holder {
        static func read(_ path: String) -> (pid: Int32?, name: String?)? {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
            let line = text.split(separator: "\n").first.map(String.init) ?? ""
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard let first = parts.first else { return nil }
            return (Int32(first), parts.count > 1 ? parts[1] : nil)
        }
    }
}

/// Why a center could not take its state directory.
public enum CenterLockError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Another process serves this state directory.
    case held(stateDirectory: String, pid: Int32?, holder: String?)
    /// The lock file could not be opened.
    case cannotOpen(path: String, reason: String)

    public var description: String {
        switch self {
        case .held(let directory, let pid, let holder):
            let who = [holder, pid.map { "pid \($0)" }].compactMap { $0 }.joined(separator: ", ")
            return "another herald center (\(who.isEmpty ? "unknown process" : who)) already serves \(directory); "
                + "other commands talk to it — stop it first\(pid.map { " (kill \($0))" } ?? ""), or use another --home"
        case .cannotOpen(let path, let reason):
            return "cannot open the lock file \(path) (\(reason)); check the state directory's permissions"
        }
    }
}

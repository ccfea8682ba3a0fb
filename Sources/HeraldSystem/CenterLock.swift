import Foundation

/// One center per state directory: a `LockFile` on `herald.lock` inside it, held for the life
/// of the process that serves the center (`herald daemon`, `herald demo`). The file names the
/// holder (`PID NAME`), so a second center can say which process to stop. The kernel drops the
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

    private let lock: LockFile

    private init(lock: LockFile) { self.lock = lock }

    /// Takes the lock, or throws `CenterLockError.held` naming the process that has it.
    public static func acquire(stateDirectory: URL, holder: String) throws -> CenterLock {
        let path = stateDirectory.appendingPathComponent(fileName).path
        let acquired: LockFile?
        do {
            acquired = try LockFile.acquire(path: path)
        } catch {
            throw CenterLockError.cannotOpen(path: path, reason: "\(error)")
        }
        guard let acquired else {
            let owner = readHolder(path)
            throw CenterLockError.held(stateDirectory: stateDirectory.path, pid: owner.pid, holder: owner.name)
        }
        // The lock is on the open file, not its contents: the holder's record is written beside it.
        try? Data("\(getpid()) \(holder)\n".utf8).write(to: URL(fileURLWithPath: path))
        return CenterLock(lock: acquired)
    }

    /// Takes the lock, waiting up to `seconds` for the process that holds it to let go (a daemon
    /// handing the center over finishes its requests first); then throws as `acquire`.
    public static func acquire(stateDirectory: URL, holder: String, waitingUpTo seconds: Double) throws -> CenterLock {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            do {
                return try acquire(stateDirectory: stateDirectory, holder: holder)
            } catch CenterLockError.held where Date() < deadline {
                usleep(20_000)
            }
        }
    }

    /// Gives the lock up (also done by the kernel when the process exits).
    public func release() { lock.release() }

    /// The lock file's `PID NAME`.
    private static func readHolder(_ path: String) -> (pid: Int32?, name: String?) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
              let line = text.split(separator: "\n").first else { return (nil, nil) }
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        return (parts.first.flatMap { Int32($0) }, parts.count > 1 ? parts[1] : nil)
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

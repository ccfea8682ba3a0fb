import Dispatch
import Foundation

/// Runs work on files named by others on a thread of its own, with a time limit, so the engine
/// (and the daemon's loop it runs on) never waits on a file: a read the kernel does not return
/// from — a stalled network or FUSE mount — holds that one thread, not the center.
///
/// Past `timeLimit` the caller gets `timeoutError` and goes on; the work, when it finishes after
/// all, has its result handed to `discardLate` (which deletes the copies it made).
///
/// ```swift
/// let stored = try await FileWork.run(timeLimit: 20, timeoutError: error,
///                                     { try store.importFile(record, bundleIdentifier: app) },
///                                     discardLate: { store.deleteFiles(of: [$0]) })
/// ```
public enum FileWork {
    private static let queue = DispatchQueue(label: "herald.files", qos: .utility, attributes: .concurrent)

    /// Runs `work` on the file queue; see the type.
    public static func run<T: Sendable>(timeLimit: TimeInterval, timeoutError: any Error,
                                 _ work: @escaping @Sendable () throws -> T,
                                 discardLate: @escaping @Sendable (T) -> Void) async throws -> T {
        let latch = Latch<Result<T, any Error>>()
        queue.async {
            let result = Result { try work() }
            if !latch.offer(result), case .success(let value) = result { discardLate(value) }
        }
        let timer = RealTimeDeadlines.shared.add(after: timeLimit) { latch.offer(.failure(timeoutError)) }
        let result = await latch.wait()
        RealTimeDeadlines.shared.cancel(timer)
        guard let result else { throw timeoutError }
        return try result.get()
    }
}

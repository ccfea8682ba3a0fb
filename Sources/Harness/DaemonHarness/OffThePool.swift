import Foundation

/// Runs blocking work (waiting for a child process, a semaphore, a socket) on a thread of its
/// own and awaits its result, so a test or a benchmark never blocks a thread of Swift's cooperative pool.
///
/// The pool has one thread per core: on a two-core machine two tests blocking in it stall every
/// other test's tasks in the process (the in-process servers' and engines' included) until they
/// finish, and tests with time limits then fail for no fault of their own.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// `offThePool` for work that cannot fail.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}

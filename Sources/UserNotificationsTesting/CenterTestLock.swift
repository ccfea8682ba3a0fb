import Foundation

/// A process-wide lock for tests that install a notification system (every
/// `NotificationSimulator` does). Swift Testing runs tests in parallel, in one process, across
/// test targets; wrap each such test (or a whole suite, with a scoping trait) in `run`.
///
/// ```swift
/// struct CenterLock: SuiteTrait, TestTrait, TestScoping {
///     func provideScope(for test: Test, testCase: Test.Case?,
///                       performing function: @Sendable () async throws -> Void) async throws {
///         try await CenterTestLock.run(function)
///     }
/// }
/// ```
public enum CenterTestLock {
    private actor Gate {
        private var isHeld = false
        private var waiters: [CheckedContinuation<Void, Never>] = []

        func acquire() async {
            if !isHeld {
                isHeld = true
                return
            }
            await withCheckedContinuation { waiters.append($0) }
        }

        func release() {
            if waiters.isEmpty {
                isHeld = false
            } else {
                waiters.removeFirst().resume()
            }
        }
    }

    private static let gate = Gate()

    /// Runs `body` while no other `run` body runs.
    public static func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        await gate.acquire()
        do {
            let result = try await body()
            await gate.release()
            return result
        } catch {
            await gate.release()
            throw error
        }
    }
}

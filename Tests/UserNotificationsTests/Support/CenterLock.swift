import Testing
import UserNotificationsTesting

/// Holds the process-wide center lock for a whole suite: tests that install a notification
/// system never overlap, in this target or another.
struct CenterLock: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        try await CenterTestLock.run(function)
    }
}

extension Trait where Self == CenterLock {
    static var centerLock: CenterLock { CenterLock() }
}

/// Every suite of this target is nested here: serialized, and holding the center lock.
@Suite(.serialized, .centerLock)
struct UNTests {}

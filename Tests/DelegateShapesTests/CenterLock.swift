import Testing
import UserNotificationsTesting

/// Holds the process-wide center lock for the whole target (simulators install a global center).
struct CenterLock: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        try await CenterTestLock.run(function)
    }
}

/// Every suite of this target is nested here: serialized, and holding the center lock.
@Suite(.serialized, CenterLock())
struct DelegateShapes {}

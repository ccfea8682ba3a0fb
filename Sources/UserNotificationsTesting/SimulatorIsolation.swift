import Testing

/// A Swift Testing trait that runs a suite (or test) while holding `CenterTestLock`: simulators
/// install one process-wide center, so tests that use them must not overlap.
///
/// ```swift
/// @Suite(.serialized, .simulatorIsolation)
/// struct MyNotificationTests { … }
/// ```
public struct SimulatorIsolation: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { false }

    public init() {}

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        try await CenterTestLock.run(function)
    }
}

extension Trait where Self == SimulatorIsolation {
    /// Holds the simulator lock for the suite or test (see `SimulatorIsolation`).
    public static var simulatorIsolation: SimulatorIsolation { SimulatorIsolation() }
}

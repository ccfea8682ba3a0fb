import Foundation
import HeraldCore

/// The demo's `DemoHost` on an in-process `NotificationEngine`.
public struct EngineDemoHost: DemoHost {
    public let engine: NotificationEngine

    public init(engine: NotificationEngine) {
        self.engine = engine
    }

    public func moveDevice(latitude: Double, longitude: Double) async {
        await engine.moveDevice(to: latitude, longitude)
    }

    public func push(_ payload: Data, bundleIdentifier: String?) async throws -> String {
        try await engine.push(payload, bundleIdentifier: bundleIdentifier)
    }
}

import Foundation

/// What the demo needs from the center beyond an app's own API: the things the world does to
/// a phone (it moves; a push arrives from Apple's servers). `herald demo` implements it on the
/// in-process engine (`EngineDemoHost`).
public protocol DemoHost: Sendable {
    /// Moves the simulated device; location triggers fire on entering or leaving their region.
    func moveDevice(latitude: Double, longitude: Double) async
    /// Delivers an APNs payload (`simctl push` format) as if it came from Apple's servers;
    /// returns the request identifier.
    func push(_ payload: Data, bundleIdentifier: String?) async throws -> String
}

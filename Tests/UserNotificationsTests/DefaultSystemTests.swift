import Foundation
import HeraldCore
import Testing
@testable import UserNotifications

extension UNTests {
    /// The system `current()` uses when nothing is installed.
    @Suite struct DefaultSystemTests {
        @Test func noDaemonAndNoSpawningFallsBackToAPrivateCenter() async throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-default-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let environment = ["HERALD_HOME": directory.path, "HERALD_NO_SPAWN": "1", "PATH": ""]
            let system = await DefaultSystem.choose(environment: environment)
            #expect(system is NotificationEngine)
            #expect(try await system.requestAuthorization(options: [.alert], bundleIdentifier: "com.example.alone"))
        }

        @Test func callsWaitForTheChoiceAndReachTheChosenSystem() async throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-default-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let system = DefaultSystem.make(environment: ["HERALD_HOME": directory.path, "HERALD_NO_SPAWN": "1"])
            try await system.setBadgeCount(3, bundleIdentifier: "com.example.badge")
            #expect(await system.appRecord(bundleIdentifier: "com.example.badge").badge == 3)
        }
    }
}

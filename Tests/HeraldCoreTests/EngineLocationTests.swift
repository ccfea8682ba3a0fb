import Foundation
import Testing
import HeraldCore
import TestSupport

@Suite struct EngineLocationTests {
    // The Louvre, 100 m around it.
    let louvre = RegionRecord(identifier: "louvre", latitude: 48.8606, longitude: 2.3376, radius: 100,
                              notifyOnEntry: true, notifyOnExit: false)

    @Test func haversineDistance() {
        // Paris → London is about 344 km.
        let distance = RegionRecord.distance(latitude1: 48.8566, longitude1: 2.3522, latitude2: 51.5074, longitude2: -0.1278)
        #expect(abs(distance - 343_500) < 2_000)
        #expect(louvre.contains(latitude: 48.8606, longitude: 2.3376))
        #expect(louvre.contains(latitude: 48.8606, longitude: 2.3376 + 0.002) == false) // ≈ 147 m east
    }

    @Test func enteringARegionFiresAOneShotTriggerOnce() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("museum", trigger: .location(louvre, repeats: false)), bundleIdentifier: app)
        #expect(await h.engine.pendingRecords(bundleIdentifier: app).first?.nextFireDate == nil)
        await h.engine.moveDevice(to: 48.0, 2.0)
        #expect(h.events.delivered.isEmpty)
        await h.engine.moveDevice(to: 48.8606, 2.3377)
        #expect(h.events.delivered.map(\.record.identifier) == ["museum"])
        #expect(await h.engine.pendingRequests(bundleIdentifier: app).isEmpty)
        await h.engine.moveDevice(to: 48.0, 2.0)
        await h.engine.moveDevice(to: 48.8606, 2.3376)
        #expect(h.events.delivered.count == 1)
    }

    @Test func exitAndRepeatingTriggers() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        var both = louvre
        both.identifier = "both"
        both.notifyOnExit = true
        try await h.engine.add(request("walk", trigger: .location(both, repeats: true)), bundleIdentifier: app)
        await h.engine.moveDevice(to: 48.8606, 2.3376)   // enter
        await h.engine.moveDevice(to: 48.8607, 2.3376)   // still inside
        await h.engine.moveDevice(to: 48.0, 2.0)         // exit
        await h.engine.moveDevice(to: 48.8606, 2.3376)   // enter again
        #expect(h.events.delivered.count == 3)
        #expect(await h.engine.pendingRequests(bundleIdentifier: app).count == 1)
    }

    @Test func addingWhileInsideDoesNotFireUntilTheNextEntry() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        await h.engine.moveDevice(to: 48.8606, 2.3376)
        try await h.engine.add(request("here", trigger: .location(louvre, repeats: false)), bundleIdentifier: app)
        await h.engine.moveDevice(to: 48.8606, 2.3377)
        #expect(h.events.delivered.isEmpty)
        await h.engine.moveDevice(to: 48.0, 2.0)
        await h.engine.moveDevice(to: 48.8606, 2.3376)
        #expect(h.events.delivered.count == 1)
    }

    @Test func locationTriggersHaveTheirOwnLimit() async throws {
        let h = try await EngineHarness(configuration: EngineConfiguration(pendingLimit: 1, locationTriggerLimit: 2))
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        for index in 0..<3 {
            var region = louvre
            region.identifier = "r\(index)"
            try await h.engine.add(request("loc\(index)", trigger: .location(region, repeats: false)), bundleIdentifier: app)
        }
        try await h.engine.add(request("timed", trigger: after(60)), bundleIdentifier: app)
        let ids = await h.engine.pendingRequests(bundleIdentifier: app).map(\.identifier)
        #expect(ids == ["timed", "loc0", "loc1"])
    }
}

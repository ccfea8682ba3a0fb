import Foundation
import HeraldCore
import Testing
import TestSupport

/// The connection a delivery asks (`foregroundConnections`) follows `connect`, `disconnect` and
/// `setForeground` in any order.
@Suite struct ForegroundConnectionTests {
    @Test func theForegroundAppsCurrentConnectionIsAskedWhicheverCameFirst() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        // In the foreground before it connects.
        await h.engine.setForeground(true, bundleIdentifier: app)
        try await h.engine.add(request("none"), bundleIdentifier: app)
        let first = FakeAppConnection(decision: .options([.list]))
        await h.engine.connect(first, bundleIdentifier: app)
        try await h.engine.add(request("first"), bundleIdentifier: app)
        #expect(first.willPresentCalls.map(\.identifier) == ["first"])

        // A new connection replaces the old one while in the foreground.
        let second = FakeAppConnection(decision: .options([.list]))
        await h.engine.connect(second, bundleIdentifier: app)
        try await h.engine.add(request("second"), bundleIdentifier: app)
        #expect(first.willPresentCalls.count == 1)
        #expect(second.willPresentCalls.map(\.identifier) == ["second"])

        // Disconnecting leaves the foreground too: connecting again is in the background.
        await h.engine.disconnect(bundleIdentifier: app)
        try await h.engine.add(request("gone"), bundleIdentifier: app)
        await h.engine.connect(second, bundleIdentifier: app)
        try await h.engine.add(request("background"), bundleIdentifier: app)
        #expect(second.willPresentCalls.count == 1)
        await h.engine.setForeground(true, bundleIdentifier: app)
        try await h.engine.add(request("again"), bundleIdentifier: app)
        #expect(second.willPresentCalls.map(\.identifier) == ["second", "again"])
        await h.engine.setForeground(false, bundleIdentifier: app)
        try await h.engine.add(request("left"), bundleIdentifier: app)
        #expect(second.willPresentCalls.count == 2)
        #expect(h.events.delivered.count == 7)
    }
}

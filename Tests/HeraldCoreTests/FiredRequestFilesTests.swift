import Foundation
import Testing
import HeraldCore
import TestSupport

/// A repeating request keeps its attachment files while it stays pending; each delivery copies
/// them once the app has answered `willPresent`. Replaced or removed while its delivery waits,
/// the request's files stay until the fire has copied them, and go then.
@Suite struct FiredRequestFilesTests {
    /// A repeating request with a picture (a PNG written for it, which the engine takes in).
    private func picturedRequest(_ h: EngineHarness, title: String, seconds: TimeInterval,
                                 trigger: TriggerRecord? = nil) throws -> RequestRecord {
        let png = h.directory.url.appendingPathComponent("\(title).png")
        try PNGEncoder.onePixel.write(to: png)
        var request = request("r", title: title, trigger: trigger ?? after(seconds, repeats: true))
        request.content.attachments = [AttachmentRecord(identifier: title, path: png.path, type: "public.png",
                                                        size: Int64(PNGEncoder.onePixel.count), fileName: "\(title).png")]
        return request
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test(arguments: [false, true])
    func aRepeatingRequestChangedWhileItsDeliveryWaitsLeavesItsPictureToTheDelivery(removed: Bool) async throws {
        let (h, app, connection) = try await EngineHarness.withHeldApp()
        defer { h.directory.remove() }
        try await h.engine.add(try picturedRequest(h, title: "old", seconds: 60), bundleIdentifier: app)
        let kept = try #require(await h.engine.pendingRequests(bundleIdentifier: app).first?.content.attachments.first?.path)
        h.clock.advance(by: 60)
        try await h.deliver(through: connection, answer: .options([.list])) {
            if removed {
                await h.engine.removePendingRequests(identifiers: ["r"], bundleIdentifier: app)
            } else {
                try await h.engine.add(try picturedRequest(h, title: "new", seconds: 600), bundleIdentifier: app)
            }
            #expect(exists(kept), "the fired request's picture went while its delivery waited")
        }

        let delivered = try #require(await h.engine.deliveredNotifications(bundleIdentifier: app).first)
        let copy = try #require(delivered.content.attachments.first?.path)
        #expect(copy != kept)
        #expect(exists(copy), "the delivery's copy of the picture is missing")
        #expect(!exists(kept), "the changed request's picture outlived the fire")
        let pending = await h.engine.pendingRequests(bundleIdentifier: app)
        #expect(pending.map(\.content.title) == (removed ? [] : ["new"]))
        for path in pending.flatMap({ $0.content.attachments.map(\.path) }) { #expect(exists(path)) }
    }

    /// The same for a repeating location trigger, fired by entering its region.
    @Test func aRepeatingLocationRequestRemovedWhileItsDeliveryWaitsLeavesItsPictureToTheDelivery() async throws {
        let (h, app, connection) = try await EngineHarness.withHeldApp()
        defer { h.directory.remove() }
        let region = RegionRecord(identifier: "louvre", latitude: 48.8606, longitude: 2.3376, radius: 100,
                                  notifyOnEntry: true, notifyOnExit: false)
        try await h.engine.add(try picturedRequest(h, title: "old", seconds: 0, trigger: .location(region, repeats: true)),
                               bundleIdentifier: app)
        let kept = try #require(await h.engine.pendingRequests(bundleIdentifier: app).first?.content.attachments.first?.path)
        try await h.deliver(through: connection, answer: .options([.list]), { await $0.moveDevice(to: 48.8606, 2.3376) }) {
            await h.engine.removePendingRequests(identifiers: ["r"], bundleIdentifier: app)
            #expect(exists(kept), "the fired request's picture went while its delivery waited")
        }
        let copy = try #require(await h.engine.deliveredNotifications(bundleIdentifier: app).first?.content.attachments.first?.path)
        #expect(copy != kept && exists(copy))
        #expect(!exists(kept))
    }

    /// Unchanged, a repeating request keeps its picture for its next fire; the delivery has a copy.
    @Test func anUnchangedRepeatingRequestKeepsItsPicture() async throws {
        let (h, app, connection) = try await EngineHarness.withHeldApp()
        defer { h.directory.remove() }
        try await h.engine.add(try picturedRequest(h, title: "old", seconds: 60), bundleIdentifier: app)
        let kept = try #require(await h.engine.pendingRequests(bundleIdentifier: app).first?.content.attachments.first?.path)
        h.clock.advance(by: 60)
        try await h.deliver(through: connection, answer: .options([.list])) {}
        #expect(exists(kept))
        let copy = try #require(await h.engine.deliveredNotifications(bundleIdentifier: app).first?.content.attachments.first?.path)
        #expect(copy != kept && exists(copy))
    }
}

import Foundation
import HeraldCore
import Testing
import TestSupport
@testable import HeraldDBus

/// What is stored from a `Notify` is bounded by a small multiple of what was sent, whatever the
/// body's markup: a real private bus, the real door and engine, the real `notify-send` sending
/// the largest body the door takes, built to make the most of the markup (deep nesting, a long
/// link around thousands of runs). What is measured is the stored notification as JSON — the
/// text, every styled run and everything else the row keeps.
@Suite struct BodyAmplificationTests {
    /// A body of exactly `bytes` bytes: `<b>x` repeated, then as many `</b>`, padded with text.
    static func nestedBold(bytes: Int) -> String {
        let depth = bytes / 8
        let body = String(repeating: "<b>x", count: depth) + String(repeating: "</b>", count: depth)
        return body + String(repeating: "y", count: bytes - body.utf8.count)
    }

    /// A link with a long target around alternating bold and plain letters, `bytes` bytes long.
    static func longLinkAroundRuns(bytes: Int) -> String {
        let href = String(repeating: "h", count: bytes / 2)
        let head = "<a href=\"https://example.com/\(href)\">"
        let runs = (bytes - head.utf8.count - 4) / 9
        let body = head + String(repeating: "<b>x</b>y", count: runs) + "</a>"
        return body + String(repeating: "z", count: bytes - body.utf8.count)
    }

    @Test(.requiring(DoorFixture.programs), arguments: ["nested bold", "long link around runs"])
    func storedIsASmallMultipleOfWhatWasSent(_ shape: String) async throws {
        try await DoorFixture.with { fixture in
            let body = shape == "nested bold" ? Self.nestedBold(bytes: 65_535) : Self.longLinkAroundRuns(bytes: 65_535)
            #expect(body.utf8.count == 65_535)
            let run = try await fixture.notifySend(["-a", "markup", "Amplified?", body])
            #expect(run.status == 0, "\(run.stderr)")
            let record = try #require(try fixture.history().first)
            let stored = try JSONEncoder().encode(record).count
            let sent = body.utf8.count + "Amplified?".utf8.count + "markup".utf8.count
            #expect(stored <= 4 * sent, "\(shape): \(sent) bytes sent, \(stored) bytes stored")
            let styles = record.request.content.traits?.bodyStyles ?? []
            #expect(!styles.isEmpty, "the markup's styles are kept, up to their limit")
            #expect(styles.count <= NotificationTraits.maximumBodyStyles)
            if shape == "long link around runs" { #expect(styles.contains { $0.link != nil }, "the link is kept first") }

            // The door serves on.
            #expect(try await fixture.notifySend(["-a", "markup", "Next"]).status == 0)
            #expect(try fixture.history().first?.request.content.title == "Next")
        }
    }
}

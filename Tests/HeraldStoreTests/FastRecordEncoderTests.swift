import Foundation
import HeraldCore
import Testing
import TestSupport
@testable import HeraldStore

/// The hand-written encoder of `delivered.record` writes what `JSONEncoder` writes, byte for
/// byte, and `JSONDecoder` reads it back to the same record.
@Suite struct FastRecordEncoderTests {
    static let pieces = ["", "a", "Build", "ünïcödé", "日本語", "emoji 🎉👩‍👩‍👧", "quote \" back \\ slash /",
                         "tab\tnew\nline\r", "\u{01}\u{1F}\u{7F}", "\u{2028}", "https://example.com/a?b=c"]

    static func text(_ rng: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined(separator: " ")
    }

    static func json(_ rng: inout SeededGenerator, depth: Int = 0) -> JSONValue {
        switch Int.random(in: 0..<(depth > 1 ? 5 : 7), using: &rng) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .int(Int.random(in: Int.min...Int.max, using: &rng))
        case 3: return .double([0.1, 1.5, -2.25, 1e20, 3.0e-7, 123_456.789, Double.random(in: -1e6...1e6, using: &rng)]
            .randomElement(using: &rng)!)
        case 4: return .string(text(&rng))
        case 5: return .array((0..<Int.random(in: 0...3, using: &rng)).map { _ in json(&rng, depth: depth + 1) })
        default:
            var object: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...3, using: &rng) { object["k\(Int.random(in: 0...20, using: &rng))"] = json(&rng, depth: depth + 1) }
            return .object(object)
        }
    }

    static func payload(_ rng: inout SeededGenerator) -> DeliveredPayload {
        var content = ContentRecord(title: text(&rng), subtitle: text(&rng), body: text(&rng),
                                    badge: Bool.random(using: &rng) ? Int.random(in: 0...99, using: &rng) : nil,
                                    sound: [nil, .default, .defaultCritical, SoundRecord(name: "ping.caf", volume: 0.5)]
                                        .randomElement(using: &rng)!,
                                    categoryIdentifier: text(&rng), threadIdentifier: text(&rng),
                                    interruptionLevel: UNNotificationInterruptionLevel.allCases.randomElement(using: &rng)!)
        for _ in 0..<Int.random(in: 0...3, using: &rng) { content.userInfo["key\(Int.random(in: 0...9, using: &rng))"] = json(&rng) }
        if Bool.random(using: &rng) { content.targetContentIdentifier = text(&rng) }
        if Bool.random(using: &rng) { content.filterCriteria = text(&rng) }
        content.relevanceScore = [0, 0.5, 1].randomElement(using: &rng)!
        content.summaryArgument = text(&rng)
        content.summaryArgumentCount = Int.random(in: 0...5, using: &rng)
        let trigger: TriggerRecord? = [nil, .push, .timeInterval(seconds: 60, repeats: true),
                                       .timeInterval(seconds: 0.25, repeats: false)].randomElement(using: &rng)!
        return DeliveredPayload(request: RequestRecord(identifier: text(&rng), content: content, trigger: trigger),
                                date: Date(timeIntervalSinceReferenceDate: [0, 720_000_000.5, Double.random(in: -1e9...1e9, using: &rng)]
                                    .randomElement(using: &rng)!),
                                presentation: UNNotificationPresentationOptions(rawValue: UInt.random(in: 0...31, using: &rng)))
    }

    @Test func writesWhatJSONEncoderWrites() throws {
        let coding = RecordCoding(path: "test")
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<3_000 {
            let payload = Self.payload(&rng)
            let fast = try #require(FastRecordEncoder.encode(payload))
            #expect(fast == (try coding.encode(payload)))
            let decoded = try JSONDecoder().decode(DeliveredPayload.self, from: Data(fast.utf8))
            let reference = try JSONDecoder().decode(DeliveredPayload.self, from: Data(try coding.encode(payload).utf8))
            #expect(decoded.request == reference.request && decoded.date == reference.date
                    && decoded.presentation == reference.presentation)
        }
    }

    @Test func leavesTheRestToJSONEncoder() {
        var content = ContentRecord(title: "t")
        content.attachments = [AttachmentRecord(identifier: "a", path: "/tmp/a.png", type: "public.png", size: 1, fileName: "a.png")]
        let date = Date(timeIntervalSinceReferenceDate: 0)
        #expect(FastRecordEncoder.encode(DeliveredPayload(request: RequestRecord(identifier: "x", content: content),
                                                          date: date, presentation: [])) == nil)
        #expect(FastRecordEncoder.encode(DeliveredPayload(
            request: RequestRecord(identifier: "x", content: ContentRecord(title: "t"),
                                   trigger: .calendar(CalendarComponents(hour: 1), repeats: true)),
            date: date, presentation: [])) == nil)
        #expect(FastRecordEncoder.encode(DeliveredPayload(
            request: RequestRecord(identifier: "x", content: ContentRecord(title: "t", userInfo: ["n": .double(.nan)])),
            date: date, presentation: [])) == nil)
    }
}

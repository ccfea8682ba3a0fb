import Foundation
import HeraldCore
import Testing
import TestSupport
@testable import HeraldStore

/// The hand-written codec of `delivered.record` (`CompactDeliveredRecord`) writes what
/// `JSONEncoder` writes, byte for byte, and reads it back; a delivery goes through the store and
/// comes back the same, compact or (written before schema version 6) full.
@Suite struct CompactRecordTests {
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

    static func delivered(_ rng: inout SeededGenerator) -> DeliveredRecord {
        var content = ContentRecord(title: text(&rng), subtitle: text(&rng), body: text(&rng),
                                    badge: Bool.random(using: &rng) ? Int.random(in: 0...99, using: &rng) : nil,
                                    sound: [nil, .default, .defaultCritical, SoundRecord(name: "ping.caf", volume: 0.5)]
                                        .randomElement(using: &rng)!,
                                    categoryIdentifier: text(&rng), threadIdentifier: text(&rng),
                                    interruptionLevel: UNNotificationInterruptionLevel.allCases.randomElement(using: &rng)!)
        for _ in 0..<Int.random(in: 0...3, using: &rng) { content.userInfo["key\(Int.random(in: 0...9, using: &rng))"] = json(&rng) }
        if Bool.random(using: &rng) { content.userInfoTypes = ["key\(Int.random(in: 0...9, using: &rng))": json(&rng)] }
        if Bool.random(using: &rng) { content.targetContentIdentifier = text(&rng) }
        if Bool.random(using: &rng) { content.filterCriteria = text(&rng) }
        content.relevanceScore = [0, 0.5, 1].randomElement(using: &rng)!
        content.summaryArgument = text(&rng)
        content.summaryArgumentCount = Int.random(in: 0...5, using: &rng)
        let trigger: TriggerRecord? = [nil, .push, .timeInterval(seconds: 60, repeats: true),
                                       .timeInterval(seconds: 0.25, repeats: false)].randomElement(using: &rng)!
        return DeliveredRecord(bundleIdentifier: "com.example.app\(Int.random(in: 0...2, using: &rng))",
                               request: RequestRecord(identifier: text(&rng), content: content, trigger: trigger),
                               date: Date(timeIntervalSinceReferenceDate: [0, 720_000_000.5, Double.random(in: -1e9...1e9, using: &rng)]
                                   .randomElement(using: &rng)!),
                               presentation: UNNotificationPresentationOptions(rawValue: UInt.random(in: 0...31, using: &rng)),
                               isRead: Bool.random(using: &rng))
    }

    @Test func writesWhatJSONEncoderWrites() throws {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<3_000 {
            let compact = CompactDeliveredRecord(Self.delivered(&rng))
            let fast = try #require(JSONFastCodec.encode(compact, dates: RecordCoding.dates))
            #expect(fast == (try RecordCoding.dates.encoder.encode(compact)))
            #expect(JSONFastCodec.decode(CompactDeliveredRecord.self, from: fast, dates: RecordCoding.dates) == compact)
            #expect(try JSONDecoder().decode(CompactDeliveredRecord.self, from: fast) == compact)
        }
    }

    /// Attachments, desktop traits and calendar and location triggers go through the hand-written
    /// codec too; only what `JSONEncoder` refuses (a number that is not finite) is left to it.
    @Test func handlesTheRareShapesAndLeavesTheRestToJSONEncoder() throws {
        let date = Date(timeIntervalSinceReferenceDate: 0)
        func compact(_ content: ContentRecord, trigger: TriggerRecord? = nil) -> CompactDeliveredRecord {
            CompactDeliveredRecord(DeliveredRecord(bundleIdentifier: "a", request: RequestRecord(identifier: "x", content: content,
                                                                                               trigger: trigger),
                                                   date: date, presentation: []))
        }
        var content = ContentRecord(title: "t")
        content.attachments = [AttachmentRecord(identifier: "a", path: "/tmp/a.png", type: "public.png", size: 1, fileName: "a.png")]
        content.traits = NotificationTraits(isTransient: true)
        let rare = [compact(content), compact(ContentRecord(title: "t"), trigger: .calendar(CalendarComponents(hour: 1), repeats: true)),
                    compact(ContentRecord(title: "t"), trigger: .location(RegionRecord(identifier: "home", latitude: 1, longitude: 2,
                                                                                      radius: 100), repeats: false))]
        for record in rare {
            let fast = try #require(JSONFastCodec.encode(record, dates: RecordCoding.dates))
            #expect(fast == (try RecordCoding.dates.encoder.encode(record)))
            #expect(JSONFastCodec.decode(CompactDeliveredRecord.self, from: fast, dates: RecordCoding.dates) == record)
        }
        #expect(JSONFastCodec.encode(compact(ContentRecord(title: "t", userInfo: ["n": .double(.nan)])), dates: RecordCoding.dates) == nil)
    }

    /// The `date` column and `dateSteps` (or `exactDate`) give every date back to the bit, and
    /// dates of these decades need no more than steps.
    @Test func everyDateComesBackToTheBit() {
        var rng = SeededGenerator(seed: 3)
        var wrong = 0
        var exactNow = 0
        for n in 0..<30_000 {
            let seconds = [Double.random(in: 7e8...1.2e9, using: &rng), Double.random(in: -1e10...1e10, using: &rng),
                           Double.random(in: -2...2, using: &rng)][n % 3]
            let date = Date(timeIntervalSinceReferenceDate: seconds)
            let (steps, exact) = CompactDeliveredRecord.dateCorrection(date)
            let back = exact ?? CompactDeliveredRecord.date(column: date.timeIntervalSince1970, steps: steps ?? 0)
            if back != date { wrong += 1 }
            if n % 3 == 0, exact != nil { exactNow += 1 }
        }
        #expect(wrong == 0)
        #expect(exactNow == 0, "\(exactNow) dates of these decades needed the whole date")
    }

    /// A typical notification's record holds what differs from the defaults and nothing the
    /// columns hold.
    @Test func aTypicalRecordIsSmall() throws {
        let content = ContentRecord(title: "Build 12", subtitle: "ci", body: "deploy passed", userInfo: ["n": .int(12)],
                                    categoryIdentifier: "CAT", threadIdentifier: "lunch")
        let record = DeliveredRecord(bundleIdentifier: "com.example.app", request: RequestRecord(identifier: "r12", content: content),
                                     date: Date(timeIntervalSince1970: 1_750_000_000), presentation: [.banner, .list])
        #expect(try RecordCoding(path: "test").encode(CompactDeliveredRecord(record))
                == #"{"categoryIdentifier":"CAT","threadIdentifier":"lunch","userInfo":{"n":12}}"#)
    }

    /// Random deliveries — attachments, traits and every trigger included, so both encoders —
    /// come back from the store as they went in.
    @Test func deliveriesComeBackFromTheStoreAsTheyWentIn() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        var rng = SeededGenerator(seed: 7)
        for n in 0..<400 {
            var record = Self.delivered(&rng)
            if n % 5 == 0 {
                record.request.content.attachments = [AttachmentRecord(identifier: "a\(n)", path: "/elsewhere/a\(n).png",
                                                                       type: "public.png", size: 1, fileName: "a.png")]
            }
            if n % 7 == 0 { record.request.content.traits = NotificationTraits(bannerTimeout: 3, isResident: true, progress: 40) }
            if n % 11 == 0 { record.request.trigger = RecordFixtures.triggers[n % RecordFixtures.triggers.count] }
            let stored = try store.insertDelivered(record)
            #expect(try store.delivered(id: stored.deliveryID) == stored)
        }
    }

    /// A row written before schema version 6 (the full record) reads as before, and rewriting its
    /// content stores the compact form.
    @Test func aFullRecordFromBeforeVersion6StillReads() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        var rng = SeededGenerator(seed: 9)
        let record = Self.delivered(&rng)
        let full = try RecordCoding(path: "test").encode(DeliveredPayload(request: record.request, date: record.date,
                                                                          presentation: record.presentation))
        try store.connection.execute("""
            INSERT INTO delivered (bundle_id, identifier, date, presentation, is_read, title, subtitle, body, record)
            VALUES (?1, ?2, ?3, 0, ?4, ?5, ?6, ?7, ?8)
            """, [.text(record.bundleIdentifier), .text(record.identifier), record.date.sqlColumn, SQLValue(record.isRead),
                  .text(record.content.title), .text(record.content.subtitle), .text(record.content.body), .text(full)])
        var expected = record
        expected.deliveryID = store.connection.lastInsertRowID
        #expect(try store.delivered(id: expected.deliveryID) == expected)
        try store.updateDeliveredContent(expected)
        try store.connection.execute("UPDATE delivered SET presentation = ?1 WHERE id = ?2",
                                     [.integer(Int64(expected.presentation.rawValue)), .integer(expected.deliveryID)])
        #expect(try store.delivered(id: expected.deliveryID) == expected)
        let rewritten = try store.connection.queryFirst("SELECT record FROM delivered WHERE id = ?1",
                                                        [.integer(expected.deliveryID)]) { $0.text(0) }
        #expect(rewritten?.hasPrefix(#"{"date":"#) == false)
    }

    /// A desktop notification's traits as rows already hold them (the synthesized encoder's
    /// bytes) read by the hand-written codec, which writes them back byte for byte.
    @Test func storedTraitsReadAndWriteAsBefore() throws {
        let row = #"{"traits":{"bannerTimeout":2.5,"bodyStyles":[{"isBold":true,"isItalic":false,"isUnderlined":true,"#
            + #""length":4,"link":"https://e.x/a?b=1","start":1,"text":"bold \"x\""}],"isResident":true,"#
            + #""isSenderGone":true,"isTransient":false,"progress":40,"urgency":2}}"#
        let bare = #"{"traits":{"bodyStyles":[],"isResident":false,"isSenderGone":false,"isTransient":false}}"#
        var styled = NotificationTraits(bannerTimeout: 2.5, isResident: true, progress: 40,
                                        bodyStyles: [BodyStyle(start: 1, length: 4, text: #"bold "x""#, isBold: true,
                                                               isUnderlined: true, link: "https://e.x/a?b=1")],
                                        urgency: 2)
        styled.isSenderGone = true
        for (text, traits) in [(row, styled), (bare, NotificationTraits())] {
            let data = Data(text.utf8)
            let read = try #require(JSONFastCodec.decode(CompactDeliveredRecord.self, from: data, dates: RecordCoding.dates))
            #expect(read.traits == traits)
            #expect(try RecordCoding.dates.decoder.decode(CompactDeliveredRecord.self, from: data).traits == traits)
            #expect(JSONFastCodec.encode(read, dates: RecordCoding.dates) == data)
            #expect(try RecordCoding.dates.encoder.encode(read) == data)
        }
    }

    /// A field added to `ContentRecord` or `RequestRecord` must be added to the compact record
    /// too (and to its hand-written codec), or the store would drop it.
    @Test func theCompactRecordHasEveryFieldTheColumnsDoNot() {
        let compact = Set(Mirror(reflecting: CompactDeliveredRecord(RecordFixtures.delivered())).children.compactMap(\.label))
        let content = Set(Mirror(reflecting: ContentRecord()).children.compactMap(\.label))
        #expect(content.subtracting(CompactDeliveredRecord.contentFieldsInColumns).subtracting(compact).isEmpty,
                "ContentRecord fields missing from CompactDeliveredRecord: \(content.subtracting(CompactDeliveredRecord.contentFieldsInColumns).subtracting(compact))")
        let request = Set(Mirror(reflecting: RequestRecord(identifier: "x", content: ContentRecord())).children.compactMap(\.label))
        #expect(request == ["identifier", "contentBox", "trigger"], "RequestRecord has new fields: \(request)")
    }
}

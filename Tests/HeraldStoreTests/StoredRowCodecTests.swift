import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// The store's rows are read by the hand-written codec — the rows an existing database holds
/// (written by `JSONEncoder`, seconds since 2001) included — and a damaged row still names the
/// row and the field.
@Suite struct StoredRowCodecTests {
    /// A `pending` row as `JSONEncoder` (sorted keys, dates in Foundation's own form) wrote it.
    static let oldPendingRow = #"""
        {"bundleIdentifier":"com.example.old","nextFireDate":786000060.25,"request":{"content":{"attachments":[],\#
        "body":"Bring the card \/ café \u00e9 \n ok","categoryIdentifier":"","interruptionLevel":1,"launchImageName":"",\#
        "relevanceScore":0,"subtitle":"","summaryArgument":"","summaryArgumentCount":0,"threadIdentifier":"",\#
        "title":"Dentist","userInfo":{"id":42,"tags":["a","b"]}},"identifier":"r1",\#
        "trigger":{"timeInterval":{"repeats":false,"seconds":60}}},"scheduledAt":786000000.25}
        """#

    @Test func aPendingRowWrittenByTheOldEncoderReadsThroughTheHandWrittenCodec() throws {
        let bytes = Data(Self.oldPendingRow.utf8)
        let reference = try JSONDecoder().decode(PendingRecord.self, from: bytes)   // what the store read it with before
        let fast = try #require(JSONFastCodec.decode(PendingRecord.self, from: bytes, dates: RecordCoding.dates),
                                "the hand-written codec left an existing row to JSONDecoder")
        #expect(fast == reference)
        #expect(fast.scheduledAt == Date(timeIntervalSinceReferenceDate: 786_000_000.25))
        #expect(fast.request.content.body == "Bring the card / café é \n ok")

        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        try store.connection.execute("""
            INSERT INTO pending (bundle_id, identifier, trigger_kind, scheduled_at, next_fire_date, record)
            VALUES ('com.example.old', 'r1', 'timeInterval', 0, 0, ?1)
            """, [.text(Self.oldPendingRow)])
        #expect(try store.loadPending() == [reference])
    }

    @Test func pendingRowsAreWrittenAsJSONEncoderWroteThem() throws {
        let reference = try JSONDecoder().decode(PendingRecord.self, from: Data(Self.oldPendingRow.utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(try RecordCoding(path: "test").encode(reference) == String(decoding: try encoder.encode(reference), as: UTF8.self))
    }

    @Test func aDamagedPendingRowNamesTheRowAndTheField() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let damaged = Self.oldPendingRow.replacingOccurrences(of: #""scheduledAt":786000000.25"#, with: #""scheduledAt":"soon""#)
        try store.connection.execute("""
            INSERT INTO pending (bundle_id, identifier, trigger_kind, scheduled_at, next_fire_date, record)
            VALUES ('com.example.old', 'r1', 'timeInterval', 0, 0, ?1)
            """, [.text(damaged)])
        do {
            _ = try store.loadPending()
            Issue.record("a damaged row was read")
        } catch let error as StoreError {
            let text = error.description
            #expect(text.contains("pending record (com.example.old r1)"), "\(text)")
            #expect(text.contains("scheduledAt"), "\(text)")
        }
    }
}

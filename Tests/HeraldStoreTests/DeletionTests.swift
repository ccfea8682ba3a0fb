import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// Deleting deliveries takes their responses, their attachment rows and, once the deletion
/// commits, their files — alike for one id (bound as it is) and for several
/// (one JSON array), the two forms of `DeletionStatements`.
@Suite struct DeletionTests {
    @Test(arguments: [1, 3])
    func deletingDeliveriesTakesTheirResponsesAndFiles(count: Int) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let files = fixture.home.attachmentsDirectory
        var deleted: [DeliveredRecord] = []
        for n in 0..<count {
            let path = files.appendingPathComponent("picture\(n).png").path
            try Data([UInt8(n)]).write(to: URL(fileURLWithPath: path))
            let record = try store.insertDelivered(RecordFixtures.delivered(identifier: "gone\(n)", attachmentPath: path))
            _ = try store.insertResponse(ResponseRecord(notification: record, action: .open, date: RecordFixtures.date))
            deleted.append(record)
        }
        // A delivery that stays, with its own picture.
        let keptPath = files.appendingPathComponent("kept.png").path
        try Data([9]).write(to: URL(fileURLWithPath: keptPath))
        let kept = try store.insertDelivered(RecordFixtures.delivered(identifier: "kept", attachmentPath: keptPath))
        _ = try store.insertResponse(ResponseRecord(notification: kept, action: .open, date: RecordFixtures.date))

        try store.deleteDelivered(ids: deleted.map(\.deliveryID))

        #expect(try store.history(HistoryQuery()).map(\.deliveryID) == [kept.deliveryID])
        for record in deleted {
            #expect(try store.responses(deliveryID: record.deliveryID).isEmpty)
        }
        #expect(try store.responses(deliveryID: kept.deliveryID).count == 1)
        #expect(FileManager.default.fileExists(atPath: keptPath))
        for n in 0..<count {
            let path = files.appendingPathComponent("picture\(n).png").path
            #expect(!FileManager.default.fileExists(atPath: path), "picture\(n).png stayed")
        }
        #expect(try store.unreadCounts() == ["com.example.calendar": 1])
    }
}

import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

@Suite struct RetentionTests {
    private let now = RecordFixtures.date

    private func open(_ fixture: StoreFixture, _ policy: RetentionPolicy) throws -> SQLiteStore {
        var options = SQLiteStoreOptions(synchronous: .normal, retention: policy, applyRetentionOnOpen: false)
        options.applyRetentionOnInsert = false   // these test the pass itself
        return try fixture.open(options)
    }

    /// An app flooding history never holds more than its cap (plus 1%).
    @Test func theCapHoldsAsRowsArrive() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open(SQLiteStoreOptions(synchronous: .normal,
                                                        retention: RetentionPolicy(maxPerApp: 200, maxAge: nil),
                                                        applyRetentionOnOpen: false))
        var most = 0
        for chunk in 0..<10 {
            try store.batch {
                for n in 0..<100 {
                    _ = try store.insertDelivered(RecordFixtures.delivered(app: "com.example.ci", identifier: "b\(chunk)-\(n)"))
                }
            }
            most = max(most, try store.historyCount(HistoryQuery(bundleIdentifier: "com.example.ci")))
        }
        _ = try store.insertDelivered(RecordFixtures.delivered(app: "com.example.mail", identifier: "m"))
        #expect(most <= 202, "an app with retention 200 held \(most) rows")
        let newest = try store.history(HistoryQuery(bundleIdentifier: "com.example.ci", limit: 1)).first?.identifier
        #expect(newest == "b9-99")
        #expect(try store.historyCount(HistoryQuery(bundleIdentifier: "com.example.mail")) == 1)
    }

    /// Creates a file in the home's attachments directory and returns its path.
    private func attachment(_ fixture: StoreFixture, _ name: String) throws -> String {
        try fixture.home.create()
        let url = fixture.home.attachmentsDirectory.appendingPathComponent(name)
        try Data("png".utf8).write(to: url)
        return url.path
    }

    @Test func keepsTheNewestPerApp() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try open(fixture, RetentionPolicy(maxPerApp: 3, maxAge: nil))
        let calendar = try (0..<5).map { try store.insertDelivered(RecordFixtures.delivered(identifier: "c\($0)")).deliveryID }
        let mail = try (0..<2).map {
            try store.insertDelivered(RecordFixtures.delivered(app: "com.example.mail", identifier: "m\($0)")).deliveryID
        }
        let result = try store.applyRetention(now: now)
        #expect(result.deletedNotifications == 2)
        #expect(try store.history(HistoryQuery(bundleIdentifier: "com.example.calendar")).map(\.deliveryID)
            == calendar.suffix(3).reversed())
        #expect(try store.history(HistoryQuery(bundleIdentifier: "com.example.mail")).map(\.deliveryID) == mail.reversed())
        #expect(try store.applyRetention(now: now).deletedNotifications == 0)
    }

    @Test func dropsWhatIsOlderThanTheMaximumAge() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try open(fixture, RetentionPolicy(maxPerApp: nil, maxAge: 10 * 86_400))
        let old = try store.insertDelivered(RecordFixtures.delivered(date: now.addingTimeInterval(-11 * 86_400)))
        let recent = try store.insertDelivered(RecordFixtures.delivered(date: now.addingTimeInterval(-9 * 86_400)))
        try store.applyRetention(now: now)
        #expect(try store.delivered(id: old.deliveryID) == nil)
        #expect(try store.delivered(id: recent.deliveryID) != nil)
        #expect(try store.history(HistoryQuery(search: "meeting")).map(\.deliveryID) == [recent.deliveryID])
    }

    /// Each row is judged by its own date, whatever the order it came in (a clock set back, a
    /// date given by the sender), and the pass reads the app index, which covers the date: no row.
    @Test func theAgePassJudgesEveryRowByItsOwnDateFromTheAppIndex() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try open(fixture, RetentionPolicy(maxPerApp: nil, maxAge: 10 * 86_400))
        let days: [Double] = [-11, -9, -12, -1, -30]
        var ids: [Int64] = []
        for (n, day) in days.enumerated() {
            let app = n % 2 == 0 ? "com.example.mail" : "com.example.build"
            ids.append(try store.insertDelivered(RecordFixtures.delivered(app: app, identifier: "d\(n)",
                                                                          date: now.addingTimeInterval(day * 86_400))).deliveryID)
        }
        #expect(try store.applyRetention(now: now).deletedNotifications == 3)
        #expect(try ids.map { try store.delivered(id: $0) != nil } == [false, true, false, true, false])
        let plan = try store.connection.query("EXPLAIN QUERY PLAN \(SQLiteStore.ageVictimsSQL)",
                                              [now.sqlColumn]) { $0.text(3) }
        #expect(plan.contains { $0.contains("COVERING INDEX delivered_app") }, "\(plan)")
    }

    @Test func attachmentFilesGoWithTheirNotificationsButOnlyInsideTheStore() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try open(fixture, RetentionPolicy(maxPerApp: 1, maxAge: nil))
        let own = try attachment(fixture, "own.png")
        let shared = try attachment(fixture, "shared.png")
        let scheduled = try attachment(fixture, "scheduled.png")
        let outside = fixture.directory.url.appendingPathComponent("outside.png").path
        try Data("keep".utf8).write(to: URL(fileURLWithPath: outside))
        let sneaky = fixture.home.attachmentsDirectory.path + "/../../outside.png"

        for path in [own, shared, scheduled, outside, sneaky] {
            _ = try store.insertDelivered(RecordFixtures.delivered(attachmentPath: path))
        }
        _ = try store.insertDelivered(RecordFixtures.delivered(attachmentPath: shared))   // newest: kept
        var pending = RecordFixtures.pending()
        pending.request.content.attachments[0].path = scheduled
        try store.savePending(pending)

        #expect(try store.applyRetention(now: now).deletedNotifications == 5)
        let exists = { (path: String) in FileManager.default.fileExists(atPath: path) }
        #expect(!exists(own))
        #expect(exists(shared))      // the kept notification still shows it
        #expect(exists(scheduled))   // a pending request will deliver it
        #expect(exists(outside))     // never outside the attachments directory
    }

    @Test func filesAreRemovedOnlyWhenTheDeletionCommits() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try open(fixture, .unlimited)
        let path = try attachment(fixture, "a.png")
        let delivery = try store.insertDelivered(RecordFixtures.delivered(attachmentPath: path))
        struct Boom: Error {}
        _ = try? store.batch {
            try store.deleteDelivered(ids: [delivery.deliveryID])
            #expect(FileManager.default.fileExists(atPath: path))
            throw Boom()
        }
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try store.delivered(id: delivery.deliveryID) != nil)
        try store.batch {
            try store.deleteDelivered(ids: [delivery.deliveryID])
            #expect(FileManager.default.fileExists(atPath: path))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func notificationsWithResponsesWaitingForTheirAppAreKept() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try open(fixture, RetentionPolicy(maxPerApp: nil, maxAge: 86_400))
        let waiting = try store.insertDelivered(RecordFixtures.delivered(date: now.addingTimeInterval(-2 * 86_400)))
        let handled = try store.insertDelivered(RecordFixtures.delivered(date: now.addingTimeInterval(-2 * 86_400)))
        let response = try store.insertResponse(ResponseRecord(notification: waiting, action: .open, date: now))
        let done = try store.insertResponse(ResponseRecord(notification: handled, action: .open, date: now))
        try store.markResponseDeliveredToApp(id: done.responseID)
        try store.applyRetention(now: now)
        #expect(try store.delivered(id: waiting.deliveryID) != nil)
        #expect(try store.delivered(id: handled.deliveryID) == nil)
        #expect(try store.undeliveredResponses(bundleIdentifier: waiting.bundleIdentifier) == [response])
    }

    @Test func retentionRunsWhenTheStoreOpens() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        do {
            let store = try open(fixture, .unlimited)
            _ = try store.insertDelivered(RecordFixtures.delivered(date: Date().addingTimeInterval(-400 * 86_400)))
            _ = try store.insertDelivered(RecordFixtures.delivered(date: Date()))
        }
        let store = try fixture.open(SQLiteStoreOptions(synchronous: .normal))   // defaults: 365 days
        #expect(try store.historyCount(HistoryQuery()) == 1)
    }

    @Test func largeDeletionsHappenInChunks() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try open(fixture, RetentionPolicy(maxPerApp: 10, maxAge: nil))
        try store.batch {
            for n in 0..<(SQLiteStore.retentionChunk * 2 + 50) {
                _ = try store.insertDelivered(RecordFixtures.delivered(identifier: "n\(n)"))
            }
        }
        #expect(try store.applyRetention(now: now).deletedNotifications == SQLiteStore.retentionChunk * 2 + 40)
        #expect(try store.historyCount(HistoryQuery()) == 10)
        #expect(try store.historyCount(HistoryQuery(search: "meeting")) == 10)
    }
}

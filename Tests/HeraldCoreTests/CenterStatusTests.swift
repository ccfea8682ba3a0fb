import Foundation
import Testing
import HeraldCore

/// A status line kept up to date from the center's events.
@Suite struct CenterStatusTests {
    func record(_ id: Int64, app: String = "make", title: String = "T", at seconds: TimeInterval,
                isRead: Bool = false) -> DeliveredRecord {
        DeliveredRecord(deliveryID: id, bundleIdentifier: app,
                        request: RequestRecord(identifier: "r\(id)", content: ContentRecord(title: title)),
                        date: Date(timeIntervalSince1970: seconds), presentation: [.banner, .list], isRead: isRead)
    }

    @Test func aDeliveryBecomesTheNewestWithoutAskingAgain() {
        var status = CenterStatus(newestUnread: record(1, at: 10))
        #expect(status.apply(.delivered(record(2, title: "New", at: 20), replacedDeliveryID: nil)) == false)
        #expect(status.newestUnread?.title == "New")
        #expect(status.apply(.countsChanged(bundleIdentifier: "make", counts: HistoryCounts(unread: 2, total: 2))) == false)
        #expect(status.unread == 2)
    }

    @Test func readingTheNewestAsksForItAgain() {
        var status = CenterStatus(counts: ["make": HistoryCounts(unread: 2, total: 2)], newestUnread: record(2, at: 20))
        #expect(status.apply(.updated(record(2, at: 20, isRead: true))) == true)
        #expect(status.apply(.updated(record(1, at: 10, isRead: true))) == false)   // an older one
        #expect(status.apply(.countsChanged(bundleIdentifier: "make", counts: HistoryCounts(unread: 1, total: 2))) == true)
        #expect(status.apply(.deleted(deliveryIDs: [2])) == true)
        #expect(status.apply(.deleted(deliveryIDs: [9])) == false)
        #expect(status.apply(.cleared(bundleIdentifier: nil)) == true)
        #expect(status.apply(.cleared(bundleIdentifier: "other")) == false)
        // A notification marked unread again that is newer than the newest.
        #expect(status.apply(.updated(record(3, at: 30))) == true)
    }

    @Test func focusAndNamesFollow() {
        var status = CenterStatus()
        _ = status.apply(.focusChanged(FocusStatus(name: "Work", endsAt: nil, isScheduled: true)))
        #expect(status.doNotDisturb && status.focus?.name == "Work")
        var app = AppRecord(bundleIdentifier: "com.example.mail")
        app.displayName = "Mail"
        _ = status.apply(.appChanged(app))
        _ = status.apply(.countsChanged(bundleIdentifier: "com.example.mail", counts: HistoryCounts(unread: 1, total: 1)))
        _ = status.apply(.countsChanged(bundleIdentifier: "b", counts: HistoryCounts(unread: 3, total: 3)))
        #expect(status.unreadApps.map(\.name) == ["b", "Mail"])
        _ = status.apply(.focusChanged(nil))
        #expect(!status.doNotDisturb)
    }
}

import Foundation
import HeraldCore
import TerminalKit
import Testing
@testable import HeraldUI

/// `Esc` backs out — of a banner, a search, a summary's list, an app's list, the sidebar — one
/// step at a time, and never dismisses, deletes or answers anything (`x` dismisses).
@Suite struct EscapeBacksOutTests {
    func delivered(_ record: DeliveredRecord) -> Msg { .event(.delivered(record, replacedDeliveryID: nil)) }

    @Test func escWithNothingToBackOutOfChangesNothing() {
        var model = Fixtures.model()
        let before = model.history
        #expect(model.update(.key(.escape)).isEmpty)
        #expect(model.history == before)
        #expect(model.selectedDeliveryID == 6)
        #expect(model.status?.text.contains("x dismisses") == true)
        #expect(model.update(.key(.char("x"))) == [.respond(deliveryID: 6, action: .dismiss)])   // x still does
    }

    @Test func escClosesABannerAndTheNotificationStaysInTheListUnread() {
        var model = Fixtures.model()
        _ = model.update(delivered(Fixtures.record(7, title: "Bob", body: "Coffee?")))
        #expect(model.banner.current?.deliveryID == 7)
        #expect(model.update(.key(.escape)).isEmpty)   // no dismiss reported
        #expect(model.banner.isEmpty)
        #expect(model.history.first { $0.deliveryID == 7 }?.isRead == false)
    }

    /// "37 new from CI", Enter shows them (the app's list), Esc goes back to All — it does not
    /// dismiss the row that happens to be selected.
    @Test func escAfterACoalescedBannerReturnsToAll() {
        var model = Fixtures.model(apps: BannerStackTests.apps, history: [])
        for id in 1...10 {
            _ = model.update(delivered(Fixtures.record(Int64(id), app: "com.example.ci", title: "Build \(id)", body: "passed",
                                                      category: "")))
        }
        _ = model.update(.tick(Fixtures.now.addingTimeInterval(5)))   // the first three time out
        #expect(model.banner.focused?.isCoalesced == true)
        _ = model.update(.key(.enter))
        #expect(model.selectedApp == "com.example.ci")
        let effects = model.update(.key(.escape))
        #expect(!effects.contains { if case .respond = $0 { return true } else { return false } })
        #expect(effects == [.loadHistory(HistoryQuery(limit: 300))])
        #expect(model.selectedApp == nil)
        #expect(model.sidebarSelection == 0)
    }

    @Test func escBacksOutOneStepAtATime() {
        var model = Fixtures.model()
        _ = model.update(.key(.tab))                        // the sidebar
        _ = model.update(.key(.char("j")))                  // Calendar
        _ = model.update(.key(.tab))                        // back to its list
        _ = model.update(.key(.char("/")))
        model.type("team")
        _ = model.update(.key(.enter))
        #expect(model.searchText == "team" && model.selectedApp == "com.example.calendar")
        _ = model.update(.key(.escape))                     // the search goes
        #expect(model.searchText == nil && model.selectedApp == "com.example.calendar")
        _ = model.update(.key(.escape))                     // then the app's list
        #expect(model.selectedApp == nil)
        _ = model.update(.key(.tab))
        #expect(model.activePane == .sidebar)
        _ = model.update(.key(.escape))                     // the sidebar hands back to the list
        #expect(model.activePane == .list)
        #expect(model.update(.key(.escape)).isEmpty)        // and then nothing
        #expect(model.history.count == Fixtures.history.count)
    }
}

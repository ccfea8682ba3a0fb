import Foundation
import HeraldCore
import TerminalKit
import Testing
@testable import HeraldUI

/// `c` clears the badge you see: that of the app highlighted in the sidebar (on "All", every
/// app's badge) — never that of whichever app the selected row happens to belong to.
@Suite struct BadgeKeyTests {
    static var apps: [AppRecord] {
        var chat = AppRecord(bundleIdentifier: "com.example.chat", displayName: "Chat")
        chat.badge = 7
        return [Fixtures.messages, Fixtures.calendar, chat]
    }

    @Test func onAllItClearsTheBadgesShownNotTheSelectedRowsApp() {
        var model = Fixtures.model(apps: Self.apps)
        _ = model.update(.key(.char("j")))   // a Calendar row: Calendar has no badge
        #expect(model.selectedRow?.record.bundleIdentifier == "com.example.calendar")
        let effects = model.update(.key(.char("c")))
        #expect(Set(effects) == [.setBadge(0, bundleIdentifier: "com.example.messages"),
                                 .setBadge(0, bundleIdentifier: "com.example.chat")])
        #expect(model.apps.allSatisfy { $0.badge == 0 })
        #expect(model.status?.text == "Badges of 2 apps cleared")
        #expect(model.update(.key(.char("c"))).isEmpty)
        #expect(model.status?.text == "No badges to clear")
    }

    @Test func onAnAppItClearsThatAppsBadge() {
        var model = Fixtures.model(apps: Self.apps)
        _ = model.update(.key(.tab))
        _ = model.update(.key(.char("j")))   // Calendar
        _ = model.update(.key(.char("j")))   // Chat
        #expect(model.update(.key(.char("c"))) == [.setBadge(0, bundleIdentifier: "com.example.chat")])
        #expect(model.status?.text == "Badge of Chat cleared")
        _ = model.update(.key(.tab))         // Chat's list, the sidebar still on Chat
        _ = model.update(.key(.char("k")))
        _ = model.update(.key(.tab))
        _ = model.update(.key(.char("k")))   // Calendar
        _ = model.update(.key(.tab))
        #expect(model.update(.key(.char("c"))).isEmpty)
        #expect(model.status?.text == "Calendar has no badge")
    }
}

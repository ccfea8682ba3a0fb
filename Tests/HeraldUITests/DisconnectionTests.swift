import Foundation
import HeraldCore
import TerminalKit
import Testing
@testable import HeraldUI

/// The center went away: the screen says so, nothing that would change the
/// center changes anything (not even the unread count), and reconnecting reloads everything.
@Suite struct DisconnectionTests {
    @Test func theScreenSaysItIsDisconnected() {
        var model = Fixtures.model()
        _ = model.update(.connectionLost(reason: "the daemon closed the connection"))
        let screen = model.view().lines
        #expect(screen[0].contains("⚠ disconnected — reconnecting…"))
        #expect(screen.last?.contains("Disconnected from the center — reconnecting…") == true)
    }

    @Test func actionsWhileDisconnectedChangeNothing() {
        var model = Fixtures.model()
        let before = model.totalUnread
        _ = model.update(.connectionLost(reason: "gone"))
        #expect(model.update(.key(.enter)).isEmpty)             // open: would mark read
        #expect(model.update(.key(.char("d"))).isEmpty)         // delete
        #expect(model.update(.key(.char("c"))).isEmpty)         // clear a badge
        #expect(model.totalUnread == before)
        #expect(model.history.count == 6)
        #expect(model.apps.first { $0.bundleIdentifier == "com.example.messages" }?.badge == 3)
        #expect(model.status?.text == "Not connected to the center — reconnecting; nothing was changed")
        _ = model.update(.key(.char(":")))
        model.type("dnd on")
        #expect(model.update(.key(.enter)).isEmpty)
        #expect(!model.doNotDisturb)
        #expect(model.overlay == nil)   // closed, so the reason shows
        // A reply being typed stays open, to send once reconnected.
        _ = model.update(.key(.char("r")))
        model.type("on my way")
        #expect(model.update(.key(.enter)).isEmpty)
        guard case .input(let input)? = model.overlay else {
            Issue.record("the reply line closed")
            return
        }
        #expect(input.editor.text == "on my way")
        _ = model.update(.key(.escape))
        // Moving, help and quitting still work.
        _ = model.update(.key(.char("j")))
        #expect(model.selectedDeliveryID == 5)
        #expect(model.update(.key(.char("q"))) == [.quit])
    }

    @Test func reconnectingReloadsEverythingShown() {
        var model = Fixtures.model()
        _ = model.update(.promptRequested(id: 1, app: Fixtures.messages, options: [.alert]))
        _ = model.update(.connectionLost(reason: "gone"))
        #expect(model.prompts.isEmpty)   // the new connection brings them again
        let effects = model.update(.reconnected)
        #expect(effects == [.loadHistory(HistoryQuery(limit: 300)), .loadApps, .loadCounts, .loadDoNotDisturb, .loadFocus])
        #expect(model.disconnection == nil)
        #expect(!model.view().lines[0].contains("disconnected"))
    }

    /// A change the center refused is not left on screen: what it shows is loaded again.
    @Test func aFailedChangeReloadsWhatTheScreenShows() {
        var model = Fixtures.model()
        _ = model.update(.key(.enter))   // opened: read on screen at once
        let effects = model.update(.effectFailed(.respond(deliveryID: 6, action: .open), "Respond failed: gone"))
        #expect(effects == model.reloadEffects)
        #expect(model.status?.isError == true)
        #expect(model.update(.effectFailed(.loadApps, "Loading apps failed")).isEmpty)
    }
}

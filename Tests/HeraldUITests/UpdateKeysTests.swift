import Foundation
import HeraldCore
import TerminalKit
import Testing
@testable import HeraldUI

@Suite struct UpdateKeysTests {
    @Test func listIsGroupedByAppThenThreadNewestFirst() {
        let model = Fixtures.model()
        let rows = model.listRows
        #expect(rows.map(\.record.deliveryID) == [6, 5, 2, 1])
        #expect(rows[0].groupCount == 3)
        #expect(model.summaryText(of: rows[0]) == "2 more messages from Alice")
        #expect(model.summaryText(of: rows[1]) == nil)
    }

    @Test func moreCountWithoutSummaryFormat() {
        let history = [Fixtures.record(2, app: "com.example.calendar", category: "INVITE", thread: "t"),
                       Fixtures.record(1, app: "com.example.calendar", category: "INVITE", thread: "t")]
        let model = Fixtures.model(history: history)
        #expect(model.summaryText(of: model.listRows[0]) == "+1 more")
    }

    /// Moving onto a row only selects it: Apple marks a notification read when it is opened.
    @Test func jkAndArrowsMoveWithoutMarkingRead() {
        var model = Fixtures.model()
        #expect(model.selectedDeliveryID == 6)
        var effects = model.update(.key(.char("j")))
        #expect(model.selectedDeliveryID == 5)
        #expect(effects.isEmpty)
        #expect(model.history.first { $0.deliveryID == 5 }?.isRead == false)
        #expect(model.historyCounts["com.example.calendar"]?.unread == 1)
        effects = model.update(.key(.down))
        #expect(model.selectedDeliveryID == 2)
        #expect(effects.isEmpty)
        _ = model.update(.key(.up))
        _ = model.update(.key(.char("k")))
        #expect(model.selectedDeliveryID == 6)
        _ = model.update(.key(.char("k")))
        #expect(model.selectedDeliveryID == 6)
        _ = model.update(.key(.char("G")))
        #expect(model.selectedDeliveryID == 1)
    }

    @Test func spaceExpandsAGroup() {
        var model = Fixtures.model()
        _ = model.update(.key(.char(" ")))
        #expect(model.listRows.map(\.record.deliveryID) == [6, 4, 3, 5, 2, 1])
        _ = model.update(.key(.char(" ")))
        #expect(model.listRows.count == 4)
    }

    @Test func tabSwitchesToSidebarAndSelectingAnAppFilters() {
        var model = Fixtures.model()
        _ = model.update(.key(.tab))
        #expect(model.activePane == .sidebar)
        let effects = model.update(.key(.char("j")))
        #expect(model.selectedApp == "com.example.calendar")
        #expect(effects == [.loadHistory(HistoryQuery(bundleIdentifier: "com.example.calendar", limit: 300))])
        _ = model.update(.key(.enter))
        #expect(model.activePane == .list)
    }

    @Test func enterOpensTheSelectedRow() {
        var model = Fixtures.model()
        #expect(model.update(.key(.enter)) == [.respond(deliveryID: 6, action: .open)])
    }

    @Test func numberKeysRunActions() {
        var model = Fixtures.model()
        _ = model.update(.key(.char("j")))   // the calendar invite
        #expect(model.update(.key(.char("2"))) == [.respond(deliveryID: 5, action: .action("DECLINE"))])
        #expect(model.update(.key(.char("7"))).isEmpty)
        #expect(model.status?.text == "No action 7")
    }

    @Test func textInputActionNumberOpensTheInputLine() {
        var model = Fixtures.model()
        #expect(model.update(.key(.char("2"))).isEmpty)
        guard case .input(let input)? = model.overlay,
              case .reply(6, "REPLY", "Type a message", "Send") = input.purpose else {
            Issue.record("expected the reply input, got \(String(describing: model.overlay))")
            return
        }
    }

    @Test func replyWithUTF8AndWideCharacters() {
        var model = Fixtures.model()
        _ = model.update(.key(.char("r")))
        model.type("日本 👍🏽 ok")
        _ = model.send(.key(.left), .key(.left), .key(.backspace))   // removes the space before "ok"
        _ = model.send(.key(.home), .key(.char("¡")))
        #expect(model.cursorPosition != nil)
        let effects = model.update(.key(.enter))
        #expect(effects == [.respond(deliveryID: 6, action: .reply(actionIdentifier: "REPLY", text: "¡日本 👍🏽ok"))])
        #expect(model.overlay == nil)
    }

    @Test func emptyReplyIsNotSentAndEscCancels() {
        var model = Fixtures.model()
        _ = model.update(.key(.char("r")))
        #expect(model.update(.key(.enter)).isEmpty)
        #expect(model.overlay != nil)
        model.type("draft")
        #expect(model.update(.key(.escape)).isEmpty)
        #expect(model.overlay == nil)
    }

    @Test func rWithoutTextInputSaysSo() {
        var model = Fixtures.model()
        _ = model.update(.key(.char("j")))
        #expect(model.update(.key(.char("r"))).isEmpty)
        #expect(model.status?.text == "This notification has no reply action")
    }

    @Test func escAndXDismiss() {
        var model = Fixtures.model()
        #expect(model.update(.key(.escape)) == [.respond(deliveryID: 6, action: .dismiss)])
        #expect(model.update(.key(.char("x"))) == [.respond(deliveryID: 6, action: .dismiss)])
    }

    @Test func searchLoadsHistoryWithTheText() {
        var model = Fixtures.model()
        _ = model.update(.key(.char("/")))
        model.type("lunch")
        let effects = model.update(.key(.enter))
        #expect(model.searchText == "lunch")
        #expect(effects == [.loadHistory(HistoryQuery(search: "lunch", limit: 300))])
        // Clearing the search.
        _ = model.update(.key(.char("/")))
        _ = model.send(.key(.ctrl("u")))
        #expect(model.update(.key(.enter)) == [.loadHistory(HistoryQuery(limit: 300))])
        #expect(model.searchText == nil)
    }

    @Test func staleHistoryAnswersAreIgnored() {
        var model = Fixtures.model()
        _ = model.update(.key(.char("/")))
        model.type("x")
        _ = model.update(.key(.enter))
        _ = model.update(.historyLoaded(HistoryQuery(limit: 300), [Fixtures.record(99)], total: 1))
        #expect(model.history.count == 6)
        _ = model.update(.historyLoaded(HistoryQuery(search: "x", limit: 300), [Fixtures.record(99)], total: 1))
        #expect(model.history.map(\.deliveryID) == [99])
        #expect(model.selectedDeliveryID == 99)
    }

    @Test func cClearsTheSelectedAppsBadge() {
        var model = Fixtures.model()
        #expect(model.update(.key(.char("c"))) == [.setBadge(0, bundleIdentifier: "com.example.messages")])
        #expect(model.app("com.example.messages")?.badge == 0)
    }

    @Test func dDeletesTheRowAndItsGroup() {
        var model = Fixtures.model()
        let effects = model.update(.key(.char("d")))
        #expect(effects == [.deleteHistory([6, 4, 3])])
        #expect(model.listRows.map(\.record.deliveryID) == [5, 2, 1])
        #expect(model.selectedDeliveryID == 5)
    }

    @Test func capitalDAsksBeforeClearing() {
        var model = Fixtures.model()
        #expect(model.update(.key(.char("D"))).isEmpty)
        guard case .confirm(let state)? = model.overlay else { Issue.record("no confirm"); return }
        #expect(state.message == "Clear all history of every app?")
        #expect(model.update(.key(.char("n"))).isEmpty)
        #expect(model.history.count == 6)
        _ = model.update(.key(.char("D")))
        #expect(model.update(.key(.char("y"))) == [.clearHistory(bundleIdentifier: nil)])
        #expect(model.history.isEmpty)
    }

    @Test func capitalDWithAnAppSelectedClearsOnlyThatApp() {
        var model = Fixtures.model()
        _ = model.send(.key(.tab), .key(.char("j")), .key(.tab))
        _ = model.update(.key(.char("D")))
        #expect(model.update(.key(.enter)) == [.clearHistory(bundleIdentifier: "com.example.calendar")])
    }

    @Test func sOpensSettingsOfTheSelectedApp() {
        var model = Fixtures.model()
        _ = model.update(.key(.char("s")))
        #expect(model.overlay == .settings(SettingsState(bundleIdentifier: "com.example.messages")))
    }

    @Test func questionMarkShowsHelpAndAnyKeyCloses() {
        var model = Fixtures.model()
        _ = model.update(.key(.char("?")))
        #expect(model.overlay == .help(scroll: 0))
        #expect(model.update(.key(.char("q"))).isEmpty)
        #expect(model.overlay == nil)
        #expect(!model.quitRequested)
    }

    @Test func qQuits() {
        var model = Fixtures.model()
        #expect(model.update(.key(.char("q"))) == [.quit])
        #expect(model.quitRequested)
    }

    @Test func pagingLoadsTheNextWindow() {
        var config = Fixtures.config
        config.historyWindow = 4
        var model = AppModel(width: 80, height: 24, now: Fixtures.now, config: config)
        let page = (1...4).map { Fixtures.record(Int64(100 - $0), thread: "t\($0)", minutesAgo: Double($0)) }
        _ = model.update(.historyLoaded(model.historyQuery, page, total: 10))
        _ = model.update(.key(.char("G")))
        let effects = model.update(.key(.char("j")))
        #expect(effects.contains(.loadHistory(HistoryQuery(limit: 4, offset: 2))))
        #expect(model.historyOffset == 2)
    }

    @Test func mouseClickSelectsARow() {
        var model = Fixtures.model()
        let list = Layout(model).list
        _ = model.update(.mouse(MouseEvent(x: list.x + 5, y: list.y + 2)))
        #expect(model.selectedDeliveryID == 2)
        _ = model.update(.mouse(MouseEvent(x: 2, y: 3)))   // sidebar row "Calendar"
        #expect(model.selectedApp == "com.example.calendar")
    }
}

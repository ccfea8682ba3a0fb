import Foundation
import HeraldCore
import TerminalKit
import Testing
@testable import HeraldUI

/// Golden screens of the main states, at 80×24 and 40×12 (`Snapshots/*.txt`).
@Suite struct SnapshotTests {
    func delivered(_ record: DeliveredRecord) -> Msg { .event(.delivered(record, replacedDeliveryID: nil)) }

    @Test func main80x24() {
        assertSnapshot(Fixtures.model().view(), named: "main-80x24")
    }

    @Test func banner80x24() {
        var model = Fixtures.model()
        _ = model.send(delivered(Fixtures.record(10, app: "com.example.calendar", title: "Lunch invite", subtitle: "Friday",
                                                 body: "Pizza at noon? Bring your own ideas for the next offsite; we will vote.",
                                                 category: "INVITE", attachments: [Fixtures.photo])),
                       delivered(Fixtures.record(11)), delivered(Fixtures.record(12)))
        _ = model.update(batch: Fixtures.countsChanged(Fixtures.history + model.history.filter { $0.deliveryID >= 10 }))
        assertSnapshot(model.view(), named: "banner-80x24")
    }

    @Test func reply80x24() {
        var model = Fixtures.model()
        _ = model.update(.key(.char("r")))
        model.type("On my way 🚲")
        assertSnapshot(model.view(), named: "reply-80x24")
        #expect(model.cursorPosition! == (19, 23))   // "Reply› " + 10 + the wide bicycle
    }

    @Test func permissionPrompt80x24() {
        var model = Fixtures.model()
        _ = model.update(.promptRequested(id: 1, app: AppRecord(bundleIdentifier: "com.example.messages", displayName: "Messages"),
                                          options: [.alert, .sound, .badge]))
        assertSnapshot(model.view(), named: "prompt-80x24")
    }

    @Test func settings80x24() {
        var model = Fixtures.model()
        _ = model.send(.key(.char("s")), .key(.down))
        assertSnapshot(model.view(), named: "settings-80x24")
    }

    @Test func help80x24() {
        var model = Fixtures.model()
        _ = model.update(.key(.char("?")))
        assertSnapshot(model.view(), named: "help-80x24")
    }

    @Test func locked80x24() {
        var messages = Fixtures.messages
        messages.settings.showPreviews = .whenAuthenticated
        var model = Fixtures.model(apps: [messages, Fixtures.calendar])
        _ = model.update(.key(.char(":")))
        model.type("lock")
        _ = model.update(.key(.enter))
        assertSnapshot(model.view(), named: "locked-80x24")
    }

    @Test func confirmClear80x24() {
        var model = Fixtures.model()
        _ = model.update(.key(.char("D")))
        assertSnapshot(model.view(), named: "confirm-clear-80x24")
    }

    @Test func sidebarFilterAndLog80x24() {
        var model = Fixtures.model()
        _ = model.send(.key(.tab), .key(.char("j")), .setLogPaneVisible(true),
                       .log("delegate: willPresent Team sync → [.banner, .list]"), .log("delegate: didReceive ACCEPT"))
        _ = model.update(.historyLoaded(model.historyQuery, Fixtures.history.filter { $0.bundleIdentifier == "com.example.calendar" }, total: 2))
        assertSnapshot(model.view(), named: "filtered-log-80x24")
    }

    @Test func main40x12() {
        assertSnapshot(Fixtures.model(width: 40, height: 12).view(), named: "main-40x12")
    }

    @Test func banner40x12() {
        var model = Fixtures.model(width: 40, height: 12)
        _ = model.send(delivered(Fixtures.record(10, app: "com.example.calendar", title: "Lunch invite",
                                                 body: "Pizza at noon?", category: "INVITE")), delivered(Fixtures.record(11)))
        assertSnapshot(model.view(), named: "banner-40x12")
    }

    @Test func sidebar40x12() {
        var model = Fixtures.model(width: 40, height: 12)
        _ = model.update(.key(.tab))
        assertSnapshot(model.view(), named: "sidebar-40x12")
    }

    @Test func everySizeDownToTinyDrawsWithoutTrouble() {
        for (w, h) in [(80, 24), (60, 16), (40, 12), (20, 6), (1, 1)] {
            var model = Fixtures.model(width: w, height: h)
            _ = model.update(delivered(Fixtures.record(10, category: "MESSAGE")))
            _ = model.update(.promptRequested(id: 1, app: Fixtures.messages, options: [.alert]))
            let screen = model.view()
            #expect(screen.area == Rect(width: w, height: h))
            #expect(screen.lines.allSatisfy { DisplayWidth.of($0) == w })
        }
    }

    @Test func noColorLeavesNoColours() {
        var config = Fixtures.config
        config.colors = false
        var model = AppModel(width: 80, height: 24, now: Fixtures.now, config: config)
        _ = model.update(.appsLoaded([Fixtures.messages, Fixtures.calendar]))
        _ = model.update(.historyLoaded(model.historyQuery, Fixtures.history, total: 6))
        _ = model.update(delivered(Fixtures.record(10, app: "com.example.calendar", category: "INVITE")))
        let screen = model.view()
        #expect(screen.cells.allSatisfy { $0.style.foreground == .default && $0.style.background == .default })
        #expect(screen.cells.contains { $0.style.attributes.contains(.underline) })   // the destructive button
    }

    @Test func hostileTitleCannotReachTheScreen() {
        var model = Fixtures.model()
        _ = model.update(delivered(Fixtures.record(10, title: "\u{1B}[2J\u{1B}]0;pwned\u{7}Hi", body: "\u{9B}31mred")))
        let screen = model.view()
        #expect(screen.cells.allSatisfy { cell in !cell.symbol.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) } })
        #expect(screen.lines.joined().contains("Hi"))
        #expect(!screen.lines.joined().contains("pwned"))
    }
}

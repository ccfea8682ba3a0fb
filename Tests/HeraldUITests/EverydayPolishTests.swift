import Foundation
import HeraldCore
import HeraldPreview
import TerminalKit
import Testing
@testable import HeraldUI

/// Small things a new user meets: the list before history arrives, a banner on a wide screen,
/// a banner without buttons, attachment types in words, long messages and log lines.
@Suite struct EverydayPolishTests {
    @Test func theListSaysLoadingUntilHistoryArrives() {
        var model = AppModel(width: 80, height: 24, now: Fixtures.now, config: Fixtures.config)
        _ = model.update(.appsLoaded([Fixtures.messages]))
        _ = model.update(.countsLoaded(["com.example.messages": HistoryCounts(unread: 2, total: 40)]))
        var screen = model.view().lines.joined(separator: "\n")
        #expect(screen.contains("Loading…"))
        #expect(!screen.contains("No notifications"))
        #expect(!screen.contains("of 40"))
        _ = model.update(.historyLoaded(model.historyQuery, [], total: 0))
        screen = model.view().lines.joined(separator: "\n")
        #expect(screen.contains("No notifications"))
    }

    @Test func aBannerIsAtMost80ColumnsWide() {
        var model = Fixtures.model(width: 200, height: 50)
        _ = model.update(.event(.delivered(Fixtures.record(7, title: "Bob", body: "Coffee?"), replacedDeliveryID: nil)))
        let frame = model.bannerWidgets().first?.frame
        #expect(frame?.width == Banner.maxWidth)
        #expect(frame?.maxX == 199)   // still at the top right
        var narrow = Fixtures.model(width: 80, height: 24)
        _ = narrow.update(.event(.delivered(Fixtures.record(7, title: "Bob", body: "Coffee?"), replacedDeliveryID: nil)))
        #expect(narrow.bannerWidgets().first?.frame.width == 56)
    }

    @Test func aBannerSaysOnlyTheKeysItTakes() {
        let content = VisibleContent(title: "Backup done", subtitle: "", body: "", isHidden: false)
        let plain = Banner(appName: "backup.sh", time: "14:05", content: content)
        #expect(plain.footer(width: 56) == "Enter open · x dismiss")
        let one = Banner(appName: "CI", time: "14:05", content: content, actions: [ActionRecord(identifier: "ok", title: "OK")])
        #expect(one.footer(width: 56) == "Enter open · 1 action · x dismiss")
        let three = Banner(appName: "Calendar", time: "14:05", content: content,
                           actions: Fixtures.calendar.categories[0].actions, isAlert: true)
        #expect(three.footer(width: 56) == "Enter open · 1-3 actions · x close")
    }

    @Test func attachmentTypesAreNamedInWords() {
        let model = Fixtures.model(width: 100, height: 50)
        let screen = model.view().lines.joined(separator: "\n")
        #expect(screen.contains("PNG image"))
        #expect(!screen.contains("public.png"))
    }

    @Test func aLongStatusMessageWrapsWhole() {
        var model = Fixtures.model()
        let path = "/home/someone/.local/state/herald/attachments/com.example.messages/3F2504E0-4F89-11D3-9A0C-0305E82C3301/photo.png"
        _ = model.update(.commandResult("photo.png is at \(path) (no desktop: DISPLAY/WAYLAND_DISPLAY unset)"))
        let lines = model.view().lines
        let shown = lines.suffix(4).map { $0.trimmingCharacters(in: .whitespaces) }.joined()
        #expect(shown.contains(path))
        #expect(lines.last?.contains("unset)") == true)
    }

    @Test func longLogLinesWrap() {
        var model = Fixtures.model()
        _ = model.update(.setLogPaneVisible(true))
        let path = "/home/someone/.local/state/herald/attachments/com.example.messages/3F2504E0-4F89-11D3-9A0C-0305E82C3301/photo.png"
        _ = model.update(.log("photo.png is at \(path)"))
        let log = model.view().lines.drop { !$0.contains("─ Log ") }.dropFirst()
        #expect(log.map { $0.trimmingCharacters(in: .whitespaces) }.joined().contains(path))
    }
}

/// A log line that fits is drawn as written, its spacing kept (the demo's welcome lines line up).
@Suite struct LogPaneSpacingTests {
    @Test func aLineThatFitsKeepsItsSpaces() {
        var buffer = Buffer(width: 40, height: 3)
        LogPane(lines: ["  :invite     an invitation"], theme: Theme(colors: false)).render(in: buffer.area, into: &buffer)
        #expect(buffer.lines[1].hasPrefix("   :invite     an invitation"))
    }
}

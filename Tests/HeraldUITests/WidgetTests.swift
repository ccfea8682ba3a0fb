import Foundation
import HeraldCore
import TerminalKit
import Testing
@testable import HeraldUI

/// Renders a widget into a fresh buffer of the given size.
func render(_ widget: some Widget, width: Int, height: Int) -> Buffer {
    var buffer = Buffer(width: width, height: height)
    widget.render(in: buffer.area, into: &buffer)
    return buffer
}

@Suite struct WidgetTests {
    @Test func header() {
        let buffer = render(Header(clock: "14:05", doNotDisturb: true, unread: 3, isLocked: true), width: 50, height: 1)
        #expect(buffer.lines == [" Herald        🔒 Locked  DND on  3 unread  14:05 "])
        #expect(buffer[0, 0].style == Theme().header)
    }

    @Test func headerDropsPartsWhenNarrow() {
        let buffer = render(Header(clock: "14:05", doNotDisturb: false, unread: 12, isLocked: true), width: 28, height: 1)
        #expect(buffer.lines == [" Herald    12 unread  14:05 "])
    }

    @Test func sidebar() {
        let items = [Sidebar.Item(name: "All", unread: 4), Sidebar.Item(name: "Calendar"),
                     Sidebar.Item(name: "Messages", badge: 3, unread: 2)]
        let buffer = render(Sidebar(items: items, selected: 2, isFocused: true), width: 16, height: 4)
        #expect(buffer.lines == [
            " Apps          │",
            " All          4│",
            " Calendar      │",
            "▸Messages   [3]│",
        ])
        #expect(buffer[1, 3].style.attributes.contains(.reverse))
    }

    @Test func notificationList() {
        let items = [
            NotificationList.Item(time: "14:04", app: "Messages", title: "Alice", body: "Lunch?\nsecond line",
                                  hasAttachment: true, isUnread: true, more: "+2 more"),
            NotificationList.Item(time: "13:05", app: "Calendar", title: "Team sync", body: "Room 4"),
        ]
        let buffer = render(NotificationList(items: items, selected: 1), width: 60, height: 3)
        #expect(buffer.lines == [
            "● 14:04 Messages   Alice — Lunch?                 📎 +2 more",
            "  13:05 Calendar   Team sync — Room 4                       ",
            "                                                            ",
        ])
        #expect(buffer[0, 0].style == Theme().unread)
        #expect(buffer[5, 1].style.attributes.contains(.reverse))
    }

    @Test func notificationListClipsWideText() {
        let items = [NotificationList.Item(time: "14:04", app: "メッセージ", title: "日本語のタイトルです", body: "本文")]
        let narrow = render(NotificationList(items: items, selected: nil), width: 30, height: 1)
        #expect(narrow.lines == ["  14:04 日本語のタイトルです  "])
        let buffer = render(NotificationList(items: items, selected: nil), width: 36, height: 1)
        #expect(buffer.lines == ["  14:04 日本語のタイトルです — 本文 "])
        #expect(DisplayWidth.of(buffer.lines[0]) == 36)
        let tight = render(NotificationList(items: items, selected: nil), width: 42, height: 1)
        #expect(tight.lines == ["  14:04 メッセ…  日本語のタイトルです — … "])   // a wide char never splits
    }

    @Test func emptyList() {
        let buffer = render(NotificationList(items: [], selected: nil), width: 20, height: 1)
        #expect(buffer.lines == ["  No notifications  "])
    }

    @Test func detailView() {
        let detail = DetailView(appName: "Calendar", date: "2025-03-17 14:00:00",
                                content: VisibleContent(title: "Team sync", subtitle: "Weekly", body: "Tomorrow at ten in room four", isHidden: false),
                                attachments: [Fixtures.photo], userInfo: ["MEETING_ID": "123"],
                                actions: Fixtures.calendar.categories[0].actions)
        let buffer = render(detail, width: 40, height: 17)
        #expect(buffer.lines.map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) } == [
            "─ Details ──────────────────────────────",
            " Calendar · 2025-03-17 14:00:00",
            " Team sync",
            " Weekly",
            " Tomorrow at ten in room four",
            "",
            " [1 Accept] [2 Decline] [3 Open ↗]",
            "",
            " Attachments",
            " 📎 photo.png  PNG image  240.0 KB",
            "",
            " userInfo",
            " {",
            "   \"MEETING_ID\" : \"123\"",
            " }",
            "",
            "",
        ])
        // The destructive action is red.
        let decline = buffer.lines[6].distance(of: "[2")
        #expect(buffer[decline, 6].style.foreground == .red)
    }

    @Test func bannerWithActionsAndQueue() {
        let banner = Banner(appName: "Messages", time: "14:05",
                            content: VisibleContent(title: "Alice", subtitle: "Lunch", body: "Are we still on for noon? I booked a table for four.", isHidden: false),
                            attachmentNames: ["menu.pdf"], actions: Fixtures.messages.categories[0].actions, waiting: 2)
        let buffer = render(banner, width: 44, height: 9)
        #expect(buffer.lines == [
            "╭─ Messages · 14:05 ───────────── +2 more ─╮",
            "│ Alice                                    │",
            "│ Lunch                                    │",
            "│ Are we still on for noon? I booked a     │",
            "│ table for four.                          │",
            "│ 📎 menu.pdf                              │",
            "│ [1 Like] [2 Reply…] [3 Delete 🔒]        │",
            "│                                          │",
            "╰──────────────────────────────────────────╯",
        ].map { TextLayout.pad($0, to: 44) })
        #expect(banner.frame(in: Rect(width: 80, height: 24)) == Rect(x: 23, y: 1, width: 56, height: 7))
    }

    @Test func bannerButtonsAreClickable() {
        let banner = Banner(appName: "Calendar", time: "14:05", content: VisibleContent(title: "Invite", subtitle: "", body: "", isHidden: false),
                            actions: Fixtures.calendar.categories[0].actions)
        let frame = banner.frame(in: Rect(width: 80, height: 24))
        let rects = banner.buttonRects(in: frame)
        #expect(rects.count == 3)
        #expect(rects[0] == Rect(x: frame.x + 2, y: frame.y + 2, width: 10, height: 1))
    }

    @Test func inputLineShowsPlaceholderAndButton() {
        let line = InputLine(prompt: "Reply› ", editor: LineEditor(), placeholder: "Type a message", buttonTitle: "Send")
        let buffer = render(line, width: 40, height: 1)
        #expect(buffer.lines == ["Reply› Type a message       [Enter Send]"])
        #expect(line.cursor(in: buffer.area) == (7, 0))
    }

    @Test func inputLineScrollsLongWideText() {
        var editor = LineEditor()
        for c in "これはとても長い返信のテキストです" { editor.handle(.char(c)) }
        let line = InputLine(prompt: ":", editor: editor)
        let buffer = render(line, width: 12, height: 1)
        #expect(DisplayWidth.of(buffer.lines[0]) == 12)
        #expect(buffer.lines[0].contains("です"))
        #expect(line.cursor(in: buffer.area).x <= 11)
    }

    @Test func permissionPrompt() {
        var state = PermissionPromptState(PendingPrompt(id: 1, app: AppRecord(bundleIdentifier: "com.example.messages",
                                                                              displayName: "Messages"),
                                                        options: [.alert, .badge]))
        state.allowSelected = false
        let buffer = render(PermissionPrompt(state: state), width: 50, height: 6)
        #expect(buffer.lines == [
            "╭─ Notifications ────────────────────────────────╮",
            "│ “Messages” would like to send you              │",
            "│ notifications                                  │",
            "│ Alerts, Badges                                 │",
            "│       [ Don't Allow (n) ]  [ Allow (y) ]       │",
            "╰────────────────────────────────────────────────╯",
        ])
        #expect(buffer[10, 4].style.attributes.contains(.reverse))
    }

    @Test func settingsPanel() {
        var settings = AppSettings()
        settings.alertStyle = .alert
        settings.showPreviews = .whenAuthenticated
        let buffer = render(SettingsPanel(appName: "Messages", settings: settings, selectedRow: 1), width: 40, height: 8)
        #expect(buffer.lines == [
            "╭─ Messages — Notifications ───────────╮",
            "│ Allow Notifications               On │",
            "│▸Banner Style                   Alert │",
            "│ Sounds                            On │",
            "│ Badges                            On │",
            "│ Show in History                   On │",
            "│ Show Previews          When Unlocked │",
            "╰─ ↑↓ move · ←→ Enter change · Esc c… ─╯",
        ])
    }

    @Test func helpListsEveryKey() {
        let buffer = render(HelpOverlay(extraCommands: ["invite NAME — invite someone"]), width: 60, height: 40)
        let text = buffer.lines.joined(separator: "\n")
        for key in ["Enter", "1–9", "x", "Esc", "Tab", "/", "D", ":lock", ":invite NAME"] { #expect(text.contains(key)) }
    }

    @Test func statusLineHintsAndMessages() {
        let hints = render(StatusLine(hints: [("Enter", "open"), ("q", "quit")]), width: 30, height: 1)
        #expect(hints.lines == [" Enter open  q quit            "].map { String($0.prefix(30)) })
        let error = render(StatusLine(hints: [], message: StatusMessage("Boom", isError: true, date: Fixtures.now)), width: 10, height: 1)
        #expect(error.lines == [" Boom     "])
        #expect(error[1, 0].style == Theme().statusError)
    }

    @Test func logPaneShowsTheLastLines() {
        let buffer = render(LogPane(lines: ["one", "two", "three"]), width: 12, height: 3)
        #expect(buffer.lines == ["─ Log ──────", " two        ", " three      "])
    }

    @Test func confirmDialog() {
        let buffer = render(ConfirmDialog(message: "Clear all history?"), width: 30, height: 5)
        #expect(buffer.lines == [
            "╭─ Confirm ──────────────────╮",
            "│ Clear all history?         │",
            "│                            │",
            "│ [y] Yes   [n] No           │",
            "╰────────────────────────────╯",
        ])
    }

    @Test func actionButtonLabels() {
        #expect(ActionButtons.label(1, ActionRecord(identifier: "a", title: "Accept")) == "[1 Accept]")
        #expect(ActionButtons.label(2, ActionRecord(identifier: "o", title: "Open", options: [.foreground, .authenticationRequired])) == "[2 Open ↗ 🔒]")
        #expect(ActionButtons.label(3, Fixtures.replyAction) == "[3 Reply…]")
        #expect(ActionButtons.label(4, ActionRecord(identifier: "e", title: "\u{1B}[2JEvil")) == "[4 Evil]")
    }

    @Test func noColorUnderlinesDestructive() {
        #expect(Theme(colors: false).destructive == Style(attributes: [.bold, .underline]))
    }
}

extension String {
    /// Display column of the first occurrence of `needle`.
    func distance(of needle: String) -> Int {
        guard let range = range(of: needle) else { return 0 }
        return DisplayWidth.of(self[..<range.lowerBound])
    }
}

import Foundation
import HeraldCore
@testable import HeraldUI
import TerminalKit
import Testing

/// `herald popup`'s banner: the UI's banner keys, keys passed on to the pane until the user
/// pauses, the reply line, and how long it stays.
@Suite struct PopupBannerTests {
    static let opened = Date(timeIntervalSince1970: 1_800_000_000)

    static func app(alertStyle: UNAlertStyle = .banner, previews: UNShowPreviewsSetting = .always) -> AppRecord {
        var app = AppRecord(bundleIdentifier: "ci.deploy", displayName: "Deploy")
        app.authorizationStatus = .authorized
        app.settings.alertStyle = alertStyle
        app.settings.showPreviews = previews
        app.categories = [CategoryRecord(identifier: "DEPLOY", actions: [
            ActionRecord(identifier: "approve", title: "Approve"),
            ActionRecord(identifier: "reject", title: "Reject", options: [.destructive]),
            ActionRecord(identifier: "comment", title: "Comment",
                         textInput: .init(buttonTitle: "Send", placeholder: "Say why…")),
        ])]
        return app
    }

    static func record(category: String = "DEPLOY", traits: NotificationTraits? = nil) -> DeliveredRecord {
        var content = ContentRecord(title: "Deploy to production?", body: "Build 1234 passed", categoryIdentifier: category)
        content.traits = traits
        return DeliveredRecord(deliveryID: 7, bundleIdentifier: "ci.deploy", request: RequestRecord(identifier: "d", content: content),
                               date: opened, presentation: [.banner, .list])
    }

    static func popup(app: AppRecord? = app(), record: DeliveredRecord = record(), timeout: TimeInterval = 8,
                      grace: TimeInterval = 1) -> PopupBanner {
        PopupBanner(record: record, app: app, timeout: timeout, keyGrace: grace, now: opened)
    }

    static func at(_ seconds: TimeInterval) -> Date { opened.addingTimeInterval(seconds) }

    @Test func theBannerKeysAnswerOnceTheUserHasPaused() {
        var popup = Self.popup()
        #expect(popup.handle(.char("1"), at: Self.at(2)) == .finish(.respond(.action("approve"))))
        popup = Self.popup()
        #expect(popup.handle(.char("2"), at: Self.at(2)) == .finish(.respond(.action("reject"))))
        popup = Self.popup()
        #expect(popup.handle(.enter, at: Self.at(2)) == .finish(.respond(.open)))
        popup = Self.popup()
        #expect(popup.handle(.char("x"), at: Self.at(2)) == .finish(.respond(.dismiss)))
        popup = Self.popup()
        #expect(popup.handle(.escape, at: Self.at(2)) == .finish(.close))
    }

    /// Someone typing in vim when the popup opens keeps typing into vim: every key within the
    /// grace of the last goes on, and the popup takes keys only after a pause.
    @Test func keysTypedBeforeAPauseGoOnToThePane() {
        var popup = Self.popup(grace: 1)
        #expect(popup.handle(.char("x"), at: Self.at(0.2)) == .passOn(.char("x")))
        #expect(popup.handle(.char("1"), at: Self.at(0.9)) == .passOn(.char("1")))
        #expect(popup.handle(.enter, at: Self.at(1.5)) == .passOn(.enter))     // 0.6 s after the last: still typing
        #expect(!popup.takesKeys(at: Self.at(2.4)))
        #expect(popup.takesKeys(at: Self.at(2.5)))
        #expect(popup.nextTimer(after: Self.at(2)) == Self.at(2.5))
        #expect(popup.handle(.char("1"), at: Self.at(2.6)) == .finish(.respond(.action("approve"))))
    }

    /// Keys the popup does not answer to go on too (and the grace starts again).
    @Test func keysThePopupDoesNotTakeGoOn() {
        var popup = Self.popup()
        #expect(popup.handle(.char("j"), at: Self.at(3)) == .passOn(.char("j")))
        #expect(popup.handle(.char("4"), at: Self.at(5)) == .passOn(.char("4")))    // only three actions
        var plain = Self.popup(record: Self.record(category: ""))
        #expect(plain.handle(.char("r"), at: Self.at(3)) == .passOn(.char("r")))   // no reply action
        #expect(plain.handle(.char("1"), at: Self.at(5)) == .passOn(.char("1")))
    }

    @Test func aReplyIsTypedAndSent() {
        var popup = Self.popup()
        #expect(popup.handle(.char("r"), at: Self.at(2)) == .taken)
        #expect(popup.expiry == nil)   // it waits while the reply is typed
        #expect(popup.handle(.enter, at: Self.at(3)) == .taken)   // nothing typed yet
        for c in "ship it ✓" { #expect(popup.handle(.char(c), at: Self.at(3)) == .taken) }
        #expect(popup.handle(.enter, at: Self.at(4)) == .finish(.respond(.reply(actionIdentifier: "comment", text: "ship it ✓"))))
        // Its action number starts the reply too; Esc gives it up, and the banner has its time again.
        popup = Self.popup()
        #expect(popup.handle(.char("3"), at: Self.at(2)) == .taken)
        #expect(popup.handle(.escape, at: Self.at(20)) == .taken)
        #expect(popup.reply == nil && popup.expiry == Self.at(28))
    }

    @Test func itClosesByItselfUnlessItMustStay() {
        let popup = Self.popup(timeout: 8)
        #expect(popup.tick(at: Self.at(7.9)) == nil)
        #expect(popup.tick(at: Self.at(8)) == .finish(.close))
        #expect(Self.popup(timeout: 0).expiry == nil)
        #expect(Self.popup(app: Self.app(alertStyle: .alert)).expiry == nil)        // Alert style
        #expect(Self.popup(record: Self.record(traits: NotificationTraits(bannerTimeout: 0))).expiry == nil)
        #expect(Self.popup(record: Self.record(traits: NotificationTraits(bannerTimeout: 3))).expiry == Self.at(3))
    }

    @Test func theScreenShowsWhereKeysGo() {
        let popup = Self.popup()
        var typing = Buffer(width: 60, height: 6)
        popup.render(into: &typing, at: Self.at(0.5), theme: Theme(colors: false), timeZone: TimeZone(identifier: "UTC")!)
        #expect(typing.lines.map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) } == [
            "╭─ Deploy · 08:00 ─────────────────────────────────────────╮",
            "│ Deploy to production?                                    │",
            "│ Build 1234 passed                                        │",
            "│ [1 Approve] [2 Reject] [3 Comment…]                      │",
            "╰──────────────────────────────────────────────────────────╯",
            " " + PopupBanner.passingOnHint,
        ])
        var ready = Buffer(width: 60, height: 6)
        popup.render(into: &ready, at: Self.at(2), theme: Theme(colors: false), timeZone: TimeZone(identifier: "UTC")!)
        #expect(ready.lines[4].hasPrefix("╰─ Enter open · 1-3 actions · x dismiss ─"))
        #expect(ready.lines[5].hasPrefix(" r reply · Esc close"))
        #expect(popup.height(width: 60) == 6)

        var replying = popup
        _ = replying.handle(.char("r"), at: Self.at(2))
        var reply = Buffer(width: 60, height: 6)
        let cursor = replying.render(into: &reply, at: Self.at(2), theme: Theme(colors: false))
        #expect(reply.lines[5].hasPrefix(" Reply› Say why…"))
        #expect(reply.lines[5].contains("[Enter Send]"))
        #expect(cursor?.y == 5)
    }

    @Test func hiddenPreviewsStayHidden() {
        let popup = Self.popup(app: Self.app(previews: .never))
        #expect(popup.content.title.isEmpty && popup.content.body == "Notification" && popup.content.isHidden)
        #expect(popup.appName == "Deploy")
        #expect(Self.popup(app: nil).appName == "Deploy" && Self.popup(app: nil).actions.isEmpty)
    }
}

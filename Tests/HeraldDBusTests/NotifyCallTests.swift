import Foundation
import HeraldCore
import Testing
@testable import HeraldDBus

@Suite struct NotifyCallTests {
    static func arguments(actions: [String] = [], hints: [DBusValue: DBusValue] = [:], timeout: Int64 = -1,
                          body: String = "") -> [DBusValue] {
        [.string("App"), .uint(0), .string(""), .string("Title"), .string(body), .array(actions.map { .string($0) }),
         .dictionary(hints), .int(timeout)]
    }

    @Test func parsesActionPairsAndHints() throws {
        let call = try NotifyCall(signature: NotifyCall.signature,
                                  arguments: Self.arguments(actions: ["default", "Open", "ok", "OK"],
                                                            hints: [.string("urgency"): .uint(2)]))
        #expect(call.actions.map(\.key) == ["default", "ok"])
        #expect(try NotificationHints(call.hints).urgency == 2)
    }

    @Test func errorsNameTheFieldAndTheLimit() {
        #expect(throws: DBusCallError.invalidArgs("Notify takes (susssasa{sv}i), not (s)")) {
            try NotifyCall(signature: "s", arguments: [.string("x")])
        }
        #expect(throws: DBusCallError.invalidArgs("actions has 3 strings; it must be key, label pairs")) {
            try NotifyCall(signature: NotifyCall.signature, arguments: Self.arguments(actions: ["a", "A", "b"]))
        }
        let many = (0..<40).flatMap { ["k\($0)", "L"] }
        #expect(throws: DBusCallError.invalidArgs("actions has 40 pairs; the limit is 32")) {
            try NotifyCall(signature: NotifyCall.signature, arguments: Self.arguments(actions: many))
        }
        #expect(throws: DBusCallError.invalidArgs("hint urgency must be a byte 0, 1 or 2")) {
            try NotificationHints([ "urgency": .uint(7)])
        }
    }

    @Test func mapsOntoTheEngineModel() throws {
        let call = try NotifyCall(signature: NotifyCall.signature, arguments: Self.arguments(
            actions: ["default", "Open", "inline-reply", "Reply", "later", "Later"],
            hints: [.string("urgency"): .uint(1), .string("category"): .string("email.arrived"),
                    .string("value"): .int(140), .string("transient"): .bool(true),
                    .string("sound-name"): .string("message-new-email"),
                    .string("x-kde-reply-placeholder-text"): .string("Say…")],
            timeout: 2500, body: "<b>Hi</b>"))
        let hints = try NotificationHints(call.hints)
        let mapped = DesktopNotification(call: call, hints: hints, identifier: "fdo-r-1")
        let content = mapped.request.content
        #expect(mapped.app.bundleIdentifier == "desktop.app")
        #expect(mapped.category.actions.map(\.identifier) == ["inline-reply", "later"])
        #expect(mapped.category.actions[0].textInput?.placeholder == "Say…")
        #expect(mapped.category.options.contains(.customDismissAction))
        #expect(content.body == "Hi")
        #expect(content.interruptionLevel == .active)
        #expect(content.threadIdentifier == "email.arrived")
        #expect(content.sound?.name == "message-new-email")
        #expect(content.traits?.progress == 100)
        #expect(content.traits?.isTransient == true)
        #expect(content.traits?.bannerTimeout == 2.5)
        #expect(content.traits?.bodyStyles.first?.isBold == true)
    }

    /// Low urgency is a quiet banner (as dunst and mako show it), not list-only: active, and
    /// never a sound; critical stays critical.
    @Test func urgencyMapsToALevel() throws {
        func content(_ urgency: UInt64) throws -> ContentRecord {
            let call = try NotifyCall(signature: NotifyCall.signature, arguments: Self.arguments(
                hints: [.string("urgency"): .uint(urgency), .string("sound-name"): .string("message-new-instant")]))
            return DesktopNotification(call: call, hints: try NotificationHints(call.hints), identifier: "fdo-r-1")
                .request.content
        }
        let low = try content(0)
        #expect(low.interruptionLevel == .active)
        #expect(low.sound == nil)
        #expect(try content(1).interruptionLevel == .active)
        #expect(try content(1).sound?.name == "message-new-instant")
        let critical = try content(2)
        #expect(critical.interruptionLevel == .critical)
        #expect(critical.sound?.isCritical == true)
    }

    @Test func expiry() throws {
        func expiry(_ timeout: Int64, _ hints: [DBusValue: DBusValue] = [:]) throws -> TimeInterval? {
            let call = try NotifyCall(signature: NotifyCall.signature, arguments: Self.arguments(hints: hints, timeout: timeout))
            return DesktopNotificationsService.expiry(call: call, hints: try NotificationHints(call.hints))
        }
        #expect(try expiry(-1) == nil)
        #expect(try expiry(0) == nil)
        #expect(try expiry(1500) == 1.5)
        #expect(try expiry(-1, [.string("transient"): .bool(true)]) == DesktopNotificationsService.transientSeconds)
    }

    @Test func desktopEntryNamesTheApp() {
        let app = DesktopApp(appName: "Thunderbird", desktopEntry: "org.mozilla.Thunderbird")
        #expect(app.bundleIdentifier == "desktop.org.mozilla.thunderbird")
        #expect(app.displayName == "Thunderbird")
        #expect(DesktopApp(appName: "My App!", desktopEntry: nil).bundleIdentifier == "desktop.my-app-")
        #expect(DesktopApp(appName: "Evil\u{1B}[2J", desktopEntry: nil).displayName == "Evil[2J")
        // C1 controls (a C1 CSI, NEL) and bidirectional overrides are dropped as well.
        #expect(DesktopApp(appName: "Evil\u{9B}2J\u{85}\u{202E}gnp.exe", desktopEntry: nil).displayName == "Evil2Jgnp.exe")
    }
}

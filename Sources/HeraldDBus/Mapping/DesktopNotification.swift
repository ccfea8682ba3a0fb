import Foundation
import HeraldCore

/// One `Notify` call mapped onto the engine's model: the app, the request (content, traits,
/// attachments) and the category that holds its actions.
///
/// Actions become the category's buttons, except `default` (the notification's Enter) and
/// `inline-reply` (a text-input button). Every category has `.customDismissAction`, so a dismiss
/// reaches the front door and becomes `NotificationClosed` reason 2.
struct DesktopNotification: Sendable {
    static let defaultActionKey = "default"
    static let inlineReplyKey = "inline-reply"

    var app: DesktopApp
    var request: RequestRecord
    var category: CategoryRecord
    /// The action keys the sender gave (including `default`), for mapping responses back.
    var actionKeys: [String]

    /// `identifier` is the engine's request identifier for this notification id; `app` the
    /// call's `DesktopApp` when the caller has it already (`DesktopAppCache`). The image is
    /// attached later, off the bus thread (`DesktopEngineBridge`).
    init(call: NotifyCall, hints: NotificationHints, identifier: String, app: DesktopApp? = nil) {
        self.app = app ?? DesktopApp(appName: call.appName, desktopEntry: hints.desktopEntry)
        actionKeys = call.actions.map(\.key)
        var actions: [ActionRecord] = []
        for (key, label) in call.actions where key != Self.defaultActionKey {
            let title = label.isEmpty ? key : label
            if key == Self.inlineReplyKey {
                actions.append(ActionRecord(identifier: key, title: title, textInput: .init(
                    buttonTitle: hints.replySubmitTitle ?? "Send", placeholder: hints.replyPlaceholder ?? "Reply")))
            } else {
                actions.append(ActionRecord(identifier: key, title: title))
            }
        }
        category = CategoryRecord(identifier: Self.categoryIdentifier(for: actions), actions: actions,
                                  options: [.customDismissAction])

        let markup = BodyMarkup(call.body)
        var content = ContentRecord(title: call.summary, body: markup.text)
        content.categoryIdentifier = category.identifier
        content.threadIdentifier = hints.category ?? ""
        // Low urgency is a quiet banner, as dunst and mako show it: active, never a sound.
        // Critical breaks through Focus while the sender's Critical Alerts setting is on
        // (`AppRecord.authorizeAsTrusted`).
        content.interruptionLevel = hints.urgency == 2 ? .critical : .active
        if hints.urgency > 0, !hints.suppressSound, hints.soundName != nil || hints.soundFile != nil {
            content.sound = SoundRecord(name: hints.soundName, isCritical: hints.urgency == 2, file: hints.soundFile)
        }
        var traits = NotificationTraits(isTransient: hints.isTransient, isResident: hints.isResident,
                                        progress: hints.progress, bodyStyles: markup.styles,
                                        urgency: Int(hints.urgency))
        switch call.expireTimeout {
        case -1: traits.bannerTimeout = hints.urgency == 2 ? 0 : nil
        case 0: traits.bannerTimeout = 0
        default: traits.bannerTimeout = TimeInterval(call.expireTimeout) / 1000
        }
        content.traits = traits
        request = RequestRecord(identifier: identifier, content: content)
    }

    /// One category per distinct set of buttons: `desktop.` and a stable hash of the actions.
    static func categoryIdentifier(for actions: [ActionRecord]) -> String {
        let prefix = PostSender.desktopCategoryPrefix
        guard !actions.isEmpty else { return prefix + "plain" }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for action in actions {
            for byte in (action.identifier + "\u{1F}" + action.title + "\u{1F}" + (action.textInput?.placeholder ?? "")
                         + "\u{1E}").utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return prefix + String(hash, radix: 16)
    }
}

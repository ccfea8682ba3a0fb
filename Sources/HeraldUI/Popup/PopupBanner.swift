import Foundation
import HeraldCore
import TerminalKit

/// One notification as a banner alone on a small screen of its own — `herald popup`, which the
/// daemon runs in a tmux popup — answered with the keys of the UI's banners: `1`–`9` its
/// actions, `r` its reply action, `Enter` open, `x` dismiss, `Esc` close (nothing reported; it
/// stays in the list).
///
/// It never takes a key the user meant for something else: keys typed within `keyGrace`
/// seconds of it opening, or of the last key passed on, are passed on (`.passOn`, to the pane
/// underneath), and so is any key it does not answer to. It takes keys once the user has
/// paused; its border and key hints show when that is.
///
/// ```swift
/// var popup = PopupBanner(record: record, app: app, timeout: 8, keyGrace: 1, now: Date())
/// popup.handle(.char("1"), at: Date())   // .passOn(.char("1")) at once; .finish(.respond(.action("yes"))) later
/// ```
public struct PopupBanner: Sendable, Hashable {
    /// How the popup ends.
    public enum Outcome: Sendable, Hashable {
        /// Answered: the center gets this response, as from a key in the UI.
        case respond(ResponseAction)
        /// Closed without an answer (Esc, the timeout, or answered elsewhere).
        case close
    }

    /// What a key did.
    public enum Step: Sendable, Hashable {
        /// Taken (the screen may have changed).
        case taken
        /// Not for the popup: pass it on to the pane underneath.
        case passOn(Key)
        /// The popup is done.
        case finish(Outcome)
    }

    /// The reply being typed.
    public struct Reply: Sendable, Hashable {
        public var action: ActionRecord
        public var editor = LineEditor()
    }

    public let record: DeliveredRecord
    public let appName: String
    public let content: VisibleContent
    public let actions: [ActionRecord]
    public let replyAction: ActionRecord?
    /// Seconds it stays (0: until acted on).
    public let timeout: TimeInterval
    public let keyGrace: TimeInterval
    /// When it opened, or last had the user's attention (a reply given up); the timeout runs from here.
    public private(set) var shownAt: Date
    /// When a key was last passed on.
    public private(set) var lastPassedOnAt: Date?
    public private(set) var reply: Reply?

    /// `timeout` applies unless the app's banners stay until acted on (Alert style), the
    /// notification says so (a desktop notification that never expires, or a critical one), or
    /// it says how long (a desktop notification's own timeout).
    public init(record: DeliveredRecord, app: AppRecord?, timeout: TimeInterval, keyGrace: TimeInterval, now: Date) {
        self.record = record
        appName = app?.displayName ?? AppRecord.defaultDisplayName(for: record.bundleIdentifier)
        let category = record.content.categoryIdentifier.isEmpty ? nil : app?.category(record.content.categoryIdentifier)
        actions = category?.actions ?? []
        replyAction = category?.textInputAction
        content = app?.settings.showPreviews == .never
            ? VisibleContent(hiding: record.content, category: category, threadCount: 1) : VisibleContent(record.content)
        let traits = record.content.traits
        if app?.settings.alertStyle == .alert || (traits != nil && record.content.interruptionLevel == .critical) {
            self.timeout = 0
        } else {
            self.timeout = traits?.bannerTimeout ?? timeout
        }
        self.keyGrace = keyGrace
        shownAt = now
    }

    /// When it begins to take keys.
    public var takesKeysFrom: Date { (lastPassedOnAt ?? shownAt).addingTimeInterval(keyGrace) }

    /// Whether it takes keys at `now`.
    public func takesKeys(at now: Date) -> Bool { now >= takesKeysFrom }

    /// When it closes by itself; `nil`: it stays (no timeout, or a reply is being typed).
    public var expiry: Date? {
        timeout > 0 && reply == nil ? shownAt.addingTimeInterval(timeout) : nil
    }

    /// The next moment the popup changes by itself (it begins to take keys, or expires).
    public func nextTimer(after now: Date) -> Date? {
        [takesKeys(at: now) ? nil : takesKeysFrom, expiry].compactMap { $0 }.min()
    }

    /// `.finish(.close)` once the timeout has run out.
    public func tick(at now: Date) -> Step? {
        guard let expiry, now >= expiry else { return nil }
        return .finish(.close)
    }

    /// A key at `now`.
    public mutating func handle(_ key: Key, at now: Date) -> Step {
        if reply != nil { return handleReplyKey(key, at: now) }
        guard takesKeys(at: now) else { return passOn(key, at: now) }
        switch key {
        case .char(let c) where ("1"..."9").contains(c):
            let number = Int(String(c)) ?? 0
            guard number <= actions.count else { return passOn(key, at: now) }
            return perform(actions[number - 1])
        case .char("r"):
            guard let replyAction else { return passOn(key, at: now) }
            return perform(replyAction)
        case .enter:
            return .finish(.respond(.open))
        case .char("x"):
            return .finish(.respond(.dismiss))
        case .escape:
            return .finish(.close)
        default:
            return passOn(key, at: now)
        }
    }

    private mutating func passOn(_ key: Key, at now: Date) -> Step {
        lastPassedOnAt = now
        return .passOn(key)
    }

    private mutating func perform(_ action: ActionRecord) -> Step {
        guard action.textInput == nil else {
            reply = Reply(action: action)
            return .taken
        }
        return .finish(.respond(.action(action.identifier)))
    }

    /// Typing a reply: `Enter` sends it (once it has text), `Esc` gives it up.
    private mutating func handleReplyKey(_ key: Key, at now: Date) -> Step {
        guard var current = reply else { return .taken }
        switch key {
        case .enter:
            guard !current.editor.text.trimmingCharacters(in: .whitespaces).isEmpty else { return .taken }
            return .finish(.respond(.reply(actionIdentifier: current.action.identifier, text: current.editor.text)))
        case .escape:
            reply = nil
            shownAt = now   // back to the banner, with its full time
        default:
            current.editor.handle(key)
            reply = current
        }
        return .taken
    }
}

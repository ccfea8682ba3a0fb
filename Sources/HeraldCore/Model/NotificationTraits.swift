import Foundation

/// What a notification from outside Apple's API (a desktop notification over D-Bus) carries on
/// top of `ContentRecord`: how long its banner stays, whether history keeps it, whether it stays
/// after an action, a progress value and the styling of its body. `nil` on Apple notifications.
///
/// ```swift
/// var content = ContentRecord(title: "Volume", body: "40 %")
/// content.traits = NotificationTraits(bannerTimeout: 2, progress: 40)
/// ```
public struct NotificationTraits: Sendable, Hashable, Codable {
    /// The most styled runs a body keeps: a desktop notification's markup makes no more, and
    /// `RequestLimits` refuses more from any door.
    public static let maximumBodyStyles = 256

    /// How long the banner stays: `nil` the center's default, `0` until acted on, else seconds.
    public var bannerTimeout: TimeInterval?
    /// Shown, then not kept in history.
    public var isTransient: Bool
    /// Stays in the list after an action is picked.
    public var isResident: Bool
    /// A progress bar, 0–100, drawn in the banner.
    public var progress: Int?
    /// The urgency the sender gave: 0 low, 1 normal, 2 critical (rules match it: `urgency`).
    public var urgency: Int?
    /// Bold, italic, underlined and linked parts of the body.
    public var bodyStyles: [BodyStyle]
    /// The sender has gone (left the bus, or the center restarted): actions and replies can no
    /// longer reach it. Set by the front door; history shows it.
    public var isSenderGone: Bool = false

    public init(bannerTimeout: TimeInterval? = nil, isTransient: Bool = false, isResident: Bool = false,
                progress: Int? = nil, bodyStyles: [BodyStyle] = [], urgency: Int? = nil) {
        self.bannerTimeout = bannerTimeout
        self.urgency = urgency
        self.isTransient = isTransient
        self.isResident = isResident
        self.progress = progress
        self.bodyStyles = bodyStyles
    }

    /// The links of the body, in order: their text and URL (the detail view lists them).
    public var links: [(text: String, url: String)] {
        bodyStyles.compactMap { style in style.link.map { (style.text, $0) } }
    }
}

/// A styled run of a notification's body: `length` characters from `start` (in `Character`s
/// of `ContentRecord.body`), with the text they cover kept for display.
public struct BodyStyle: Sendable, Hashable, Codable {
    public var start: Int
    public var length: Int
    public var text: String
    public var isBold: Bool
    public var isItalic: Bool
    public var isUnderlined: Bool
    /// The target of a link (`<a href>`).
    public var link: String?

    public init(start: Int, length: Int, text: String, isBold: Bool = false, isItalic: Bool = false,
                isUnderlined: Bool = false, link: String? = nil) {
        self.start = start
        self.length = length
        self.text = text
        self.isBold = isBold
        self.isItalic = isItalic
        self.isUnderlined = isUnderlined
        self.link = link
    }
}

import Foundation

/// Everything a notification shows and carries: the engine's form of `UNNotificationContent`.
public struct ContentRecord: Sendable, Hashable, Codable {
    public var title: String = ""
    public var subtitle: String = ""
    public var body: String = ""
    /// `nil` leaves the badge alone, `0` clears it, `n > 0` shows `n`.
    public var badge: Int?
    /// `nil` is silent.
    public var sound: SoundRecord?
    public var launchImageName: String = ""
    public var userInfo: [String: JSONValue] = [:]
    /// The property-list types in `userInfo` that JSON cannot tell apart (dates, data, integral
    /// doubles), in the shape `UserInfoTypes` describes; `nil` when every value is what its JSON
    /// says (pushes, scripts, records made before).
    public var userInfoTypes: [String: JSONValue]?
    public var attachments: [AttachmentRecord] = []
    public var categoryIdentifier: String = ""
    public var threadIdentifier: String = ""
    public var targetContentIdentifier: String?
    public var summaryArgument: String = ""
    public var summaryArgumentCount: Int = 1
    public var interruptionLevel: UNNotificationInterruptionLevel = .active
    public var relevanceScore: Double = 0
    public var filterCriteria: String?
    /// Desktop-notification extras (expiry, transient, resident, progress, body styles); `nil`
    /// for notifications made through Apple's API.
    public var traits: NotificationTraits?

    public init(title: String = "", subtitle: String = "", body: String = "", badge: Int? = nil,
                sound: SoundRecord? = nil, userInfo: [String: JSONValue] = [:],
                attachments: [AttachmentRecord] = [], categoryIdentifier: String = "",
                threadIdentifier: String = "", interruptionLevel: UNNotificationInterruptionLevel = .active) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.badge = badge
        self.sound = sound
        self.userInfo = userInfo
        self.attachments = attachments
        self.categoryIdentifier = categoryIdentifier
        self.threadIdentifier = threadIdentifier
        self.interruptionLevel = interruptionLevel
    }

    /// Whether there is anything for a person to see or hear (title, subtitle, body, sound or badge).
    public var hasUserVisibleContent: Bool {
        !title.isEmpty || !subtitle.isEmpty || !body.isEmpty || sound != nil || badge != nil
    }

    /// Whether there is alert text (a service extension must not remove it).
    public var hasAlertText: Bool { !title.isEmpty || !subtitle.isEmpty || !body.isEmpty }

    /// Whether there is a sound, asked without copying it (`sound != nil` copies the sound's
    /// strings out first).
    public var hasSound: Bool {
        if case .none = sound { return false }
        return true
    }
}

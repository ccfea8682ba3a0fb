import Foundation

/// A notification request: identifier, content and (optional) trigger.
public struct RequestRecord: Sendable, Hashable, Codable {
    public var identifier: String
    public var content: ContentRecord
    /// `nil` delivers at once.
    public var trigger: TriggerRecord?

    public init(identifier: String, content: ContentRecord, trigger: TriggerRecord? = nil) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
    }
}

/// A request waiting for its trigger, with the engine's scheduling state.
public struct PendingRecord: Sendable, Hashable, Codable {
    /// The app that scheduled it.
    public var bundleIdentifier: String
    public var request: RequestRecord
    /// When it was added (time-interval triggers count from here).
    public var scheduledAt: Date
    /// When it fires next; `nil` for location triggers, which wait for a region event.
    public var nextFireDate: Date?

    public init(bundleIdentifier: String, request: RequestRecord, scheduledAt: Date, nextFireDate: Date?) {
        self.bundleIdentifier = bundleIdentifier
        self.request = request
        self.scheduledAt = scheduledAt
        self.nextFireDate = nextFireDate
    }
}

import Foundation

/// A notification request: identifier, content and (optional) trigger.
///
/// The content is kept in a shared, copy-on-write box: the engine's schedule, the store and
/// every delivery of a request share one copy of it (a million pending requests would otherwise
/// hold several copies of a ~250-byte value each). Reading and writing `content` works as for a
/// plain stored property.
public struct RequestRecord: Sendable, Hashable, Codable {
    /// Immutable storage of the content; a write makes a new box.
    @usableFromInline
    final class ContentBox: Sendable {
        @usableFromInline let value: ContentRecord
        @usableFromInline init(_ value: ContentRecord) { self.value = value }
    }

    public var identifier: String
    @usableFromInline var contentBox: ContentBox
    /// `nil` delivers at once.
    public var trigger: TriggerRecord?

    /// Inlinable: a read accessor called across modules allocates its coroutine's frame on the
    /// heap (three allocations a post, in the store and the daemon); inlined, it is a load.
    @inlinable
    public var content: ContentRecord {
        // A read accessor lends the boxed value out: `request.content.title` copies one string,
        // not the whole content.
        _read { yield contentBox.value }
        set { contentBox = ContentBox(newValue) }
    }

    public init(identifier: String, content: ContentRecord, trigger: TriggerRecord? = nil) {
        self.identifier = identifier
        self.contentBox = ContentBox(content)
        self.trigger = trigger
    }

    // MARK: Codable and Hashable, as synthesized for the three stored values

    private enum CodingKeys: String, CodingKey {
        case identifier, content, trigger
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try container.decode(String.self, forKey: .identifier)
        contentBox = ContentBox(try container.decode(ContentRecord.self, forKey: .content))
        trigger = try container.decodeIfPresent(TriggerRecord.self, forKey: .trigger)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(identifier, forKey: .identifier)
        try container.encode(content, forKey: .content)
        try container.encodeIfPresent(trigger, forKey: .trigger)
    }

    public static func == (lhs: RequestRecord, rhs: RequestRecord) -> Bool {
        lhs.identifier == rhs.identifier && lhs.trigger == rhs.trigger
            && (lhs.contentBox === rhs.contentBox || lhs.content == rhs.content)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(content)
        hasher.combine(trigger)
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

import Foundation
import HeraldCore

/// What `delivered.record` holds from schema version 6 on: only what the row's columns do not
/// (`bundle_id`, `identifier`, `date`, `presentation`, `title`, `subtitle`, `body` are the
/// source of truth for those), and of the rest only what differs from its default. A typical
/// notification's record went from ~375 bytes of JSON (the title and body again, every default
/// value) to ~70:
///
/// ```json
/// {"categoryIdentifier":"CAT","threadIdentifier":"lunch","userInfo":{"n":12}}
/// ```
///
/// Every key is a `ContentRecord` field of the same name, plus the request's `trigger` and the
/// date's last bit (`dateSteps`, or `exactDate`). Rows written before version 6 keep the full
/// form (`DeliveredPayload`, always `{"date":…` first: sorted keys); `SQLiteStore.decodeDelivered`
/// reads both. Written and read by the hand-written codec (`CompactDeliveredRecord+JSON`), or
/// `JSONEncoder`/`JSONDecoder` (sorted keys) for what it leaves to them: the same bytes either way.
struct CompactDeliveredRecord: Codable, Equatable {
    var attachments: [AttachmentRecord]?
    var badge: Int?
    var categoryIdentifier: String?
    /// The delivery date to the bit (seconds since 2001, Foundation's form), when the `date`
    /// column (seconds since 1970, for SQL) does not give it back exactly and `dateSteps` cannot
    /// either (dates near 2001, where the column is far coarser than the date).
    var exactDate: Date?
    /// How many floating-point steps (`nextUp`, or `nextDown` when negative) the date is from
    /// the one the `date` column gives back, when not none: the column has one bit less than a
    /// date of these decades, so about every other delivery needs `1` or `-1` here — 13 bytes
    /// instead of `exactDate`'s 30.
    var dateSteps: Int?
    var filterCriteria: String?
    var interruptionLevel: UNNotificationInterruptionLevel?
    var launchImageName: String?
    var relevanceScore: Double?
    var sound: SoundRecord?
    var summaryArgument: String?
    var summaryArgumentCount: Int?
    var targetContentIdentifier: String?
    var threadIdentifier: String?
    var traits: NotificationTraits?
    var trigger: TriggerRecord?
    var userInfo: [String: JSONValue]?
    var userInfoTypes: [String: JSONValue]?

    /// The values a record leaves out.
    private static let defaults = ContentRecord()

    /// The fields of `ContentRecord` the columns hold instead (`CompactRecordTests` checks
    /// that every other field is here).
    static let contentFieldsInColumns: Set<String> = ["title", "subtitle", "body"]

    init(_ record: DeliveredRecord) {
        let content = record.request.content
        let standard = Self.defaults
        func unlessDefault<T: Equatable>(_ value: T, _ defaultValue: T) -> T? { value == defaultValue ? nil : value }
        attachments = content.attachments.isEmpty ? nil : content.attachments
        badge = content.badge
        categoryIdentifier = unlessDefault(content.categoryIdentifier, standard.categoryIdentifier)
        (dateSteps, exactDate) = Self.dateCorrection(record.date)
        filterCriteria = content.filterCriteria
        interruptionLevel = unlessDefault(content.interruptionLevel, standard.interruptionLevel)
        launchImageName = unlessDefault(content.launchImageName, standard.launchImageName)
        relevanceScore = unlessDefault(content.relevanceScore, standard.relevanceScore)
        sound = content.sound
        summaryArgument = unlessDefault(content.summaryArgument, standard.summaryArgument)
        summaryArgumentCount = unlessDefault(content.summaryArgumentCount, standard.summaryArgumentCount)
        targetContentIdentifier = content.targetContentIdentifier
        threadIdentifier = unlessDefault(content.threadIdentifier, standard.threadIdentifier)
        traits = content.traits
        trigger = record.request.trigger
        userInfo = content.userInfo.isEmpty ? nil : content.userInfo
        userInfoTypes = content.userInfoTypes
    }

    /// The delivery, from this record and the row's columns.
    func delivered(columns: DeliveredColumns) -> DeliveredRecord {
        var content = ContentRecord(title: columns.title, subtitle: columns.subtitle, body: columns.body)
        if let attachments { content.attachments = attachments }
        content.badge = badge
        if let categoryIdentifier { content.categoryIdentifier = categoryIdentifier }
        content.filterCriteria = filterCriteria
        if let interruptionLevel { content.interruptionLevel = interruptionLevel }
        if let launchImageName { content.launchImageName = launchImageName }
        if let relevanceScore { content.relevanceScore = relevanceScore }
        content.sound = sound
        if let summaryArgument { content.summaryArgument = summaryArgument }
        if let summaryArgumentCount { content.summaryArgumentCount = summaryArgumentCount }
        content.targetContentIdentifier = targetContentIdentifier
        if let threadIdentifier { content.threadIdentifier = threadIdentifier }
        content.traits = traits
        if let userInfo { content.userInfo = userInfo }
        content.userInfoTypes = userInfoTypes
        return DeliveredRecord(deliveryID: columns.id, bundleIdentifier: columns.bundleIdentifier,
                               request: RequestRecord(identifier: columns.identifier, content: content, trigger: trigger),
                               date: exactDate ?? Self.date(column: columns.date, steps: dateSteps ?? 0),
                               presentation: columns.presentation,
                               isRead: columns.isRead, isRemovedFromList: columns.isRemovedFromList)
    }
}

extension CompactDeliveredRecord {
    /// The most steps `dateSteps` holds; further is `exactDate`.
    static let maxDateSteps = 4

    /// What a record needs besides the `date` column to give `date` back exactly: nothing, steps,
    /// or the whole date.
    static func dateCorrection(_ date: Date) -> (steps: Int?, exact: Date?) {
        let column = date.timeIntervalSince1970
        let exact = date.timeIntervalSinceReferenceDate
        var candidate = Date.fromColumn(column).timeIntervalSinceReferenceDate
        if candidate == exact { return (nil, nil) }
        let upward = candidate < exact
        for steps in 1...maxDateSteps {
            candidate = upward ? candidate.nextUp : candidate.nextDown
            if candidate == exact { return (upward ? steps : -steps, nil) }
        }
        return (nil, date)
    }

    /// The date of a `date` column moved by `steps` (`dateCorrection`).
    static func date(column: Double, steps: Int) -> Date {
        var seconds = Date.fromColumn(column).timeIntervalSinceReferenceDate
        for _ in 0..<min(abs(steps), maxDateSteps) { seconds = steps > 0 ? seconds.nextUp : seconds.nextDown }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }
}

/// The columns of a `delivered` row that go into a `DeliveredRecord`.
struct DeliveredColumns {
    var id: Int64
    var bundleIdentifier: String
    var identifier: String
    /// Seconds since 1970.
    var date: Double
    var presentation: UNNotificationPresentationOptions
    var isRead: Bool
    var isRemovedFromList: Bool
    var title: String
    var subtitle: String
    var body: String
}

extension Date {
    /// The date a `date` column (seconds since 1970) stands for.
    static func fromColumn(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }
}

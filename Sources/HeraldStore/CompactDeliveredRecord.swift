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
/// Every key is a `ContentRecord` field of the same name, plus the request's `trigger` and
/// `exactDate`. Rows written before version 6 keep the full form (`DeliveredPayload`, always
/// `{"date":…` first: sorted keys); `DeliveredRecordCoding` reads both. Encoded by
/// `FastRecordEncoder` (common shapes) or `JSONEncoder` (sorted keys), the same bytes either way.
struct CompactDeliveredRecord: Codable, Equatable {
    var attachments: [AttachmentRecord]?
    var badge: Int?
    var categoryIdentifier: String?
    /// The delivery date to the bit (seconds since 2001, Foundation's form), only when the `date`
    /// column (seconds since 1970, for SQL) does not give it back exactly.
    var exactDate: Date?
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

    /// The fields of `ContentRecord` the columns hold instead (for `CompactRecordFieldTests`).
    static let contentFieldsInColumns: Set<String> = ["title", "subtitle", "body"]

    init(_ record: DeliveredRecord) {
        let content = record.request.content
        let standard = ContentRecord()
        func unlessDefault<T: Equatable>(_ value: T, _ defaultValue: T) -> T? { value == defaultValue ? nil : value }
        attachments = content.attachments.isEmpty ? nil : content.attachments
        badge = content.badge
        categoryIdentifier = unlessDefault(content.categoryIdentifier, standard.categoryIdentifier)
        exactDate = Date.fromColumn(record.date.timeIntervalSince1970) == record.date ? nil : record.date
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
        return DeliveredRecord(deliveryID: columns.id, bundleIdentifier: columns.bundleIdentifier,
                               request: RequestRecord(identifier: columns.identifier, content: content, trigger: trigger),
                               date: exactDate ?? Date.fromColumn(columns.date), presentation: columns.presentation,
                               isRead: columns.isRead, isRemovedFromList: columns.isRemovedFromList)
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

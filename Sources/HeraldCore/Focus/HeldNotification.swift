import Foundation

/// A notification Focus or the scheduled summary kept quiet: enough to count it, order it and
/// feature it in the summary (the notification itself is in history under `deliveryID`).
public struct HeldNotification: Sendable, Hashable, Codable {
    public var deliveryID: Int64
    public var bundleIdentifier: String
    public var appName: String
    public var title: String
    public var relevanceScore: Double
    public var date: Date

    /// Titles kept for the summary are cut to this many characters.
    public static let titleLimit = 120

    public init(deliveryID: Int64, bundleIdentifier: String, appName: String, title: String,
                relevanceScore: Double, date: Date) {
        self.deliveryID = deliveryID
        self.bundleIdentifier = bundleIdentifier
        self.appName = appName
        self.title = String(title.prefix(HeldNotification.titleLimit))
        self.relevanceScore = relevanceScore
        self.date = date
    }

    init(_ record: DeliveredRecord, appName: String) {
        let content = record.content
        let title = content.title.isEmpty ? (content.body.isEmpty ? content.subtitle : content.body) : content.title
        self.init(deliveryID: record.deliveryID, bundleIdentifier: record.bundleIdentifier, appName: appName,
                  title: title, relevanceScore: content.relevanceScore, date: record.date)
    }
}

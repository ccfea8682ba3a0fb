import Foundation

/// The one notification that tells what Focus or the scheduled summary kept quiet: a count
/// ("12 notifications from 3 apps while Focus was on"), the highest-`relevanceScore` one
/// featured, the rest counted per app. Its `userInfo` lists the held deliveries (most relevant
/// first) so a user interface can open them: `{"heraldSummary":{"kind":"focus","deliveryIDs":[…]}}`.
///
/// ```swift
/// let content = FocusSummary.focusEnded(name: "Work", held: held)
/// content.body   // "12 notifications from 3 apps while Focus was on"
/// ```
public enum FocusSummary {
    /// The `userInfo` key of a summary notification.
    public static let userInfoKey = "heraldSummary"
    /// The category of summary notifications (a UI opens the held list on the default action).
    public static let categoryIdentifier = "herald.summary"
    /// Most delivery ids a summary lists.
    public static let listedLimit = 1000

    /// The notifications in summary order: highest `relevanceScore` first, newest first among equals.
    public static func ordered(_ held: [HeldNotification]) -> [HeldNotification] {
        held.sorted { a, b in
            a.relevanceScore != b.relevanceScore ? a.relevanceScore > b.relevanceScore : a.date > b.date
        }
    }

    /// `(app name, count)` per app, most notifications first.
    public static func countsPerApp(_ held: [HeldNotification]) -> [(app: String, count: Int)] {
        var counts: [String: (name: String, count: Int, first: Int)] = [:]
        for (index, item) in held.enumerated() {
            counts[item.bundleIdentifier, default: (item.appName, 0, index)].count += 1
        }
        return counts.values.sorted { $0.count != $1.count ? $0.count > $1.count : $0.first < $1.first }
            .map { ($0.name, $0.count) }
    }

    /// "12 notifications from 3 apps".
    public static func countPhrase(_ held: [HeldNotification]) -> String {
        let apps = Set(held.map(\.bundleIdentifier)).count
        let notifications = held.count == 1 ? "1 notification" : "\(held.count) notifications"
        return notifications + (apps == 1 ? " from 1 app" : " from \(apps) apps")
    }

    /// The summary after a Focus ends.
    public static func focusEnded(name: String, held: [HeldNotification]) -> ContentRecord {
        let ordered = ordered(held)
        var content = ContentRecord(title: "\(name) ended",
                                    body: countPhrase(held) + " while Focus was on",
                                    categoryIdentifier: categoryIdentifier, interruptionLevel: .timeSensitive)
        content.subtitle = countsPerApp(held).map { "\($0.app) \($0.count)" }.joined(separator: " · ")
        content.userInfo = userInfo(kind: "focus", ordered)
        return content
    }

    /// The scheduled summary: the most relevant notification featured, the rest counted per app.
    public static func scheduled(_ held: [HeldNotification]) -> ContentRecord {
        let ordered = ordered(held)
        let featured = ordered.first
        let rest = Array(ordered.dropFirst())
        var body = featured.map { "\($0.appName): \($0.title)" } ?? ""
        if !rest.isEmpty {
            body += " — and " + countsPerApp(rest).map { "\($0.app) \($0.count)" }.joined(separator: ", ")
        }
        var content = ContentRecord(title: "Scheduled summary: " + countPhrase(held), body: body,
                                    categoryIdentifier: categoryIdentifier, interruptionLevel: .timeSensitive)
        content.relevanceScore = 1
        content.userInfo = userInfo(kind: "scheduled", ordered)
        return content
    }

    private static func userInfo(kind: String, _ ordered: [HeldNotification]) -> [String: JSONValue] {
        let ids = ordered.prefix(listedLimit).map { JSONValue.int(Int($0.deliveryID)) }
        return [userInfoKey: .object(["kind": .string(kind), "count": .int(ordered.count), "deliveryIDs": .array(ids)])]
    }

    /// The delivery ids a summary notification lists, most relevant first (`nil`: not a summary).
    public static func deliveryIDs(in content: ContentRecord) -> [Int64]? {
        guard case .object(let summary)? = content.userInfo[userInfoKey],
              case .array(let ids)? = summary["deliveryIDs"] else { return nil }
        return ids.compactMap { if case .int(let id) = $0 { return Int64(id) } else { return nil } }
    }
}

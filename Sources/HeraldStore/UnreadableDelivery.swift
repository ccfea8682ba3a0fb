import Foundation
import HeraldCore

/// The stand-in for a history row that cannot be read: a page of history
/// shows it in place — with what could still be read of the row, and why the rest could not —
/// instead of failing as a whole.
///
/// ```swift
/// let row = UnreadableDelivery.placeholder(deliveryID: 42, reason: "the record is damaged")
/// UnreadableDelivery.isPlaceholder(row)   // true
/// ```
public enum UnreadableDelivery {
    /// The category identifier that marks a placeholder.
    public static let categoryIdentifier = "herald.unreadable"

    /// A delivered record that says row `deliveryID` is unreadable, keeping the columns that
    /// could be read (bundle identifier, request identifier, date, title).
    public static func placeholder(deliveryID: Int64, bundleIdentifier: String = "", identifier: String = "",
                                   date: Date = Date(timeIntervalSince1970: 0), title: String = "",
                                   reason: String) -> DeliveredRecord {
        let content = ContentRecord(title: title.isEmpty ? "Unreadable notification" : title,
                                    body: "History row \(deliveryID) is damaged and only partly readable: \(reason)",
                                    categoryIdentifier: categoryIdentifier)
        return DeliveredRecord(deliveryID: deliveryID,
                               bundleIdentifier: bundleIdentifier.isEmpty ? "unknown" : bundleIdentifier,
                               request: RequestRecord(identifier: identifier.isEmpty ? "unreadable-\(deliveryID)" : identifier,
                                                      content: content),
                               date: date, presentation: [.list], isRead: true, isRemovedFromList: false)
    }

    /// One placeholder for a run of rows of which nothing can be read (not even their app): it
    /// stands at the run's highest id and names the run.
    public static func placeholder(rows: ClosedRange<Int64>, reason: String) -> DeliveredRecord {
        var record = placeholder(deliveryID: rows.upperBound, reason: reason)
        if rows.count > 1 {
            record.request.content.title = "Unreadable notifications"
            record.request.content.body = "History rows \(rows.lowerBound)–\(rows.upperBound) are damaged and cannot be read: "
                + reason
        }
        return record
    }

    /// Whether `record` is a placeholder for an unreadable row.
    public static func isPlaceholder(_ record: DeliveredRecord) -> Bool {
        record.request.content.categoryIdentifier == categoryIdentifier
    }
}

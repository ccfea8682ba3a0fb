import Foundation
import HeraldCore

/// A delivered notification: the request and the date it was delivered. The system makes these;
/// the delegate and `deliveredNotifications()` hand them to you.
///
/// ```swift
/// for notification in await center.deliveredNotifications() {
///     print(notification.date, notification.request.content.title)
/// }
/// ```
// unchecked: Apple's API shape: an NSObject subclass, which Swift cannot check; only `let`s.
public final class UNNotification: NSObject, NSCopying, @unchecked Sendable {
    /// When it was delivered.
    public let date: Date
    /// The request that produced it.
    public let request: UNNotificationRequest
    /// The center's delivery (history row) identifier.
    let deliveryID: Int64

    @available(*, unavailable, message: "The system makes notifications")
    public override init() {
        fatalError("The system makes notifications")
    }

    init(record: DeliveredRecord) {
        self.date = record.date
        self.request = UNNotificationRequest(record: record.request)
        self.deliveryID = record.deliveryID
        super.init()
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotification else { return false }
        return other === self || (other.date == date && other.request.isEqual(request))
    }

    public override var hash: Int { request.identifier.hashValue }

    public override var description: String { "<UNNotification: date: \(date), request: \(request)>" }
}

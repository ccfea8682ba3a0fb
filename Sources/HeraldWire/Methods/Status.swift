import Foundation
import HeraldCore

extension Methods {
    /// What a status line shows, in one answer: unread counts, those apps' names, the Focus that
    /// is on, the newest unread notification (`herald status`).
    public static let status = Method<Empty, StatusResult>("status")
}

/// `status`'s answer: what a status line shows of the center, taken in one request from what
/// the daemon holds — no app list, no count per app. `{"unread":{"make":2},"names":{"make":"make"},
/// "focus":{"name":"Work",…},"newestUnread":{…}}`; `focus` and `newestUnread` are absent when
/// there is none.
public struct StatusResult: Codable, Sendable, Hashable {
    /// Each app's unread notifications; apps with none are left out.
    public var unread: [String: Int]
    /// The display names of those apps and of the newest unread notification's app.
    public var names: [String: String]
    /// The Focus that is on.
    public var focus: FocusStatus?
    /// The newest unread notification in history.
    public var newestUnread: DeliveredRecord?

    public init(unread: [String: Int], names: [String: String], focus: FocusStatus?, newestUnread: DeliveredRecord?) {
        self.unread = unread
        self.names = names
        self.focus = focus
        self.newestUnread = newestUnread
    }
}

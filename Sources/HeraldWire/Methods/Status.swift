import Foundation
import HeraldCore

extension Methods {
    /// What a status line shows, in one answer: unread counts, those apps' names, the Focus that
    /// is on, the newest unread notification (`herald status`).
    public static let status = Method<Empty, StatusResult>("status")
}

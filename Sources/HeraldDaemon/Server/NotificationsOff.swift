import HeraldCore
import HeraldWire

/// The error `post` answers for an app whose notifications are off: Apple's
/// `notificationsNotAllowed`, with a detail that says why and what to do.
enum NotificationsOff {
    static func error(for app: AppRecord) -> UNError {
        let name = app.bundleIdentifier
        let detail: String
        switch app.authorizationStatus {
        case .notDetermined:
            detail = "\(name) has not asked for permission yet, so nothing was shown or kept; let the app ask "
                + "(requestAuthorization) and allow it, or post as another app (--new-app)"
        case .denied:
            detail = "notifications from \(name) were denied, so nothing was shown or kept; allow them with "
                + "`herald app \(name) --allow` or in the app's settings (s in herald ui)"
        default:
            detail = "notifications from \(name) are turned off, so nothing was shown or kept; allow them with "
                + "`herald app \(name) --allow` or in the app's settings (s in herald ui)"
        }
        return UNError(.notificationsNotAllowed, detail: detail)
    }
}

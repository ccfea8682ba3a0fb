import HeraldCore

/// The error `post` answers for an app whose notifications are off: Apple's
/// `notificationsNotAllowed`, with a detail that says why and what to do.
enum NotificationsOff {
    static func error(for app: AppRecord) -> UNError {
        let name = app.bundleIdentifier
        let why: String
        switch app.authorizationStatus {
        case .notDetermined:
            why = "\(name) has not asked for permission yet (it asks with requestAuthorization)"
        case .denied:
            why = "notifications from \(name) were denied"
        default:
            why = "notifications from \(name) are turned off"
        }
        return UNError(.notificationsNotAllowed,
                       detail: "\(why), so nothing was shown or kept; allow them with `herald app \(name) --allow` "
                           + "or in the app's settings (s in herald ui)")
    }
}

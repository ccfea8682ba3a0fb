import Foundation
import HeraldCore

extension NSString {
    /// A string for notification content, formatted with `arguments`.
    ///
    /// Apple defers the lookup until the notification is shown, in the user's language. Herald
    /// has no localization tables: `key` is the format itself (as when the key is missing from
    /// `Localizable.strings`). `%@` takes any argument (its description); numeric specifiers
    /// (`%d`, `%u`, `%f`, …) take numbers; positional `%1$@` works; a specifier with no matching
    /// argument is left as written.
    ///
    /// ```swift
    /// content.title = NSString.localizedUserNotificationString(forKey: "Hello %@!", arguments: ["Jim"])
    /// // "Hello Jim!"
    /// ```
    public class func localizedUserNotificationString(forKey key: String, arguments: [Any]?) -> String {
        guard let arguments, !arguments.isEmpty else { return key }
        return NotificationFormat.format(key, arguments)
    }
}

import Foundation
import HeraldCore

/// The Herald app a desktop notification belongs to: one per `desktop-entry` (else `app_name`),
/// with a bundle identifier under `desktop.` and the sender's own name for display.
///
/// ```swift
/// DesktopApp(appName: "Thunderbird", desktopEntry: "org.mozilla.Thunderbird")
/// // bundleIdentifier "desktop.org.mozilla.thunderbird", displayName "Thunderbird"
/// ```
struct DesktopApp: Sendable, Hashable {
    static let prefix = "desktop."

    var bundleIdentifier: String
    var displayName: String

    init(appName: String, desktopEntry: String?) {
        let source = desktopEntry ?? (appName.isEmpty ? "unknown" : appName)
        let key = source.lowercased().map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? String($0) : "-" }.joined()
        // In NFC, as every door's identifiers (`CanonicalIdentifier`): "Café" and "Cafe\u{301}"
        // are one app.
        bundleIdentifier = CanonicalIdentifier.form(Self.prefix + String(key.prefix(200)))
        let name = appName.isEmpty ? (desktopEntry ?? "Desktop notification") : appName
        displayName = String(name.unicodeScalars.filter(Self.isShown).prefix(80).map(Character.init))
    }

    /// Whether a character of `app_name` is kept in the display name: not a C0 or C1 control
    /// character, DEL, or a bidirectional control (the screen and the command line remove those
    /// again as they draw; the stored name holds none).
    static func isShown(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) && !scalar.properties.isBidiControl
    }

    /// Whether a bundle identifier is one of these apps.
    static func isDesktopApp(_ bundleIdentifier: String) -> Bool { bundleIdentifier.hasPrefix(prefix) }
}

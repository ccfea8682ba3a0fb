import Foundation

/// The `DesktopApp` of each recent `app_name` and `desktop-entry` pair, so a sender's every
/// `Notify` does not scan its name again. The mapping depends on nothing but the two strings, so
/// an entry never goes stale; the cache holds at most `capacity` pairs and starts over when a new
/// one would not fit (a sender making up a new name for every call only costs the scans it
/// would cost without the cache). A name longer than `longestKey` bytes is mapped without being
/// kept: what the cache holds stays small whatever a sender sends.
///
/// Keys compare byte for byte: two spellings `String` calls equal (`"Café"` and `"Cafe\u{301}"`)
/// are one app (`DesktopApp` puts the identifier in NFC) but keep their own display names.
///
/// ```swift
/// var apps = DesktopAppCache()
/// let app = apps.app(appName: "Thunderbird", desktopEntry: "org.mozilla.Thunderbird")
/// ```
struct DesktopAppCache {
    /// The most pairs kept.
    static let capacity = 64
    /// The longest `app_name` or `desktop-entry` kept, in UTF-8 bytes.
    static let longestKey = 256

    private struct Key: Hashable {
        var appName: String
        var desktopEntry: String?

        static func == (a: Key, b: Key) -> Bool {
            guard a.appName.utf8.elementsEqual(b.appName.utf8) else { return false }
            switch (a.desktopEntry, b.desktopEntry) {
            case (nil, nil): return true
            case let (a?, b?): return a.utf8.elementsEqual(b.utf8)
            default: return false
            }
        }

        func hash(into hasher: inout Hasher) {
            Self.combine(appName, into: &hasher)
            if let desktopEntry { Self.combine(desktopEntry, into: &hasher) } else { hasher.combine(-1) }
        }

        /// A string's UTF-8 bytes and their count (not `String`'s own hash, which is Unicode's
        /// equivalence, not these bytes).
        private static func combine(_ text: String, into hasher: inout Hasher) {
            var text = text
            hasher.combine(text.utf8.count)
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    private var apps: [Key: DesktopApp] = [:]

    /// How many pairs are cached now.
    var count: Int { apps.count }

    /// The app of `appName` and `desktopEntry`: `DesktopApp(appName:desktopEntry:)`, from the
    /// cache when the pair was met before.
    mutating func app(appName: String, desktopEntry: String?) -> DesktopApp {
        guard appName.utf8.count <= Self.longestKey, (desktopEntry?.utf8.count ?? 0) <= Self.longestKey else {
            return DesktopApp(appName: appName, desktopEntry: desktopEntry)
        }
        let key = Key(appName: appName, desktopEntry: desktopEntry)
        if let app = apps[key] { return app }
        let app = DesktopApp(appName: appName, desktopEntry: desktopEntry)
        if apps.count >= Self.capacity { apps.removeAll(keepingCapacity: true) }
        apps[key] = app
        return app
    }
}

/// Names that tell apps apart. Display names come from the last part of the bundle identifier,
/// so `com.acme.app` and `org.example.app` are both "App"; where names collide, each gets the
/// shortest trailing part of the rest of its identifier that no other app in the collision
/// shares: "App (acme)" and "App (example)".
///
/// ```swift
/// let names = AppNames.distinct([AppRecord(bundleIdentifier: "com.acme.app"),
///                                AppRecord(bundleIdentifier: "org.example.app")])
/// names["com.acme.app"]   // "App (acme)"
/// ```
public enum AppNames {
    /// Bundle identifier → a name no other app in `apps` has.
    public static func distinct(_ apps: [AppRecord]) -> [String: String] {
        var names: [String: String] = [:]
        for (_, group) in Dictionary(grouping: apps, by: \.displayName) {
            guard group.count > 1 else {
                if let app = group.first { names[app.bundleIdentifier] = app.displayName }
                continue
            }
            for app in group {
                names[app.bundleIdentifier] = "\(app.displayName) (\(qualifier(of: app, among: group)))"
            }
        }
        return names
    }

    /// The shortest trailing run of `app`'s identifier components (the last one left out when
    /// there are others) that no other app of `group` ends with.
    static func qualifier(of app: AppRecord, among group: [AppRecord]) -> String {
        let parts = app.bundleIdentifier.split(separator: ".").map(String.init)
        let others = group.filter { $0.bundleIdentifier != app.bundleIdentifier }
            .map { $0.bundleIdentifier.split(separator: ".").map(String.init) }
        let prefixParts = parts.count > 1 ? Array(parts.dropLast()) : parts
        for length in 1...max(1, prefixParts.count) {
            let suffix = Array(prefixParts.suffix(length))
            let clash = others.contains { other in
                let otherPrefix = other.count > 1 ? Array(other.dropLast()) : other
                return Array(otherPrefix.suffix(length)) == suffix
            }
            if !clash { return suffix.joined(separator: ".") }
        }
        return app.bundleIdentifier
    }
}

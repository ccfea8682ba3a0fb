import HeraldCore

/// The names the UI shows for apps: their display names, made distinct where several apps share
/// one. `com.alpha.App` and `org.beta.App` (both "App" by default) become `alpha.App` and
/// `beta.App`: as many trailing parts of each bundle identifier as it takes to tell them apart.
/// An app whose display name was chosen keeps it, with the identifier's parts in brackets.
///
/// ```swift
/// AppNames.distinct([AppRecord(bundleIdentifier: "com.alpha.App"), AppRecord(bundleIdentifier: "org.beta.App")])
/// // ["com.alpha.App": "alpha.App", "org.beta.App": "beta.App"]
/// ```
public enum AppNames {
    /// Bundle identifier → the name to show, for every app.
    public static func distinct(_ apps: [AppRecord]) -> [String: String] {
        var byName: [String: [AppRecord]] = [:]
        for app in apps { byName[app.displayName.lowercased(), default: []].append(app) }
        var names: [String: String] = [:]
        for group in byName.values {
            guard group.count > 1 else {
                if let app = group.first { names[app.bundleIdentifier] = app.displayName }
                continue
            }
            let parts = group.map { $0.bundleIdentifier.split(separator: ".").map(String.init) }
            let longest = parts.map(\.count).max() ?? 1
            var take = 1
            while take < longest, Set(parts.map { $0.suffix(take) }).count < group.count { take += 1 }
            for (app, identifier) in zip(group, parts) {
                let tail = identifier.suffix(take).joined(separator: ".")
                let isDefault = app.displayName == AppRecord.defaultDisplayName(for: app.bundleIdentifier)
                names[app.bundleIdentifier] = isDefault && take > 1 ? tail : "\(app.displayName) (\(tail))"
            }
        }
        return names
    }
}

import Foundation
import HeraldCore

/// The environment variables a rule's program gets (`exec`): the notification, one variable per
/// field, passed as values — never through a shell, so no text of a notification is ever run.
///
/// | Variable | Value |
/// |---|---|
/// | `HERALD_ID` | the delivery id (`herald history`); empty when the notification is not kept |
/// | `HERALD_IDENTIFIER` | the request identifier the app gave |
/// | `HERALD_APP`, `HERALD_APP_NAME` | the bundle identifier, the app's display name |
/// | `HERALD_TITLE`, `HERALD_SUBTITLE`, `HERALD_BODY` | the text |
/// | `HERALD_LEVEL` | `passive`, `active`, `time-sensitive` or `critical` (after rules) |
/// | `HERALD_URGENCY` | `low`, `normal` or `critical` |
/// | `HERALD_CATEGORY`, `HERALD_THREAD` | the category (a desktop notification's `category` hint), the thread |
/// | `HERALD_SOUND` | `default`, the sound's name, or empty when silent |
/// | `HERALD_PRESENTATION` | what took effect: `banner`, `list`, `sound`, `badge`, comma-separated (empty: held or muted) |
/// | `HERALD_DATE` | the delivery time, ISO 8601 |
/// | `HERALD_RULE` | the rule: `rule "NAME"` or `rule at line N` |
///
/// A value is cut at `valueLimit` bytes (the whole text is in the JSON on standard input); NUL
/// characters, which no environment can hold, become U+FFFD.
public enum RuleProgramEnvironment {
    /// The longest value, in UTF-8 bytes.
    public static let valueLimit = 16_384

    /// The variables for `record` of the app named `appName`, run by `command`.
    public static func variables(for record: DeliveredRecord, appName: String, command: RuleCommand) -> [String: String] {
        let content = record.content
        let presentation: [(UNNotificationPresentationOptions, String)] = [(.banner, "banner"), (.list, "list"),
                                                                           (.sound, "sound"), (.badge, "badge")]
        let variables: [String: String] = [
            "HERALD_ID": record.deliveryID > 0 ? String(record.deliveryID) : "",
            "HERALD_IDENTIFIER": record.identifier,
            "HERALD_APP": record.bundleIdentifier,
            "HERALD_APP_NAME": appName,
            "HERALD_TITLE": content.title,
            "HERALD_SUBTITLE": content.subtitle,
            "HERALD_BODY": content.body,
            "HERALD_LEVEL": content.interruptionLevel.configName,
            "HERALD_URGENCY": urgency(of: content),
            "HERALD_CATEGORY": content.traits != nil ? content.threadIdentifier : content.categoryIdentifier,
            "HERALD_THREAD": content.threadIdentifier,
            "HERALD_SOUND": content.sound.map { $0.name ?? $0.file ?? "default" } ?? "",
            "HERALD_PRESENTATION": presentation.filter { record.presentation.normalized.contains($0.0) }.map(\.1)
                .joined(separator: ","),
            "HERALD_DATE": record.date.formatted(.iso8601),
            "HERALD_RULE": command.ruleDescription,
        ]
        return variables.mapValues(value)
    }

    /// `low`, `normal` or `critical`: a desktop notification's own, else from its level.
    static func urgency(of content: ContentRecord) -> String {
        switch content.traits?.urgency {
        case 0?: return "low"
        case 2?: return "critical"
        case _?: return "normal"
        case nil:
            switch content.interruptionLevel {
            case .passive: return "low"
            case .critical: return "critical"
            default: return "normal"
            }
        }
    }

    /// `text` as an environment value: NULs replaced, cut at `valueLimit` bytes on a character.
    static func value(_ text: String) -> String {
        let text = text.contains("\0") ? text.replacingOccurrences(of: "\0", with: "\u{FFFD}") : text
        guard text.utf8.count > valueLimit else { return text }
        var result = ""
        var bytes = 0
        for scalar in text.unicodeScalars {
            bytes += UTF8.width(scalar)
            if bytes > valueLimit { break }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}

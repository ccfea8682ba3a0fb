import Foundation

/// What a rule's `urgency` key matches, in either vocabulary: a desktop notification's urgency
/// (`low`, `normal`, `critical`, as dunst and mako name them) or an interruption level
/// (`passive`, `active`, `time-sensitive`, `critical`). Rules match a notification as it came,
/// before any rule changed its level.
///
/// | Value | A desktop notification (D-Bus) | Any other notification |
/// |---|---|---|
/// | `low` | urgency 0 | level `passive` |
/// | `normal` | urgency 1 | level `active` or `time-sensitive` |
/// | `critical` | urgency 2 | level `critical` |
/// | `passive`, `active`, `time-sensitive` | that level (urgency 0 and 1 arrive as `active`) | that level |
///
/// ```swift
/// RuleUrgency(configName: "low")?.matches(ContentRecord(interruptionLevel: .passive))   // true
/// ```
public enum RuleUrgency: String, Sendable, Hashable, CaseIterable {
    case low, normal, critical, passive, active
    case timeSensitive = "time-sensitive"

    /// `low`, `normal`, `critical`, `passive`, `active`, `time-sensitive` (also `timeSensitive`).
    public init?(configName: String) {
        let name = configName.lowercased().replacingOccurrences(of: "_", with: "-")
        if let urgency = RuleUrgency(rawValue: name == "timesensitive" ? "time-sensitive" : name) {
            self = urgency
        } else {
            return nil
        }
    }

    /// Whether `content` (as it came, before rules) has this urgency or level.
    public func matches(_ content: ContentRecord) -> Bool {
        let level = content.interruptionLevel
        let urgency = content.traits?.urgency
        switch self {
        case .low: return urgency.map { $0 == 0 } ?? (level == .passive)
        case .normal: return urgency.map { $0 == 1 } ?? (level == .active || level == .timeSensitive)
        case .critical: return urgency.map { $0 == 2 } ?? (level == .critical)
        case .passive: return level == .passive
        case .active: return level == .active
        case .timeSensitive: return level == .timeSensitive
        }
    }

    /// A comma-separated list (`urgency = normal, critical`): a notification matches any of them.
    static func list(_ entry: ConfigFile.Entry) throws -> [RuleUrgency] {
        let names = entry.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.isEmpty else { throw expected(entry) }
        return try names.map { name in
            guard let urgency = RuleUrgency(configName: name) else { throw expected(entry) }
            return urgency
        }
    }

    private static func expected(_ entry: ConfigFile.Entry) -> ConfigError {
        ConfigError(line: entry.line, "urgency: expected low, normal, critical, passive, active or time-sensitive "
                    + "(several separated by commas), got '\(entry.value)'")
    }
}

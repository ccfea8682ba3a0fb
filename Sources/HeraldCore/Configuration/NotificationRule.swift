/// A rule of the configuration file's `[rule]` sections: notifications whose app, title and
/// body match get another interruption level, are muted (no banner, no sound) or are not kept
/// in history. Every matching rule applies, in file order (a later one wins a setting).
///
/// ```ini
/// [rule "quiet CI"]
/// app = ci            # bundle identifier contains "ci"
/// title = *passed*    # pattern over the whole title
/// mute = yes
/// history = no
/// ```
public struct NotificationRule: Sendable, Hashable {
    public var name: String?
    public var app: TextPattern?
    public var title: TextPattern?
    public var body: TextPattern?
    public var level: UNNotificationInterruptionLevel?
    public var mute: Bool?
    public var keepInHistory: Bool?

    public init(name: String? = nil, app: TextPattern? = nil, title: TextPattern? = nil, body: TextPattern? = nil,
                level: UNNotificationInterruptionLevel? = nil, mute: Bool? = nil, keepInHistory: Bool? = nil) {
        self.name = name
        self.app = app
        self.title = title
        self.body = body
        self.level = level
        self.mute = mute
        self.keepInHistory = keepInHistory
    }

    /// Whether the rule applies to a notification of `bundleIdentifier` with `content`.
    public func matches(bundleIdentifier: String, content: ContentRecord) -> Bool {
        (app?.matches(bundleIdentifier) ?? true) && (title?.matches(content.title) ?? true)
            && (body?.matches(content.body) ?? true)
    }

    /// The keys a `[rule]` section may hold.
    public static let keys = ["app", "title", "body", "level", "mute", "history"]

    /// The rules of a configuration file, and what was wrong with them (a rule with an error
    /// is left out whole: half a rule could mute the wrong notifications).
    public static func rules(from file: ConfigFile) -> (rules: [NotificationRule], errors: [ConfigError]) {
        var rules: [NotificationRule] = []
        var errors: [ConfigError] = []
        for section in file.sections(named: "rule") {
            var rule = NotificationRule(name: section.label)
            var broken = false
            for entry in section.entries {
                do {
                    switch entry.key {
                    case "app": rule.app = TextPattern(entry.value)
                    case "title": rule.title = TextPattern(entry.value)
                    case "body": rule.body = TextPattern(entry.value)
                    case "level": rule.level = try level(entry)
                    case "mute": rule.mute = try entry.bool()
                    case "history": rule.keepInHistory = try entry.bool()
                    default: throw entry.unknown(in: "rule", known: keys)
                    }
                } catch let error as ConfigError {
                    errors.append(error)
                    broken = true
                } catch {
                    broken = true
                }
            }
            if rule.level == nil && rule.mute == nil && rule.keepInHistory == nil && !broken {
                errors.append(ConfigError(line: section.line, "[rule] does nothing: give it level, mute or history"))
                broken = true
            }
            if !broken { rules.append(rule) }
        }
        return (rules, errors)
    }

    static func level(_ entry: ConfigFile.Entry) throws -> UNNotificationInterruptionLevel {
        guard let level = UNNotificationInterruptionLevel(configName: entry.value) else {
            throw ConfigError(line: entry.line, "level: expected passive, active, time-sensitive or critical, got '\(entry.value)'")
        }
        return level
    }
}

/// What the matching rules decided for one notification.
public struct RuleOutcome: Sendable, Hashable {
    public var level: UNNotificationInterruptionLevel?
    public var mute = false
    public var keepInHistory = true

    public init() {}
}

extension Array where Element == NotificationRule {
    /// Applies every matching rule in order.
    public func outcome(bundleIdentifier: String, content: ContentRecord) -> RuleOutcome {
        var outcome = RuleOutcome()
        for rule in self where rule.matches(bundleIdentifier: bundleIdentifier, content: content) {
            if let level = rule.level { outcome.level = level }
            if let mute = rule.mute { outcome.mute = mute }
            if let keep = rule.keepInHistory { outcome.keepInHistory = keep }
        }
        return outcome
    }
}

extension UNNotificationInterruptionLevel {
    /// `passive`, `active`, `time-sensitive` (or `timeSensitive`), `critical`.
    public init?(configName: String) {
        switch configName.lowercased().replacingOccurrences(of: "_", with: "-") {
        case "passive": self = .passive
        case "active": self = .active
        case "time-sensitive", "timesensitive": self = .timeSensitive
        case "critical": self = .critical
        default: return nil
        }
    }

    /// The name the configuration file uses.
    public var configName: String {
        switch self {
        case .passive: return "passive"
        case .active: return "active"
        case .timeSensitive: return "time-sensitive"
        case .critical: return "critical"
        }
    }
}

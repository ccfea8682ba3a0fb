import Foundation

/// A rule of the configuration file's `[rule]` sections: notifications whose app, title, body,
/// urgency and category match get another interruption level or banner timeout, are muted (no
/// banner, no sound), are not kept in history, or run a program. Every matching rule applies, in
/// file order (a later one wins a setting; every matching rule's program runs). Rules match a
/// notification as it came, before any rule changed it.
///
/// ```ini
/// [rule "quiet CI"]
/// app = ci            # bundle identifier contains "ci"
/// title = *passed*    # pattern over the whole title
/// mute = yes
/// history = no
///
/// [rule "page me"]
/// urgency = critical
/// exec = ~/bin/page-me --channel ops
/// ```
public struct NotificationRule: Sendable, Hashable {
    public var name: String?
    public var app: TextPattern?
    public var title: TextPattern?
    public var body: TextPattern?
    /// Matches any of these urgencies or levels.
    public var urgency: [RuleUrgency]?
    /// Matches the category: Apple's `categoryIdentifier`, or a desktop notification's
    /// `category` hint (`email.arrived`).
    public var category: TextPattern?
    public var level: UNNotificationInterruptionLevel?
    public var mute: Bool?
    public var keepInHistory: Bool?
    /// Seconds the banner stays (0: until acted on).
    public var timeout: TimeInterval?
    /// The program to run for each notification the rule matches.
    public var command: RuleCommand?

    public init(name: String? = nil, app: TextPattern? = nil, title: TextPattern? = nil, body: TextPattern? = nil,
                urgency: [RuleUrgency]? = nil, category: TextPattern? = nil,
                level: UNNotificationInterruptionLevel? = nil, mute: Bool? = nil, keepInHistory: Bool? = nil,
                timeout: TimeInterval? = nil, command: RuleCommand? = nil) {
        self.name = name
        self.app = app
        self.title = title
        self.body = body
        self.urgency = urgency
        self.category = category
        self.level = level
        self.mute = mute
        self.keepInHistory = keepInHistory
        self.timeout = timeout
        self.command = command
    }

    /// Whether the rule applies to a notification of `bundleIdentifier` with `content`.
    public func matches(bundleIdentifier: String, content: ContentRecord) -> Bool {
        (app?.matches(bundleIdentifier) ?? true) && (title?.matches(content.title) ?? true)
            && (body?.matches(content.body) ?? true)
            && (urgency?.contains { $0.matches(content) } ?? true)
            && (category?.matches(Self.category(of: content)) ?? true)
    }

    /// What `category` matches: a desktop notification's `category` hint (kept as its thread
    /// identifier; its category identifier is Herald's own), else the category identifier.
    static func category(of content: ContentRecord) -> String {
        content.traits != nil ? content.threadIdentifier : content.categoryIdentifier
    }

    /// The keys a `[rule]` section may hold.
    public static let keys = ["app", "title", "body", "urgency", "category", "level", "mute", "history", "timeout",
                              "exec", "exec-timeout"]
    /// The longest `timeout`, in seconds.
    public static let maximumTimeout: TimeInterval = 86_400

    /// The rules of a configuration file, and what was wrong with them (a rule with an error
    /// is left out whole: half a rule could mute the wrong notifications). `exec` programs are
    /// looked up in `environment`'s `PATH`.
    public static func rules(from file: ConfigFile,
                             environment: [String: String] = ProcessInfo.processInfo.environment)
        -> (rules: [NotificationRule], errors: [ConfigError]) {
        var rules: [NotificationRule] = []
        var errors: [ConfigError] = []
        for section in file.sections(named: "rule") {
            var rule = NotificationRule(name: section.label)
            var broken = false
            var timeLimit: TimeInterval?
            for entry in section.entries {
                do {
                    switch entry.key {
                    case "app": rule.app = TextPattern(entry.value)
                    case "title": rule.title = TextPattern(entry.value)
                    case "body": rule.body = TextPattern(entry.value)
                    case "urgency": rule.urgency = try RuleUrgency.list(entry)
                    case "category": rule.category = TextPattern(entry.value)
                    case "level": rule.level = try level(entry)
                    case "mute": rule.mute = try entry.bool()
                    case "history": rule.keepInHistory = try entry.bool()
                    case "timeout": rule.timeout = try entry.number(in: 0...maximumTimeout, unit: " seconds")
                    case "exec": rule.command = try RuleCommand.parse(entry, environment: environment)
                    case "exec-timeout":
                        timeLimit = try entry.number(in: 1...RuleCommand.maximumTimeLimit, unit: " seconds")
                    default: throw entry.unknown(in: "rule", known: keys)
                    }
                } catch let error as ConfigError {
                    errors.append(error)
                    broken = true
                } catch {
                    broken = true
                }
            }
            if let timeLimit {
                if rule.command == nil && !broken {
                    errors.append(ConfigError(line: section.line, "[rule] has exec-timeout but no exec"))
                    broken = true
                }
                rule.command?.timeLimit = timeLimit
            }
            rule.command?.ruleDescription = section.label.map { "rule \"\($0)\"" } ?? "rule at line \(section.line)"
            if rule.level == nil && rule.mute == nil && rule.keepInHistory == nil && rule.timeout == nil
                && rule.command == nil && !broken {
                errors.append(ConfigError(line: section.line,
                                          "[rule] does nothing: give it level, mute, history, timeout or exec"))
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
    /// Seconds the banner stays (0: until acted on); `nil` leaves it to the notification.
    public var timeout: TimeInterval?
    /// The programs of every matching rule, in file order.
    public var commands: [RuleCommand] = []

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
            if let timeout = rule.timeout { outcome.timeout = timeout }
            if let command = rule.command { outcome.commands.append(command) }
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

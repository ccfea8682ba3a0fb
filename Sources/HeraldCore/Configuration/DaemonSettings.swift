/// The daemon's part of the configuration file (`docs/CONFIGURATION.md`): `[daemon]` and
/// `[broker]`. Every setting of `herald daemon` has a key here, so a daemon started by hand, by
/// a supervisor or by a client in the background is the same center; a command-line option
/// only overrides its key. One reader for everyone: `herald daemon` starts from it, `herald
/// config` checks with it, and clients read `start` from it when no daemon answers.
///
/// ```ini
/// [daemon]
/// prompt = allow            # wait (default), allow or deny
/// rate-limit = 20           # posts per second per app; 0 turns the limit off
/// dbus = replace            # yes (default), no, replace
/// start = auto              # auto (default), herald, never, or a shell command
/// sound = bell              # auto (default), bell, off
///
/// [broker]
/// url = mqtts://alice@broker.example.org
/// password-file = ~/.config/herald/broker-password
/// ```
public struct DaemonSettings: Sendable, Hashable {
    /// How the daemon answers an app's permission prompt while no user interface is attached.
    public enum PromptAnswer: String, Sendable, Hashable, CaseIterable {
        /// The prompt waits for a user interface (the default).
        case wait
        /// Allowed after a grace of 2 seconds.
        case allow
        /// Denied after a grace of 2 seconds.
        case deny
    }

    /// Whether the daemon serves `org.freedesktop.Notifications`.
    public enum DesktopNotifications: String, Sendable, Hashable, CaseIterable {
        /// Serve it; when another server holds the name, queue and serve once it leaves.
        case yes
        /// Do not serve it.
        case no
        /// Take it from the server holding it, when that server allows replacement.
        case replace
    }

    /// How a client starts a center when no daemon answers.
    public enum Start: Sendable, Hashable {
        /// The user's service manager when one is set up for Herald (systemd: `herald.service`
        /// or `herald.socket` enabled, and the user's manager running), else `herald`.
        case automatic
        /// `herald daemon --on-demand` in the background.
        case herald
        /// None: the command fails, saying no daemon answers.
        case never
        /// This shell command (`sh -c`), e.g. a supervisor's `sv start herald`; the client then
        /// waits for the socket.
        case command(String)
    }

    /// How the daemon sounds notifications (`$HERALD_SOUND` overrides it for one run).
    public enum Sound: String, Sendable, Hashable, CaseIterable {
        /// Through the sound server when there is one, else the terminal bell of user interfaces.
        case auto
        /// Always the terminal bell of user interfaces.
        case bell
        /// No sound and no bell.
        case off
    }

    /// A `[broker]` value and the line it came from.
    public struct Value: Sendable, Hashable {
        public var text: String
        public var line: Int
    }

    public var prompt: PromptAnswer = .wait
    /// Posts one app may make a second (bursts of ten times as many); 0 turns the limit off.
    public var rateLimit = 50
    public var desktopNotifications: DesktopNotifications = .yes
    public var start: Start = .automatic
    public var sound: Sound = .auto
    /// `[broker]`'s values by key (`url`, `password-file`, `ca`, `cert`, `key`), as written.
    public var broker: [String: Value] = [:]

    public init() {}

    /// The keys of `[daemon]`.
    public static let daemonKeys = ["prompt", "rate-limit", "dbus", "start", "sound"]
    /// The keys of `[broker]`.
    public static let brokerKeys = ["url", "password-file", "ca", "cert", "key"]
    /// The largest `rate-limit`.
    public static let maximumRateLimit = 1_000_000

    /// The settings of `file`'s `[daemon]` and `[broker]` sections, and every mistake in them
    /// (a mistaken key keeps its default; `herald daemon` refuses to start with any).
    public static func read(_ file: ConfigFile) -> (settings: DaemonSettings, errors: [ConfigError]) {
        var settings = DaemonSettings()
        var errors: [ConfigError] = []
        for section in file.sections where section.name == "daemon" || section.name == "broker" {
            for entry in section.entries {
                do {
                    if section.name == "daemon" {
                        try settings.apply(entry)
                    } else {
                        guard brokerKeys.contains(entry.key) else { throw entry.unknown(in: "broker", known: brokerKeys) }
                        guard !entry.value.isEmpty else { throw ConfigError(line: entry.line, "\(entry.key): expected a value") }
                        settings.broker[entry.key] = Value(text: entry.value, line: entry.line)
                    }
                } catch let error as ConfigError {
                    errors.append(error)
                } catch {}
            }
        }
        return (settings, errors)
    }

    mutating func apply(_ entry: ConfigFile.Entry) throws {
        switch entry.key {
        case "prompt":
            guard let answer = PromptAnswer(rawValue: entry.value.lowercased()) else {
                throw ConfigError(line: entry.line, "prompt: expected wait, allow or deny, got '\(entry.value)'")
            }
            prompt = answer
        case "rate-limit":
            rateLimit = try entry.integer(in: 0...Self.maximumRateLimit)
        case "dbus":
            switch entry.value.lowercased() {
            case "replace": desktopNotifications = .replace
            default:
                guard let serve = try? entry.bool() else {
                    throw ConfigError(line: entry.line, "dbus: expected yes, no or replace, got '\(entry.value)'")
                }
                desktopNotifications = serve ? .yes : .no
            }
        case "start":
            start = try Self.start(entry)
        case "sound":
            guard let mode = Sound(rawValue: entry.value.lowercased()) else {
                throw ConfigError(line: entry.line, "sound: expected auto, bell or off, got '\(entry.value)'")
            }
            sound = mode
        default:
            throw entry.unknown(in: "daemon", known: Self.daemonKeys)
        }
    }

    static func start(_ entry: ConfigFile.Entry) throws -> Start {
        switch entry.value.lowercased() {
        case "auto": return .automatic
        case "herald": return .herald
        case "never": return .never
        case "": throw ConfigError(line: entry.line, "start: expected auto, herald, never or a command")
        default: return .command(entry.value)
        }
    }
}

/// The configuration file's `[tmux]` section (`docs/CONFIGURATION.md`, `docs/REACH.md`): how the
/// daemon reaches a user working in tmux — banners as a popup (or a message line) on the most
/// recently active client, and the `@herald_unread` / `@herald_focus` user options for the
/// status line. One reader for everyone: the daemon starts from it, `herald config` checks with
/// it, and `herald popup` reads its timeout and key grace from it.
///
/// ```ini
/// [tmux]
/// banners = popup          # popup (default), message or off
/// position = top-right     # top-right (default), top, center, bottom-right, bottom
/// width = 60               # columns (at most the client's width)
/// timeout = 8              # seconds; 0 keeps a popup until acted on
/// key-grace = 1            # seconds of no typing before a popup takes keys
/// socket = auto            # auto (default), off, a socket path or a server name (tmux -L)
/// status = yes             # keep @herald_unread and @herald_focus up to date
/// ```
public struct TmuxSettings: Sendable, Hashable {
    /// How banners reach tmux.
    public enum Banners: String, Sendable, Hashable, CaseIterable {
        /// A `display-popup` that shows the banner and takes its keys (passive ones as a message).
        case popup
        /// A `display-message` line on the status line, for every banner.
        case message
        /// Nothing in tmux (the user options are kept all the same, unless `status = no`).
        case off
    }

    /// Which tmux server the daemon talks to.
    public enum Server: Sendable, Hashable {
        /// The daemon's own `$TMUX` (a daemon started from a tmux pane), else the default socket
        /// (`$TMUX_TMPDIR/tmux-UID/default`).
        case automatic
        /// None: the daemon leaves tmux alone.
        case off
        /// The server listening on this socket path (`tmux -S`).
        case socket(String)
        /// The server of this name (`tmux -L`): `tmux-UID/NAME` in `$TMUX_TMPDIR` or `/tmp`.
        case named(String)
    }

    /// Where a popup goes on the client's screen.
    public enum Position: String, Sendable, Hashable, CaseIterable {
        case topRight = "top-right"
        case top
        case center
        case bottomRight = "bottom-right"
        case bottom
    }

    public var banners: Banners = .popup
    public var server: Server = .automatic
    /// The popup's width in columns (never wider than the client).
    public var width = 60
    /// The popup's height in rows; `nil`: as tall as the banner needs.
    public var height: Int?
    public var position: Position = .topRight
    /// Seconds a popup (or a message line) stays; 0 keeps a popup until acted on (a message line
    /// then stays until a key is pressed).
    public var timeout: Double = 8
    /// Seconds without typing before a popup takes keys: keys typed before that go on to the
    /// pane underneath.
    public var keyGrace: Double = 1
    /// Whether the daemon keeps the `@herald_unread` and `@herald_focus` user options.
    public var statusOptions = true

    public init() {}

    /// The keys of `[tmux]`.
    public static let keys = ["banners", "position", "width", "height", "timeout", "key-grace", "socket", "status"]
    /// The environment variable that overrides `socket` (`off`, a path or a server name).
    public static let environmentVariable = "HERALD_TMUX"

    /// The settings of `file`'s `[tmux]` sections, then `$HERALD_TMUX`, and every mistake (a
    /// mistaken key keeps its default).
    public static func read(_ file: ConfigFile, environment: [String: String] = [:])
        -> (settings: TmuxSettings, errors: [ConfigError]) {
        var settings = TmuxSettings()
        var errors: [ConfigError] = []
        for section in file.sections(named: "tmux") {
            for entry in section.entries {
                do {
                    try settings.apply(entry)
                } catch let error as ConfigError {
                    errors.append(error)
                } catch {}
            }
        }
        if let override = environment[environmentVariable], !override.isEmpty {
            settings.server = server(override)
        }
        return (settings, errors)
    }

    mutating func apply(_ entry: ConfigFile.Entry) throws {
        switch entry.key {
        case "banners":
            guard let banners = Banners(rawValue: entry.value.lowercased()) else {
                throw ConfigError(line: entry.line, "banners: expected popup, message or off, got '\(entry.value)'")
            }
            self.banners = banners
        case "position":
            guard let position = Position(rawValue: entry.value.lowercased()) else {
                throw ConfigError(line: entry.line, "position: expected "
                                  + Position.allCases.map(\.rawValue).joined(separator: ", ") + ", got '\(entry.value)'")
            }
            self.position = position
        case "width":
            width = try entry.integer(in: 20...500)
        case "height":
            height = entry.value.lowercased() == "auto" ? nil : try entry.integer(in: 4...200)
        case "timeout":
            timeout = try entry.number(in: 0...86_400, unit: " seconds")
        case "key-grace":
            keyGrace = try entry.number(in: 0...10, unit: " seconds")
        case "socket":
            guard !entry.value.isEmpty else {
                throw ConfigError(line: entry.line, "socket: expected auto, off, a socket path or a server name")
            }
            server = Self.server(entry.value)
        case "status":
            statusOptions = try entry.bool()
        default:
            throw entry.unknown(in: "tmux", known: Self.keys)
        }
    }

    /// `auto`, `off`, a path (it holds a `/`) or a server name.
    static func server(_ text: String) -> Server {
        switch text.lowercased() {
        case "auto": return .automatic
        case "off", "no", "none": return .off
        default: return text.contains("/") ? .socket(text) : .named(text)
        }
    }
}

import Foundation
import HeraldCore
import TerminalKit

/// The terminal UI's part of the configuration file (`docs/CONFIGURATION.md`): `[banners]`,
/// `[theme]` and `[keys]`. The `[rule]` sections are the daemon's (`NotificationRule`); they are
/// checked here too, so one pass reports every mistake. A setting with a mistake keeps its
/// default; the mistakes come back with their line numbers.
///
/// ```swift
/// var config = UIConfiguration.fromEnvironment()
/// let errors = config.apply(ConfigFile.load(path: ConfigFile.defaultPath()))
/// ```
extension UIConfiguration {
    /// The keys of each section the UI reads.
    public static let bannerKeys = ["max", "timeout", "timeout.passive", "timeout.active", "timeout.time-sensitive",
                                    "timeout.critical", "coalesce", "key-grace"]
    public static let themeKeys = ["colors", "accent", "banner", "alert", "unread", "app"]
    public static let sectionNames = ["banners", "theme", "keys", "rule", "daemon", "broker", "tmux", "relay"]

    /// Applies the file's `[banners]`, `[theme]` and `[keys]`; returns every mistake in the file
    /// (the parser's, unknown sections, bad values, the rules' too), in line order.
    public mutating func apply(_ file: ConfigFile) -> [ConfigError] {
        var errors = file.errors
        for section in file.sections {
            for entry in section.entries {
                do {
                    switch section.name {
                    case "banners": try applyBanner(entry)
                    case "theme": try applyTheme(entry)
                    case "keys": try applyKey(entry)
                    // Read elsewhere: the rules by the engine, [daemon] and [broker] by
                    // `DaemonSettings` (whose mistakes `herald daemon` refuses to start with),
                    // [tmux] by `TmuxSettings`, [relay] by `herald relay`.
                    case "rule", "daemon", "broker", "tmux", "relay": break
                    default:
                        throw ConfigError(line: section.line, "unknown section [\(section.name)] (known: "
                                          + Self.sectionNames.map { "[\($0)]" }.joined(separator: ", ") + ")")
                    }
                } catch let error as ConfigError {
                    if !errors.contains(error) { errors.append(error) }
                } catch {}
            }
        }
        errors += NotificationRule.rules(from: file).errors
        return errors.sorted { $0.line < $1.line }
    }

    mutating func applyBanner(_ entry: ConfigFile.Entry) throws {
        switch entry.key {
        case "max": maxBanners = try entry.integer(in: 1...9)
        case "timeout": bannerDuration = try entry.number(in: 0...86_400, unit: " seconds")
            if bannerDuration == 0 { bannerTimeouts = Dictionary(uniqueKeysWithValues: UNNotificationInterruptionLevel.allCases.map { ($0, 0) }) }
        case "coalesce": coalesceBanners = try entry.bool()
        case "key-grace": bannerKeyGrace = try entry.number(in: 0...5, unit: " seconds")
        case let key where key.hasPrefix("timeout."):
            guard let level = UNNotificationInterruptionLevel(configName: String(key.dropFirst("timeout.".count))) else {
                throw entry.unknown(in: "banners", known: Self.bannerKeys)
            }
            bannerTimeouts[level] = try entry.number(in: 0...86_400, unit: " seconds")
        default: throw entry.unknown(in: "banners", known: Self.bannerKeys)
        }
    }

    mutating func applyTheme(_ entry: ConfigFile.Entry) throws {
        if entry.key == "colors" {
            colors = try entry.bool() && colors   // NO_COLOR still wins
            return
        }
        guard let color = Self.themeColor(entry.value) else {
            guard Self.themeKeys.contains(entry.key) else { throw entry.unknown(in: "theme", known: Self.themeKeys) }
            // An unquoted `#1e90ff` starts a comment: the value arrives empty.
            let hint = entry.value.isEmpty ? " (write #rrggbb in quotes, \"#1e90ff\": an unquoted # starts a comment)" : ""
            throw ConfigError(line: entry.line, "\(entry.key): expected a colour ("
                              + ([Color.default] + Color.basic).map(\.description).joined(separator: ", ")
                              + ", a palette number 0–255, or #rrggbb), got '\(entry.value)'" + hint)
        }
        switch entry.key {
        case "accent": palette.accent = color
        case "banner": palette.banner = color
        case "alert": palette.alert = color
        case "unread": palette.unread = color
        case "app": palette.app = color
        default: throw entry.unknown(in: "theme", known: Self.themeKeys)
        }
    }

    /// A `[theme]` colour: a name (`cyan`, `default`), a palette number (`0`–`255`, also
    /// `color208`) or 24-bit `#rrggbb`. The terminal draws the nearest colour it has.
    static func themeColor(_ text: String) -> Color? {
        let value = text.lowercased()
        if let named = ([Color.default] + Color.basic).first(where: { $0.description == value }) { return named }
        let number = value.hasPrefix("color") ? String(value.dropFirst("color".count)) : value
        if !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }), let index = UInt8(number) { return .indexed(index) }
        guard value.hasPrefix("#"), value.count == 7, value.dropFirst().allSatisfy(\.isHexDigit), let rgb = UInt32(value.dropFirst(), radix: 16) else { return nil }
        return .rgb(UInt8(rgb >> 16 & 0xff), UInt8(rgb >> 8 & 0xff), UInt8(rgb & 0xff))
    }

    mutating func applyKey(_ entry: ConfigFile.Entry) throws {
        guard let action = KeyAction(rawValue: entry.key) else {
            throw entry.unknown(in: "keys", known: KeyAction.allCases.map(\.rawValue))
        }
        guard let key = Key(configName: entry.value) else {
            throw ConfigError(line: entry.line, "\(entry.key): '\(entry.value)' is not a key (a character, or tab, "
                              + "shift-tab, enter, esc, space, backspace, delete, up, down, left, right, home, end, "
                              + "pgup, pgdn, f1–f12, ctrl-a…ctrl-z)")
        }
        keyBindings[key] = action.defaultKey
    }
}

/// The actions a key can be bound to in `[keys]`, each with the key that does it by default.
public enum KeyAction: String, CaseIterable, Sendable {
    case open, dismiss, reply, expand, search, command, settings, delete, help, quit, up, down, top, bottom
    case nextBanner = "next-banner"
    case closeBanners = "close-banners"
    case clearBadge = "clear-badge"
    case clearHistory = "clear-history"
    case switchPane = "switch-pane"

    public var defaultKey: Key {
        switch self {
        case .open: return .enter
        case .dismiss: return .char("x")
        case .reply: return .char("r")
        case .expand: return .char(" ")
        case .search: return .char("/")
        case .command: return .char(":")
        case .settings: return .char("s")
        case .delete: return .char("d")
        case .help: return .char("?")
        case .quit: return .char("q")
        case .up: return .char("k")
        case .down: return .char("j")
        case .top: return .char("g")
        case .bottom: return .char("G")
        case .nextBanner, .switchPane: return .tab
        case .closeBanners: return .char("X")
        case .clearBadge: return .char("c")
        case .clearHistory: return .char("D")
        }
    }
}

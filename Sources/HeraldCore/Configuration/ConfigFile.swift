import Foundation

/// Herald's configuration file, read by hand: `[section]` headers, `key = value` lines, `#`
/// comments (at the start of a line, or after a value following a space). Lines may end in LF,
/// CRLF or CR; a UTF-8 byte-order mark at the start is skipped. Sections may repeat
/// (`[rule]` once per rule) and may carry a name (`[rule "ci noise"]`).
///
/// Parsing never fails as a whole: a line it cannot read is reported with its number and left
/// out; what each section's keys mean is checked by whoever reads them (`NotificationRule`,
/// the UI's settings), with errors that name the line, the key and what was expected.
///
/// ```swift
/// let file = ConfigFile.parse("[banners]\nmax = 3\n")
/// file.sections[0].name            // "banners"
/// file.sections[0].entries[0].value // "3"
/// ```
public struct ConfigFile: Sendable, Hashable {
    /// One `key = value` line.
    public struct Entry: Sendable, Hashable {
        public var key: String
        public var value: String
        public var line: Int
    }

    /// A `[name]` or `[name "label"]` section and its lines, in file order.
    public struct Section: Sendable, Hashable {
        public var name: String
        public var label: String?
        public var line: Int
        public var entries: [Entry]
    }

    /// Entries before any section header land in a section named "" (reported as an error).
    public var sections: [Section]
    /// Lines that could not be read.
    public var errors: [ConfigError]

    /// The sections called `name`, in file order.
    public func sections(named name: String) -> [Section] { sections.filter { $0.name == name } }

    /// Reads the text of a configuration file.
    public static func parse(_ text: String) -> ConfigFile {
        var sections: [Section] = []
        var errors: [ConfigError] = []
        var lineNumber = 0
        for rawLine in lines(text) {
            lineNumber += 1
            let line = stripComment(String(rawLine)).trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]") else {
                    errors.append(ConfigError(line: lineNumber, "a section header ends with ']': \(line)"))
                    continue
                }
                let inside = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
                var name = inside
                var label: String?
                if let space = inside.firstIndex(of: " ") {
                    name = String(inside[..<space])
                    label = inside[space...].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                }
                guard !name.isEmpty else {
                    errors.append(ConfigError(line: lineNumber, "a section header needs a name, as in [banners]"))
                    continue
                }
                sections.append(Section(name: name.lowercased(), label: label, line: lineNumber, entries: []))
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                errors.append(ConfigError(line: lineNumber, "expected 'key = value' or '[section]', got: \(line)"))
                continue
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            guard !key.isEmpty else {
                errors.append(ConfigError(line: lineNumber, "a setting needs a name before '='"))
                continue
            }
            if sections.isEmpty {
                errors.append(ConfigError(line: lineNumber, "'\(key)' is outside any section: put it under a [section] header"))
                continue
            }
            sections[sections.count - 1].entries.append(Entry(key: key, value: value, line: lineNumber))
        }
        return ConfigFile(sections: sections, errors: errors)
    }

    /// The lines of a text file: ending in LF, CRLF (a file saved on Windows: Swift reads
    /// "\r\n" as one character, which a split on "\n" never finds) or a lone CR, without their
    /// ends; a UTF-8 byte-order mark before the first is not part of it.
    public static func lines(_ text: String) -> [Substring] {
        let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        return body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }

    /// A line without its comment: `#` at the start, or after whitespace (`color = #fff` keeps it
    /// only inside quotes).
    static func stripComment(_ line: String) -> String {
        var inQuotes = false
        var previous: Character = " "
        for (offset, c) in line.enumerated() {
            if c == "\"" { inQuotes.toggle() }
            if c == "#", !inQuotes, previous == " " || previous == "\t" {
                return String(line.prefix(offset))
            }
            previous = c
        }
        return line
    }

    /// Where the file is: `$HERALD_CONFIG`, else `$XDG_CONFIG_HOME/herald/config`, else
    /// `~/.config/herald/config`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["HERALD_CONFIG"], !explicit.isEmpty { return explicit }
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/herald/config" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.config/herald/config"
    }

    /// Reads the file at `path`: an empty configuration when there is none; an unreadable file
    /// is one error.
    public static func load(path: String) -> ConfigFile {
        guard FileManager.default.fileExists(atPath: path) else { return ConfigFile(sections: [], errors: []) }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            return ConfigFile(sections: [], errors: [ConfigError(line: 0, "\(path) cannot be read as UTF-8 text")])
        }
        return parse(text)
    }
}

/// A mistake in the configuration file: its line and what was wrong. The setting is ignored
/// and its default used.
public struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}

extension ConfigFile.Entry {
    /// `yes`/`no` (also `true`/`false`, `on`/`off`, `1`/`0`).
    public func bool() throws -> Bool {
        switch value.lowercased() {
        case "yes", "true", "on", "1": return true
        case "no", "false", "off", "0": return false
        default: throw ConfigError(line: line, "\(key): expected yes or no, got '\(value)'")
        }
    }

    /// A number within `range`.
    public func number(in range: ClosedRange<Double>, unit: String = "") throws -> Double {
        guard let number = Double(value), number.isFinite, range.contains(number) else {
            throw ConfigError(line: line, "\(key): expected a number from \(Self.format(range.lowerBound)) to "
                              + "\(Self.format(range.upperBound))\(unit), got '\(value)'")
        }
        return number
    }

    /// A whole number within `range`.
    public func integer(in range: ClosedRange<Int>) throws -> Int {
        guard let number = Int(value), range.contains(number) else {
            throw ConfigError(line: line, "\(key): expected a whole number from \(range.lowerBound) to \(range.upperBound), got '\(value)'")
        }
        return number
    }

    /// An unknown key in `section`.
    public func unknown(in section: String, known: [String]) -> ConfigError {
        ConfigError(line: line, "[\(section)] has no setting '\(key)' (known: \(known.joined(separator: ", ")))")
    }

    static func format(_ number: Double) -> String {
        number == number.rounded() ? String(Int(number)) : String(number)
    }
}

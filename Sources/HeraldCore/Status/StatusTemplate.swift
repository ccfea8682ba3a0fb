import Foundation

/// The line `herald status --format` prints: text with placeholders filled from a
/// `CenterStatus`.
///
/// - `{unread}` unread notifications (all apps); `{apps}` the apps with unread ones and their
///   counts ("Mail 2 · make 1"); `{focus}` the Focus that is on, or nothing; `{dnd}` `on` or
///   `off`; `{title}`, `{app}` and `{id}` the newest unread notification's title, app name and id.
/// - `{title:30}` cuts a value to 30 columns (with "…").
/// - `{?unread TEXT}` shows TEXT only when the placeholder has a value (not empty, `0` or
///   `off`); `{!unread TEXT}` only when it has none. TEXT may hold placeholders and sections.
/// - `{{` and `}}` are braces (inside a section a `}` ends it).
///
/// ```swift
/// let template = try StatusTemplate("{?unread ✉ {unread}}{!unread ✓}")
/// template.render(status) { text, _ in text }   // "✉ 3", or "✓" when nothing is unread
/// ```
public struct StatusTemplate: Sendable, Hashable {
    /// A placeholder's name.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        case unread, apps, focus, dnd, title, app, id
    }

    indirect enum Part: Sendable, Hashable {
        case text(String)
        case field(Field, width: Int?)
        /// Shown when the field has a value (`whenSet`), or when it has none.
        case section(Field, whenSet: Bool, [Part])
    }

    let parts: [Part]

    /// The widest a cut may be.
    public static let maximumWidth = 1000

    /// Reads a template; a mistake throws an error naming it and where it is.
    public init(_ text: String) throws(StatusTemplateError) {
        var reader = Reader(characters: Array(text))
        parts = try reader.parts(nested: false)
    }

    /// The line for `status`. `text` prepares each value that comes from the center (titles and
    /// names: make them safe for where the line goes, cut them to `width` columns when one is
    /// given); numbers and the template's own text are used as they are.
    public func render(_ status: CenterStatus, text: (String, _ width: Int?) -> String) -> String {
        render(parts, status, text)
    }

    private func render(_ parts: [Part], _ status: CenterStatus, _ text: (String, Int?) -> String) -> String {
        var line = ""
        for part in parts {
            switch part {
            case .text(let literal):
                line += literal
            case .field(let field, let width):
                let value = Self.value(field, status)
                line += Self.isFromCenter(field) ? text(value, width) : Self.cut(value, width, text)
            case .section(let field, let whenSet, let inner):
                if Self.isSet(field, status) == whenSet { line += render(inner, status, text) }
            }
        }
        return line
    }

    /// A field's value, before `text` prepares it.
    static func value(_ field: Field, _ status: CenterStatus) -> String {
        switch field {
        case .unread: return String(status.unread)
        case .apps:
            // (The bytes appended in a loop, then one string: the standard library's generic
            // `joined(separator:)` is a twentieth of a `herald status` the first time a process
            // calls it, and each `String` append costs more than the bytes it copies.)
            let apps = status.unreadApps
            var bytes: [UInt8] = []
            bytes.reserveCapacity(apps.count * 32)
            for app in apps {
                if !bytes.isEmpty { bytes.append(contentsOf: " · ".utf8) }
                bytes.append(contentsOf: app.name.utf8)
                bytes.append(UInt8(ascii: " "))
                DecimalDigits.append(Int64(app.unread), to: &bytes)
            }
            return String(decoding: bytes, as: UTF8.self)
        case .focus: return status.focus?.name ?? ""
        case .dnd: return status.doNotDisturb ? "on" : "off"
        case .title: return status.newestUnread?.title ?? ""
        case .app: return status.newestUnread.map { status.name(of: $0.bundleIdentifier) } ?? ""
        case .id: return status.newestUnread.map { String($0.deliveryID) } ?? ""
        }
    }

    /// Whether a field counts as set for `{?…}` and `{!…}` (`hasValue` of its value): `{apps}`
    /// without building its text, which sorts the apps (a line shows it right after asking).
    static func isSet(_ field: Field, _ status: CenterStatus) -> Bool {
        switch field {
        case .apps: return status.unreadCounts.values.contains { $0 > 0 }
        default: return hasValue(value(field, status))
        }
    }

    /// Whether the field's text comes from apps or the user's center (names, titles).
    static func isFromCenter(_ field: Field) -> Bool {
        switch field {
        case .apps, .focus, .title, .app: return true
        case .unread, .dnd, .id: return false
        }
    }

    /// A value of our own (a number, on/off) cut to `width` as the caller cuts.
    private static func cut(_ value: String, _ width: Int?, _ text: (String, Int?) -> String) -> String {
        width == nil ? value : text(value, width)
    }

    /// Whether a value counts as set for `{?…}` and `{!…}`.
    static func hasValue(_ value: String) -> Bool {
        !(value.isEmpty || value == "0" || value == "off")
    }
}

/// A mistake in a status template, with the column it is at (1 is the first character).
public struct StatusTemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    public var column: Int
    public var message: String
    public var description: String { "column \(column): \(message)" }
}

extension StatusTemplate {
    /// Reads the template's characters into parts.
    struct Reader {
        let characters: [Character]
        var index = 0

        /// Parts up to the end (or, `nested`, up to the `}` that ends a section, consumed).
        mutating func parts(nested: Bool) throws(StatusTemplateError) -> [Part] {
            var parts: [Part] = []
            var literal = ""
            func flush() {
                if !literal.isEmpty { parts.append(.text(literal)); literal = "" }
            }
            while index < characters.count {
                let character = characters[index]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                // (Inside a section a `}` ends it: sections may end together, `{?a {?b {b}}}`.)
                if character == "{" && next == "{" || character == "}" && next == "}" && !nested {
                    literal.append(character)
                    index += 2
                } else if character == "}" {
                    guard nested else { throw error("a '}' closes nothing (write }} for a brace)") }
                    index += 1
                    flush()
                    return parts
                } else if character == "{" {
                    flush()
                    parts.append(try placeholder())
                } else {
                    literal.append(character)
                    index += 1
                }
            }
            guard !nested else { throw StatusTemplateError(column: characters.count + 1, message: "a '{?' or '{!' section is not closed with '}'") }
            flush()
            return parts
        }

        /// `{name}`, `{name:WIDTH}`, `{?name TEXT}` or `{!name TEXT}`, at a `{`.
        mutating func placeholder() throws(StatusTemplateError) -> Part {
            let start = index
            index += 1
            var section: Bool?
            if index < characters.count, characters[index] == "?" || characters[index] == "!" {
                section = characters[index] == "?"
                index += 1
            }
            var name = ""
            while index < characters.count, characters[index].isLetter { name.append(characters[index]); index += 1 }
            guard let field = Field(rawValue: name) else {
                throw StatusTemplateError(column: start + 1, message: "unknown placeholder {\(name)} (known: "
                    + Field.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ") + "; write {{ for a brace)")
            }
            if let whenSet = section {
                guard index < characters.count, characters[index] == " " else {
                    throw StatusTemplateError(column: index + 1, message: "a space comes after {\(whenSet ? "?" : "!")\(name), then the text to show")
                }
                index += 1
                return .section(field, whenSet: whenSet, try parts(nested: true))
            }
            var width: Int?
            if index < characters.count, characters[index] == ":" {
                index += 1
                var digits = ""
                while index < characters.count, characters[index].isASCII, characters[index].isNumber {
                    digits.append(characters[index])
                    index += 1
                }
                guard let number = Int(digits), (1...StatusTemplate.maximumWidth).contains(number) else {
                    throw StatusTemplateError(column: start + 1, message: "{\(name):WIDTH} takes a width from 1 to \(StatusTemplate.maximumWidth) columns")
                }
                width = number
            }
            guard index < characters.count, characters[index] == "}" else {
                throw StatusTemplateError(column: start + 1, message: "{\(name) is not closed with '}'")
            }
            index += 1
            return .field(field, width: width)
        }

        func error(_ message: String) -> StatusTemplateError {
            StatusTemplateError(column: index + 1, message: message)
        }
    }
}

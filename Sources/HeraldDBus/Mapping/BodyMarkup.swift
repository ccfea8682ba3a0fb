import Foundation
import HeraldCore

/// The body markup of the Desktop Notifications spec: `<b>`, `<i>`, `<u>`, `<a href="…">`,
/// `<img src="…" alt="…"/>` and XML entities. Parsed into plain text plus styled runs; markup
/// that is broken (an unknown tag, tags that do not nest, a link inside a link, a stray `<`, an
/// unknown entity) falls back to the literal text with no styles, never to half-parsed tags.
///
/// What it makes is bounded by what was sent, whatever the nesting: one pass over the markup;
/// bold, italic and underline become runs that never overlap (nested tags merge into the run of
/// their combined style), so the text the runs cover adds up to the body at most; links are runs
/// of their own, each covering its text once. At most `NotificationTraits.maximumBodyStyles`
/// runs are kept, links first (`StyledRuns`).
///
/// ```swift
/// BodyMarkup("<b>Build</b> &amp; <a href=\"https://ci\">log</a>")
/// // text: "Build & log", styles: bold 0..<5, link 8..<11 → https://ci
/// ```
struct BodyMarkup: Equatable {
    var text: String
    var styles: [BodyStyle]

    init(_ markup: String) {
        if let parsed = Self.parse(markup) {
            self = parsed
        } else {
            text = markup
            styles = []
        }
    }

    private init(text: String, styles: [BodyStyle]) {
        self.text = text
        self.styles = styles
    }

    private static func parse(_ markup: String) -> BodyMarkup? {
        // Bytes, not `contains("<")`: with Foundation imported, a string argument picks its
        // `range(of:)`, a search through `NSString` (~6,700 instructions a `Notify`).
        guard markup.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else {
            return BodyMarkup(text: markup, styles: [])
        }
        var runs = StyledRuns()
        // The names of the open tags, innermost last (for checking that they nest).
        var open: [String] = []
        var index = markup.startIndex
        while index < markup.endIndex {
            let character = markup[index]
            if character == "<" {
                guard let close = markup[index...].firstIndex(of: ">") else { return nil }
                let inside = String(markup[markup.index(after: index)..<close])
                index = markup.index(after: close)
                guard let tag = Tag(inside) else { return nil }
                switch tag {
                case .open(let name, let attributes):
                    guard ["b", "i", "u", "a"].contains(name) else { return nil }
                    if name == "a" {
                        guard !open.contains("a") else { return nil }
                        runs.openLink(attributes["href"] ?? "")
                    } else {
                        runs.open(name)
                    }
                    open.append(name)
                case .close(let name):
                    guard open.popLast() == name else { return nil }
                    if name == "a" { runs.closeLink() } else { runs.close(name) }
                case .empty(let name, let attributes):
                    guard name == "img" else { return nil }
                    for character in attributes["alt"] ?? "" { runs.append(character) }
                }
            } else if character == "&" {
                guard let semicolon = markup[index...].prefix(12).firstIndex(of: ";"),
                      let decoded = Self.entity(String(markup[markup.index(after: index)..<semicolon])) else { return nil }
                runs.append(decoded)
                index = markup.index(after: semicolon)
            } else {
                runs.append(character)
                index = markup.index(after: index)
            }
        }
        guard open.isEmpty else { return nil }
        let (text, styles) = runs.finish()
        return BodyMarkup(text: text, styles: styles)
    }

    /// `amp`, `lt`, `gt`, `quot`, `apos`, `#NN`, `#xHH`.
    static func entity(_ name: String) -> Character? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16)
                : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }

    /// One tag: `<b>`, `</b>`, `<img … />`, with its attributes decoded.
    private enum Tag {
        case open(String, [String: String])
        case close(String)
        case empty(String, [String: String])

        init?(_ inside: String) {
            var body = Substring(inside)
            if body.hasPrefix("/") {
                let name = body.dropFirst().trimmingCharacters(in: .whitespaces).lowercased()
                guard !name.isEmpty, name.allSatisfy(\.isLetter) else { return nil }
                self = .close(name)
                return
            }
            let isEmpty = body.hasSuffix("/")
            if isEmpty { body = body.dropLast() }
            let name = String(body.prefix { $0.isLetter }).lowercased()
            guard !name.isEmpty, let attributes = Tag.attributes(body.dropFirst(name.count)) else { return nil }
            self = isEmpty || name == "img" ? .empty(name, attributes) : .open(name, attributes)
        }

        /// `key="value"` pairs (single or double quotes), entities decoded.
        static func attributes(_ text: Substring) -> [String: String]? {
            var result: [String: String] = [:]
            var rest = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            while !rest.isEmpty {
                let key = rest.prefix { $0.isLetter || $0 == "-" || $0 == "_" }
                guard !key.isEmpty else { return nil }
                rest = rest.dropFirst(key.count).drop { $0 == " " }
                guard rest.first == "=" else { return nil }
                rest = rest.dropFirst().drop { $0 == " " }
                guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
                rest = rest.dropFirst()
                guard let end = rest.firstIndex(of: quote) else { return nil }
                let raw = String(rest[..<end])
                guard let value = BodyMarkup.decodeEntities(raw) else { return nil }
                result[key.lowercased()] = value
                rest = rest[rest.index(after: end)...].drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            }
            return result
        }
    }

    /// Decodes entities in an attribute value; `nil` for an unknown one.
    static func decodeEntities(_ raw: String) -> String? {
        guard raw.utf8.contains(UInt8(ascii: "&")) else { return raw }
        var out = ""
        var index = raw.startIndex
        while index < raw.endIndex {
            if raw[index] == "&" {
                guard let semicolon = raw[index...].firstIndex(of: ";"),
                      let decoded = entity(String(raw[raw.index(after: index)..<semicolon])) else { return nil }
                out.append(decoded)
                index = raw.index(after: semicolon)
            } else {
                out.append(raw[index])
                index = raw.index(after: index)
            }
        }
        return out
    }
}

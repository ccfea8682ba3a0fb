/// What a rule matches in a field: a substring, or — when it holds `*` or `?` — a pattern over
/// the whole field (`*` any run of characters, `?` one). Case is ignored.
///
/// ```swift
/// TextPattern("fail").matches("Build FAILED")      // true (substring)
/// TextPattern("build *").matches("Build 42 passed") // true (pattern)
/// TextPattern("ci.*").matches("ci.nightly")         // true
/// ```
public struct TextPattern: Sendable, Hashable, CustomStringConvertible {
    public let text: String
    let characters: [Character]
    let isPattern: Bool

    public init(_ text: String) {
        self.text = text
        self.characters = Array(text.lowercased())
        self.isPattern = text.contains("*") || text.contains("?")
    }

    public func matches(_ field: String) -> Bool {
        let subject = field.lowercased()
        guard isPattern else { return characters.isEmpty || subject.contains(String(characters)) }
        return Self.glob(characters[...], Array(subject)[...])
    }

    /// `*` and `?` matching with backtracking on the last star (linear in practice).
    static func glob(_ pattern: ArraySlice<Character>, _ subject: ArraySlice<Character>) -> Bool {
        var p = pattern.startIndex, s = subject.startIndex
        var star: Int?, resume = subject.startIndex
        while s < subject.endIndex {
            if p < pattern.endIndex, pattern[p] == "?" || pattern[p] == subject[s] {
                p += 1; s += 1
            } else if p < pattern.endIndex, pattern[p] == "*" {
                star = p; resume = s; p += 1
            } else if let starAt = star {
                p = starAt + 1; resume += 1; s = resume
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }

    public var description: String { text }
}

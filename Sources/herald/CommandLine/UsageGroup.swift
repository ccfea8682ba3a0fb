/// One top-level piece of a `Usage:` line: a word (`herald`, `focus`, `NAME`), a bracketed or
/// parenthesised group (`[--app ID | --new-app ID]`, `(FILE | -)`), or an option with its value
/// (`--title T`).
struct UsageGroup: Equatable, Sendable {
    var text: String

    /// Whether the group names options (`--title T`, `[--json]`, `[--allow | --deny]`).
    var isOption: Bool {
        text.drop { $0 == "[" || $0 == "(" }.hasPrefix("--")
    }

    /// Splits a usage line at the spaces outside brackets; an option at the top level keeps the
    /// value that follows it (`--title T` is one group).
    static func split(_ line: String) -> [UsageGroup] {
        var words: [String] = []
        var current = ""
        var depth = 0
        for character in line {
            switch character {
            case "[", "(": depth += 1
            case "]", ")": depth = max(0, depth - 1)
            default: break
            }
            if character == " " && depth == 0 {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }

        var groups: [UsageGroup] = []
        var index = 0
        while index < words.count {
            var text = words[index]
            let next = index + 1 < words.count ? words[index + 1] : nil
            if text.hasPrefix("--"), let next, let first = next.first, !"[(-|".contains(first) {
                text += " " + next
                index += 1
            }
            groups.append(UsageGroup(text: text))
            index += 1
        }
        return groups
    }
}

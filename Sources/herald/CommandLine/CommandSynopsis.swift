import Foundation

/// What one command takes, read from its `--help` text: the options (with the kind of value each
/// wants and a line saying what it does) and the literal words it takes first (`focus on`,
/// `dnd off`). The shell completions are made from it (and the manual page from the same text),
/// so they follow the help text and cannot drift from it.
///
/// The help text's conventions, which every command follows:
/// - `Usage:` lines name options as `--name`, `--name VALUE`, `--name a|b|c` (choices) or
///   `[--name [VALUE]]` (an optional value); `FILE` values are files, `DIR` values directories.
/// - An `Options:` list (and the lines of any block indented under a `…:` heading) starts each
///   entry with the option, a value, then two or more spaces and the description.
struct CommandSynopsis: Equatable, Sendable {
    /// The kind of value an option takes.
    enum Value: Equatable, Sendable {
        /// A flag: no value.
        case none
        /// A file path.
        case file
        /// A directory path.
        case directory
        /// A shell command.
        case command
        /// One of these words.
        case choices([String])
        /// Free text, named by the help's placeholder (`ID`, `SECONDS`, …).
        case text(String)
    }

    /// One option.
    struct Option: Equatable, Sendable {
        var name: String
        var value: Value
        /// The first line of its description in the help's option list, or empty.
        var summary: String
    }

    /// The command's name (`post`).
    var command: String
    var options: [Option]
    /// Words the command takes as its first positional argument (`on`, `off`, `list`).
    var words: [String]
    /// Whether a positional argument is a file (`herald push FILE`).
    var takesFile: Bool

    /// Reads the synopsis of `command` from its help text.
    init(command: String, help: String) {
        self.command = command
        options = []
        words = []
        takesFile = false
        let lines = help.components(separatedBy: "\n")
        for usage in Self.usageLines(lines) {
            readUsage(usage)
        }
        for entry in Self.optionEntries(lines) {
            readOptionEntry(entry)
        }
    }

    // MARK: - Usage lines

    /// The lines of the `Usage:` paragraph without the `Usage:` label: each starts with `herald`
    /// or continues the line above.
    private static func usageLines(_ lines: [String]) -> [String] {
        guard let start = lines.firstIndex(where: { $0.hasPrefix("Usage:") }) else { return [] }
        var usage: [String] = []
        for line in lines[start...] {
            let text = line.hasPrefix("Usage:") ? String(line.dropFirst("Usage:".count)) : line
            if text.trimmingCharacters(in: .whitespaces).isEmpty { break }
            usage.append(text.trimmingCharacters(in: .whitespaces))
        }
        return usage
    }

    private mutating func readUsage(_ line: String) {
        var groups = UsageGroup.split(line)
        // Where a line names the command (`herald [--home DIR] focus on NAME`), its positional
        // arguments follow it; a continuation line holds options only.
        if groups.first?.text == "herald" {
            groups.removeFirst()
            while let first = groups.first, first.isOption { addOptions(from: first.text); groups.removeFirst() }
            if let name = groups.first, name.text == command || name.text == "[\(command)]" { groups.removeFirst() }
            if let first = groups.first(where: { !$0.isOption }) { readPositional(first.text) }
        }
        for group in groups where group.isOption { addOptions(from: group.text) }
        if groups.contains(where: { !$0.isOption && $0.text.contains("FILE") }) { takesFile = true }
    }

    /// `on`, `[list]`, `[on|off]`, `N|clear`: the lower-case words are literal.
    private mutating func readPositional(_ text: String) {
        let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: "[]()"))
        for word in trimmed.split(separator: "|").map({ $0.trimmingCharacters(in: .whitespaces) })
        where Self.isLiteral(word) && !words.contains(word) {
            words.append(word)
        }
    }

    /// Adds every option a usage group or an option entry's head names, with its value.
    private mutating func addOptions(from text: String, summary: String = "") {
        let tokens = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        for (index, token) in tokens.enumerated() {
            let name = token.trimmingCharacters(in: CharacterSet(charactersIn: "[](),."))
            guard name.hasPrefix("--"), name.count > 2, name.dropFirst(2).allSatisfy(Self.isNameCharacter) else { continue }
            let closed = token.hasSuffix(",") || token.hasSuffix("]") || token.hasSuffix(")")
            let next = index + 1 < tokens.count && !closed ? tokens[index + 1] : nil
            add(Option(name: name, value: Self.value(after: next), summary: summary))
        }
    }

    private mutating func add(_ option: Option) {
        if let index = options.firstIndex(where: { $0.name == option.name }) {
            if options[index].summary.isEmpty { options[index].summary = option.summary }
            if options[index].value == .none, option.value != .none { options[index].value = option.value }
        } else {
            options.append(option)
        }
    }

    /// The value an option takes, from the token after it: `FILE`, `allow|deny`, `SECONDS`; none
    /// when another option, a `|` or an optional group (`[NAME|none]`) follows.
    private static func value(after token: String?) -> Value {
        guard let token, !token.hasPrefix("["), !token.hasPrefix("-"), !token.hasPrefix("|"), !token.hasPrefix("(") else {
            return .none
        }
        let bare = token.replacingOccurrences(of: "...", with: "").trimmingCharacters(in: CharacterSet(charactersIn: "[](),"))
        let parts = bare.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        if parts.count > 1 {
            return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } }
                ? .choices(parts) : .none
        }
        switch bare {
        case "FILE": return .file
        case "DIR": return .directory
        case "CMD": return .command
        default:
            return bare.contains(where: { $0.isUppercase || $0.isNumber || $0 == ":" }) ? .text(bare) : .none
        }
    }

    private static func isLiteral(_ word: String) -> Bool {
        !word.isEmpty && !word.hasPrefix("-") && word.allSatisfy { $0.isLowercase || $0 == "-" }
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isLowercase || character.isNumber || character == "-"
    }

    // MARK: - Option lists

    /// One entry of an option list: its head (`--broker-ca FILE`) and first description line.
    struct OptionEntry: Equatable {
        var head: String
        var summary: String
    }

    /// The entries of the help's option lists: lines indented by two spaces that start with `--`,
    /// the head ending where two spaces begin the description, which goes on over the lines
    /// indented further below; the summary is its first sentence.
    static func optionEntries(_ lines: [String]) -> [OptionEntry] {
        var entries: [(head: String, description: [String])] = []
        var open = false
        for line in lines {
            let indent = line.prefix { $0 == " " }.count
            let body = line.trimmingCharacters(in: .whitespaces)
            if indent == 2 && body.hasPrefix("--") {
                let parts = body.components(separatedBy: "  ")
                let rest = parts.dropFirst().joined(separator: " ").trimmingCharacters(in: .whitespaces)
                entries.append((parts[0], rest.isEmpty ? [] : [rest]))
                open = true
            } else if open && indent > 2 && !body.isEmpty {
                entries[entries.count - 1].description.append(body)
            } else {
                open = false
            }
        }
        return entries.map { OptionEntry(head: $0.head, summary: firstSentence($0.description.joined(separator: " "))) }
    }

    /// The first sentence of a description, at most about 80 characters: a parenthetical aside
    /// that does not fit is left out whole; otherwise the sentence is cut at a word and ends "…".
    static func firstSentence(_ text: String) -> String {
        var sentence = text
        if let end = sentence.range(of: ". ") ?? sentence.range(of: "; ") {
            sentence = String(sentence[..<end.lowerBound])
        }
        if sentence.hasSuffix(".") { sentence.removeLast() }
        guard sentence.count > 80 else { return sentence }
        let cut = sentence.prefix(81)
        if let aside = cut.range(of: " (", options: .backwards), !cut[aside.upperBound...].contains(")"),
           cut.distance(from: cut.startIndex, to: aside.lowerBound) >= 20 {
            return String(cut[..<aside.lowerBound])
        }
        let words = cut.prefix(80)
        return String(words[..<(words.lastIndex(of: " ") ?? words.endIndex)]) + "…"
    }

    private mutating func readOptionEntry(_ entry: OptionEntry) {
        addOptions(from: entry.head, summary: entry.summary)
    }
}

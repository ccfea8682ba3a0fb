import Foundation

/// The program a `[rule]` runs for each notification it matches (`exec = PROGRAM [ARGS…]`):
/// split into words as written — no shell ever sees it, so nothing of a notification is ever
/// interpreted as shell syntax. The daemon gives the program the notification in environment
/// variables and as JSON on standard input (docs/CONFIGURATION.md).
///
/// Words are separated by spaces; `'single'` and `"double"` quotes keep spaces inside a word,
/// and a backslash takes the next character literally (outside single quotes). A program named
/// without a `/` is looked up in `PATH` when the rules are read; `~/` starts a path in the home
/// directory.
///
/// ```ini
/// [rule "page me"]
/// urgency = critical
/// exec = ~/bin/page-me --channel ops
/// exec-timeout = 30
/// ```
public struct RuleCommand: Sendable, Hashable {
    /// The program's absolute path.
    public var program: String
    public var arguments: [String]
    /// Seconds the program may run before it is stopped (SIGTERM, then SIGKILL).
    public var timeLimit: TimeInterval
    /// How the daemon's log names the rule: `rule "page me"`, or `rule at line 12`.
    public var ruleDescription: String

    public init(program: String, arguments: [String] = [], timeLimit: TimeInterval = RuleCommand.defaultTimeLimit,
                ruleDescription: String = "rule") {
        self.program = program
        self.arguments = arguments
        self.timeLimit = timeLimit
        self.ruleDescription = ruleDescription
    }

    /// The time limit when a rule gives no `exec-timeout`.
    public static let defaultTimeLimit: TimeInterval = 10
    /// The longest `exec-timeout`.
    public static let maximumTimeLimit: TimeInterval = 3600

    /// Reads an `exec` value: the words, the program found (`PATH` from `environment`).
    static func parse(_ entry: ConfigFile.Entry, environment: [String: String]) throws -> RuleCommand {
        let words = try Self.words(entry.value, line: entry.line)
        guard let first = words.first else {
            throw ConfigError(line: entry.line, "exec: expected a program and its arguments, got nothing")
        }
        return RuleCommand(program: try resolve(first, line: entry.line, environment: environment),
                           arguments: Array(words.dropFirst()))
    }

    /// The words of `text`: split at unquoted spaces and tabs; quotes and backslashes as above.
    /// Throws, naming `line`, when a quote is not closed or a backslash ends the text.
    public static func words(_ text: String, line: Int) throws -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                word.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    word.append(character)
                }
                continue
            }
            switch character {
            case " ", "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'", "\"":
                quote = character
                inWord = true
            case "\\":
                escaped = true
                inWord = true
            default:
                word.append(character)
                inWord = true
            }
        }
        if quote != nil { throw ConfigError(line: line, "exec: a quote is not closed: \(text)") }
        if escaped { throw ConfigError(line: line, "exec: a backslash ends the line: \(text)") }
        if inWord { words.append(word) }
        return words
    }

    /// The absolute path of `program`: `~/…` in the home directory, a name without `/` from
    /// `PATH`; it must be an executable file.
    static func resolve(_ program: String, line: Int, environment: [String: String]) throws -> String {
        let files = FileManager.default
        func isProgram(_ path: String) -> Bool {
            var isDirectory: ObjCBool = false
            return files.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && files.isExecutableFile(atPath: path)
        }
        var path = program
        if path.hasPrefix("~/") {
            path = (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst()
        }
        if path.contains("/") {
            guard path.hasPrefix("/") else {
                throw ConfigError(line: line, "exec: '\(program)' is a relative path: give an absolute one (or ~/…), "
                                  + "or a program name found in PATH")
            }
            guard isProgram(path) else {
                throw ConfigError(line: line, "exec: '\(program)' is not an executable file")
            }
            return path
        }
        let directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for directory in directories where directory.hasPrefix("/") {
            let candidate = directory + "/" + path
            if isProgram(candidate) { return candidate }
        }
        throw ConfigError(line: line, "exec: no program '\(program)' in PATH (\(environment["PATH"] ?? "")); "
                          + "give its absolute path")
    }
}

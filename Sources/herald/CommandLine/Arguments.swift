import Foundation

/// A usage error: wrong or missing arguments. `herald` prints it with the command's usage and
/// exits with status 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The arguments of one command, consumed as they are read. Options are `--name value` or
/// `--name=value`; flags are `--name`; what is left are positionals.
///
/// ```swift
/// var args = Arguments(["--title", "Hi", "--wait"])
/// let title = try args.option("--title")   // "Hi"
/// let wait = args.flag("--wait")            // true
/// try args.finish()                          // throws on anything unread
/// ```
struct Arguments {
    private(set) var remaining: [String]

    init(_ arguments: [String]) { remaining = arguments }

    /// Removes `--name` and reports whether it was there.
    mutating func flag(_ name: String, alias: String? = nil) -> Bool {
        var found = false
        remaining.removeAll { argument in
            let hit = argument == name || (alias != nil && argument == alias)
            if hit { found = true }
            return hit
        }
        return found
    }

    /// Removes every `--name value` and returns the values in order.
    mutating func options(_ name: String, alias: String? = nil) throws -> [String] {
        var values: [String] = []
        var index = 0
        while index < remaining.count {
            let argument = remaining[index]
            if argument == name || (alias != nil && argument == alias) {
                guard index + 1 < remaining.count else { throw UsageError("\(name) needs a value") }
                values.append(remaining[index + 1])
                remaining.removeSubrange(index...(index + 1))
            } else if argument.hasPrefix(name), argument.hasPrefix(name + "=") {   // (`name + "="` made only when needed)
                values.append(String(argument.dropFirst(name.count + 1)))
                remaining.remove(at: index)
            } else {
                index += 1
            }
        }
        return values
    }

    /// Removes `--name value` (at most once) and returns the value.
    mutating func option(_ name: String, alias: String? = nil) throws -> String? {
        let values = try options(name, alias: alias)
        guard values.count <= 1 else { throw UsageError("\(name) may be given only once") }
        return values.first
    }

    /// Like `option`, parsed as an integer within `range`.
    mutating func intOption(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) throws -> Int? {
        guard let text = try option(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    /// Like `option`, parsed as a non-negative number of seconds.
    mutating func secondsOption(_ name: String) throws -> TimeInterval? {
        guard let text = try option(name) else { return nil }
        guard let value = TimeInterval(text), value.isFinite, value >= 0 else {
            throw UsageError("\(name) must be a number of seconds (0 or more), not '\(text)'")
        }
        return value
    }

    /// Removes and returns the positional arguments (anything not starting with `--`, plus `-`).
    mutating func positionals() throws -> [String] {
        if let unknown = remaining.first(where: { $0.hasPrefix("--") }) {
            throw UsageError("unknown option \(unknown)")
        }
        defer { remaining.removeAll() }
        return remaining
    }

    /// Throws when something was not read.
    func finish() throws {
        if let first = remaining.first {
            throw UsageError(first.hasPrefix("-") && first != "-" ? "unknown option \(first)" : "unexpected argument '\(first)'")
        }
    }
}

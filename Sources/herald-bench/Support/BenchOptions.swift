import Foundation

/// The command line of `herald-bench`.
///
/// ```text
/// herald-bench [--quick] [--json FILE] [--only engine,calendar,store,ui,preview,socket,idle] [--scratch DIR]
/// ```
struct BenchOptions {
    /// A tenth of the sizes (CI proves the benchmark still runs; no timings asserted).
    var quick = false
    /// Multiplies every size (`--scale 0.01` for profiling under valgrind); `--quick` is 0.1.
    var scale = 1.0
    var jsonPath: String?
    /// Benchmark groups to run (all when empty).
    var only: Set<String> = []
    /// Where databases and sockets go (a fresh temporary directory by default).
    var scratch: URL?
    /// The `herald` executable for `cli_post_ms` (default: next to this one).
    var heraldPath: String?

    static let groups = ["engine", "calendar", "store", "ui", "preview", "codec", "socket", "broker", "idle", "dbus", "post"]

    static let usage = """
        Usage: herald-bench [--quick] [--scale F] [--json FILE] [--only GROUP,...] [--scratch DIR] [--herald PATH]

        Measures Herald's hot paths and prints a table; --json writes the figures as one JSON
        object (metric name → number). --quick runs everything at a tenth of the size.
        Groups: \(groups.joined(separator: ", ")). `dbus` and `post` run only when named: `post` is
        the socket group's post and command-line figures alone, on an empty center (no history,
        no pending requests, no start or UI figures), for iterating on the request path.
        """

    /// Parses `arguments` (without the program name); throws a message for bad usage.
    static func parse(_ arguments: [String]) throws -> BenchOptions {
        var options = BenchOptions()
        var rest = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let next = rest.popFirst() else { throw BenchUsageError("\(flag) needs a value") }
            return next
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick":
                options.quick = true
                options.scale = 0.1
            case "--scale":
                guard let factor = Double(try value(argument)), factor > 0, factor <= 1 else {
                    throw BenchUsageError("--scale needs a number in (0, 1]")
                }
                options.scale = factor
            case "--json": options.jsonPath = try value(argument)
            case "--only":
                let names = try value(argument).split(separator: ",").map(String.init)
                for name in names where !groups.contains(name) {
                    throw BenchUsageError("unknown group '\(name)' (groups: \(groups.joined(separator: ", ")))")
                }
                options.only.formUnion(names)
            case "--scratch": options.scratch = URL(fileURLWithPath: try value(argument))
            case "--herald": options.heraldPath = try value(argument)
            case "-h", "--help": throw BenchHelpRequested()
            default: throw BenchUsageError("unknown argument '\(argument)'\n\(usage)")
            }
        }
        return options
    }

    func runs(_ group: String) -> Bool { only.isEmpty || only.contains(group) }

    /// `full` normally, a tenth of it with `--quick`, scaled by `--scale`.
    func size(_ full: Int) -> Int { max(1, Int((Double(full) * scale).rounded())) }
}

/// Bad command-line usage: the message is printed and the exit status is 2.
struct BenchUsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// `--help`: the usage is printed and the exit status is 0.
struct BenchHelpRequested: Error {}

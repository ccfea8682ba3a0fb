import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// `herald completions bash|zsh|fish`, run in the real shells: what a Tab offers after each
/// command is what that command's `--help` names.
@Suite struct ShellCompletionTests {
    /// The script for `shell`, written to a temporary file.
    static func script(_ shell: String, in directory: TemporaryDirectory, named name: String? = nil) async throws -> String {
        let result = try await runProgram(BuiltProducts.path("herald"), ["completions", shell])
        #expect(result.status == 0, "\(result.stderr)")
        let path = directory.url.appendingPathComponent(name ?? "herald.\(shell)").path
        try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// What bash's completion function offers for the command line `words` (the last is the word
    /// being completed), as `complete -F` would call it.
    static func bashOffers(_ script: String, _ words: [String]) async throws -> [String] {
        let program = """
        source "$1"; shift
        COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
        _herald 2>/dev/null
        printf '%s\\n' "${COMPREPLY[@]}"
        """
        let result = try await runProgram("/bin/bash", ["-c", program, "bash", script] + words)
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// The commands `herald --help` lists.
    static func commands() async throws -> [String] {
        let help = try await runProgram(BuiltProducts.path("herald"), ["--help"]).stdout
        return help.components(separatedBy: "Commands:").last!.split(separator: "\n")
            .compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// The options a command's `--help` names: in its usage lines and at the start of its option
    /// entries.
    static func helpOptions(_ command: String) async throws -> Set<String> {
        let help = try await runProgram(BuiltProducts.path("herald"), [command, "--help"]).stdout
        let lines = help.components(separatedBy: "\n")
        let usage = lines.prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let entries = lines.filter { $0.hasPrefix("  --") }.map { $0.components(separatedBy: "  ").dropFirst().first ?? "" }
        var options = Set<String>()
        for text in usage + entries {
            for match in text.matches(of: /--[a-z][a-z0-9-]*/) { options.insert(String(match.output)) }
        }
        return options
    }

    /// The choices `herald daemon --help` gives `--prompt` (`[--prompt wait|allow|deny]`).
    static func promptChoices() async throws -> [String] {
        let help = try await runProgram(BuiltProducts.path("herald"), ["daemon", "--help"]).stdout
        let match = try #require(help.firstMatch(of: /--prompt ([a-z|]+)/))
        return match.output.1.split(separator: "|").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndValues() async throws {
        let directory = try TemporaryDirectory("herald-completion")
        defer { directory.remove() }
        let script = try await Self.script("bash", in: directory)
        let syntax = try await runProgram("/bin/bash", ["-n", script])
        #expect(syntax.status == 0, "\(syntax.stderr)")

        #expect(try await Set(Self.bashOffers(script, ["herald", ""])) == Set(Self.commands()))
        #expect(try await Self.bashOffers(script, ["herald", "pos"]) == ["post"])
        #expect(try await Self.bashOffers(script, ["herald", "--home", "/tmp/h", "pos"]) == ["post"])
        #expect(try await Self.bashOffers(script, ["herald", "--ver"]) == ["--version"])
        #expect(try await Self.bashOffers(script, ["herald", "post", "--le"]) == ["--level"])
        #expect(try await Self.bashOffers(script, ["herald", "post", "--level", ""]) == ["passive", "active", "time-sensitive", "critical"])
        #expect(try await Self.bashOffers(script, ["herald", "daemon", "--prompt", ""]) == Self.promptChoices())
        #expect(try await Self.bashOffers(script, ["herald", "push", "--push-type", "b"]) == ["background"])
        #expect(try await Self.bashOffers(script, ["herald", "dnd", "o"]) == ["on", "off"])
        #expect(try await Self.bashOffers(script, ["herald", "focus", ""]) == ["list", "on", "off", "add", "edit", "remove", "summary"])
        #expect(try await Self.bashOffers(script, ["herald", "completions", ""]) == ["bash", "zsh", "fish"])
        // A value to type (a title) offers nothing, not the options.
        #expect(try await Self.bashOffers(script, ["herald", "post", "--title", ""]) == [])

        for command in try await Self.commands() {
            let offered = Set(try await Self.bashOffers(script, ["herald", command, "--"]))
            let named = try await Self.helpOptions(command)
            #expect(named.isSubset(of: offered), "herald \(command): --help names \(named.subtracting(offered).sorted()) but bash does not offer them")
            #expect(offered.isSubset(of: named.union(["--help", "--home"])), "herald \(command): bash offers \(offered.subtracting(named).sorted())")
        }
    }

    @Test(.enabled(if: Programs.which("fish") != nil, "fish is not installed"))
    func fishCompletesWithDescriptions() async throws {
        let directory = try TemporaryDirectory("herald-completion")
        defer { directory.remove() }
        let script = try await Self.script("fish", in: directory)
        func offers(_ line: String) async throws -> [String] {
            let result = try await runProgram(Programs.which("fish")!, ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script, line])
            #expect(result.stderr.isEmpty, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try await offers("herald post --le") == ["--level\tinterruption level: passive, active (default), time-sensitive, critical"])
        #expect(try await offers("herald dnd ") == ["off", "on", "toggle"])
        #expect(try await offers("herald --home /tmp pos").first?.hasPrefix("post\tpost a notification") == true)
        #expect(try await offers("herald daemon --prompt ").map { String($0.prefix { $0 != "\t" }) } == Self.promptChoices().sorted())
        for command in try await Self.commands() {
            let offered = Set(try await offers("herald \(command) --").map { String($0.prefix { $0 != "\t" }) })
            let named = try await Self.helpOptions(command)
            #expect(named.isSubset(of: offered), "herald \(command): fish misses \(named.subtracting(offered).sorted())")
        }
    }

    /// zsh completes only inside its line editor: an interactive `zsh -f` in tmux, with the
    /// function in `$fpath`, and Tab pressed.
    @Test(.enabled(if: Programs.which("zsh") != nil, "zsh is not installed"))
    func zshCompletesInItsLineEditor() async throws {
        let directory = try TemporaryDirectory("herald-completion")
        defer { directory.remove() }
        let script = try await Self.script("zsh", in: directory, named: "_herald")
        let syntax = try await runProgram(Programs.which("zsh")!, ["-n", script])
        #expect(syntax.status == 0, "\(syntax.stderr)")

        let zsh = try await TmuxSession(command: [Programs.which("zsh")!, "-f"], width: 120, height: 30)
        defer { zsh.kill() }
        await zsh.send("PS1='z''sh> '", "Enter")
        try await zsh.waitFor("\nzsh>")
        await zsh.send("fpath=(\(directory.path) $fpath); autoload -U compinit; compinit -u -D; print compinit-done", "Enter")
        try await zsh.waitFor("compinit-done\nzsh>")
        await zsh.send("herald post --lev", "Tab")
        try await zsh.waitFor("zsh> herald post --level")   // capture-pane drops the trailing space
        await zsh.send("Tab")
        try await zsh.waitUntil(timeout: 15, "the levels listed") { $0.contains("time-sensitive") && $0.contains("passive") }
        await zsh.send("C-c")
        // A fresh, empty prompt before typing on (keys typed earlier would land on the old line).
        try await zsh.waitUntil(timeout: 15, "an empty prompt") { screen in
            screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } == "zsh>"
        }
        await zsh.send("herald completions ", "Tab")
        try await zsh.waitUntil(timeout: 15, "the shells listed") { $0.contains("bash") && $0.contains("fish") }
    }
}
}

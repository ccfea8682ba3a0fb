import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// `herald manpage`: herald(1) made from the `--help` texts, checked by man itself.
@Suite struct ManualPageTests {
    /// The page rendered by man (`man -l`), at `width` columns, and what man and groff warned.
    static func rendered(width: Int = 200) async throws -> (text: String, warnings: String) {
        let directory = try TemporaryDirectory("herald-manual")
        defer { directory.remove() }
        let page = try await runProgram(BuiltProducts.path("herald"), ["manpage"])
        #expect(page.status == 0, "\(page.stderr)")
        let path = directory.url.appendingPathComponent("herald.1").path
        try page.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        // What lintian runs on a package's pages, for the warnings; then the page as a reader sees it.
        let checked = try await runProgram(
            "/usr/bin/env", ["LC_ALL=C.UTF-8", "MANROFFSEQ=", "MANWIDTH=80", "man", "--warnings", "-E", "UTF-8",
                             "-l", "-Tutf8", "-Z", path])
        let shown = try await runProgram(
            "/usr/bin/env", ["LC_ALL=C.UTF-8", "MANWIDTH=\(width)", "MANPAGER=cat", "man", "-l", path])
        // Bold and underlining as a terminal gets them (`X\bX`, `_\bX`) become plain text.
        let plain = shown.stdout.replacing(/.\u{8}/, with: "")
        return (plain, checked.stderr + shown.stderr)
    }

    @Test(.enabled(if: Programs.which("man") != nil && Programs.which("groff") != nil, "man or groff is not installed"))
    func everyCommandsHelpIsInTheManualWithoutWarnings() async throws {
        let (page, warnings) = try await Self.rendered()
        #expect(warnings.isEmpty, "man --warnings: \(warnings)")
        #expect(page.contains("herald - a terminal notification center"))
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "ENVIRONMENT", "FILES", "EXIT STATUS", "SEE ALSO"] {
            #expect(page.contains("\n\(section)\n"), "no \(section) section")
        }
        let commands = try await ShellCompletionTests.commands()
        #expect(commands.count > 10)
        // Each command's section holds its usage line and every option its --help names, as typed
        // (ASCII hyphens, so they can be copied).
        let sections = page.components(separatedBy: "\n   herald ")
        for command in commands {
            let help = try await runProgram(BuiltProducts.path("herald"), [command, "--help"]).stdout
            let usage = help.components(separatedBy: "\n")[0].dropFirst("Usage: ".count)
            let section = try #require(sections.first { $0.hasPrefix(command + "\n") }, "no section for herald \(command)")
            #expect(section.contains(usage), "herald \(command): the usage line \(usage) is not in its section")
            for option in try await ShellCompletionTests.helpOptions(command) {
                #expect(section.contains(option), "herald \(command): \(option) is not in its section")
            }
        }
    }

    /// Paragraphs are filled to the reader's terminal, not cut at the help text's line ends.
    @Test(.enabled(if: Programs.which("man") != nil && Programs.which("groff") != nil, "man or groff is not installed"))
    func paragraphsFollowTheTerminalWidth() async throws {
        let wide = try await Self.rendered(width: 200).text
        // `--help` breaks this sentence after "which it"; the page joins it.
        #expect(wide.contains("It is a client of the daemon (herald daemon), which it starts in"))
    }
}
}

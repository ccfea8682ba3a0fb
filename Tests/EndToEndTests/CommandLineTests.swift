import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// The real `herald` binary, run as a user would.
@Suite struct CommandLineTests {
    let herald = BuiltProducts.path("herald")

    @Test func helpListsTheCommands() async throws {
        let result = try await runProgram(herald, ["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Usage: herald"))
        #expect(result.stdout.contains("version"))
    }

    @Test func unknownCommandIsAUsageError() async throws {
        let result = try await runProgram(herald, ["frobnicate"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown command 'frobnicate'"))
    }

    @Test func unknownOptionNamesTheOption() async throws {
        let result = try await runProgram(herald, ["version", "--bogus"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--bogus"))
    }
}
}

extension EndToEnd {
/// The tmux harness itself, against a plain shell program.
@Suite struct TmuxHarnessTests {
    @Test func typesAndReadsTheScreen() async throws {
        let tmux = try await TmuxSession(command: ["/bin/sh", "-c", "read line; echo \"got:$line\"; sleep 30"], width: 40, height: 10)
        defer { tmux.kill() }
        await tmux.send("hello wörld", "Enter")
        let screen = try await tmux.waitFor("got:hello wörld")
        #expect(screen.contains("got:hello wörld"))
    }
}
}

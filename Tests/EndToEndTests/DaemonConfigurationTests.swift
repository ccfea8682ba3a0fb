import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// `herald config` and `herald daemon` read the configuration file with the same code: what the
/// checker calls right is what the daemon starts with, and a mistake the daemon would stop at is
/// reported by the checker with the same line. A daemon started on demand runs with the file's
/// settings.
@Suite struct DaemonConfigurationTests {
    @Test func theCheckerReportsWhatStopsTheDaemonWithTheSameLine() async throws {
        let center = try IsolatedCenter(configuration: """
            [daemon]
            dbus = no

            [broker]
            url = mqtt://alice@127.0.0.1:1
            passwd = secret
            """)
        defer { center.close() }
        let check = try await center.run(["config"])
        #expect(check.status == 1)
        let line = "\(center.configPath):6: [broker] has no setting 'passwd' (known: url, password-file, ca, cert, key)"
        #expect(check.stderr.contains(line), "\(check.stdout)\(check.stderr)")
        #expect(check.stderr.contains("herald daemon will not start until [daemon] and [broker] are right"))
        #expect(!check.stdout.contains("ok"))
        let daemon = try await center.run(["daemon"])
        #expect(daemon.status == 1)
        #expect(daemon.stderr.contains("herald daemon: " + line), "\(daemon.stderr)")
    }

    /// What only resolving the values finds (a password file that is not there) is the checker's
    /// finding too, named by the line of the value.
    @Test func aBrokerValueTheDaemonCannotUseIsReportedByBoth() async throws {
        let center = try IsolatedCenter(configuration: """
            [daemon]
            dbus = no
            rate-limit = many
            [broker]
            url = mqtt://alice@127.0.0.1:1
            password-file = /nonexistent/herald-password
            """)
        defer { center.close() }
        let check = try await center.run(["config"])
        #expect(check.status == 1)
        #expect(check.stderr.contains("\(center.configPath):3: rate-limit: expected a whole number from 0 to 1000000, got 'many'"),
                "\(check.stderr)")
        // Fixed, the broker's password file is what is left: the same finding from both.
        try "[daemon]\ndbus = no\n[broker]\nurl = mqtt://alice@127.0.0.1:1\npassword-file = /nonexistent/herald-password\n"
            .write(toFile: center.configPath, atomically: true, encoding: .utf8)
        let again = try await center.run(["config"])
        let finding = "\(center.configPath):4: [broker]: --broker-password-file: cannot read /nonexistent/herald-password"
        #expect(again.status == 1 && again.stderr.contains(finding), "\(again.stderr)")
        let daemon = try await center.run(["daemon"])
        #expect(daemon.status == 1 && daemon.stderr.contains(finding), "\(daemon.stderr)")
    }

    @Test func aRightFileIsOkForBoth() async throws {
        let center = try IsolatedCenter(configuration: "[daemon]\ndbus = no\nprompt = deny\nrate-limit = 3\n")
        defer { center.close() }
        let check = try await center.run(["config"])
        #expect(check.status == 0 && check.stdout.contains("ok"), "\(check.stderr)")
        // A daemon started on demand (by this post) runs with the file's settings.
        #expect(try await center.run(["post", "--title", "hi", "--body", "b"]).status == 0)
        #expect(center.lockHolder()?.name == "herald daemon --on-demand")
        #expect(center.onDemandLog.contains("settings: prompt deny, rate limit 3 a second (bursts of 30), dbus no, broker none"),
                "\(center.onDemandLog)")
    }
}
}

import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// `herald config` and the daemon read a configuration file with CRLF line ends (saved on
/// Windows) as they read it with LF: its settings and rules are in force, not silently dropped.
@Suite struct ConfigurationLineEndTests {
    @Test func aCRLFFileIsReadAsSuch() async throws {
        let text = ["[daemon]", "dbus = no", "prompt = deny", "rate-limit = 3", "", "[rule \"quiet CI\"]", "app = ci",
                    "mute = yes", ""].joined(separator: "\r\n")
        let center = try IsolatedCenter(configuration: text)
        defer { center.close() }
        #expect(try String(contentsOfFile: center.configPath, encoding: .utf8).contains("\r\n"))
        let check = try await center.run(["config"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("ok (1 rule)"), "\(check.stdout)")
        #expect(try await center.run(["post", "--title", "hi", "--body", "b"]).status == 0)
        #expect(center.onDemandLog.contains("settings: prompt deny, rate limit 3 a second"), "\(center.onDemandLog)")
    }
}
}

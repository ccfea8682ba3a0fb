import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// Whatever another program put in an app's name or a notification's text, the commands print it
/// inert: no control character, escape sequence or bidirectional control reaches the terminal,
/// in tables, in `herald app`, in `--json` output and in error messages.
@Suite struct CommandLineTextTests {
    /// An app name and a title with an OSC that would retitle the terminal, BEL, a C1 CSI
    /// (clear screen), a C1 OSC, NEL and a right-to-left override.
    static let app = "evil\u{1B}]0;pwned\u{07}\u{9B}2J\u{202E}gnp"
    static let title = "Hi\u{1B}[31m\u{9D}0;t\u{9C}\u{85}\u{202E}txt.exe"

    /// A character a terminal could act on (newlines aside: they end the lines).
    static func isLive(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value) || scalar.properties.isBidiControl
    }

    static func live(in text: String) -> [String] {
        text.unicodeScalars.filter(isLive).map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    @Test func appAndNotificationTextArePrintedInert() async throws {
        let center = try await CenterSession(uiCount: 0)
        defer { center.close() }
        let posted = try await center.run(["post", "--new-app", Self.app, "--title", Self.title, "--body", "b\u{9B}1m",
                                           "--id", "id\u{9B}2J", "--thread", "t\u{202E}"])
        #expect(posted.status == 0, "\(posted.stderr)")
        #expect(Self.live(in: posted.stdout).isEmpty, "post printed \(Self.live(in: posted.stdout))")

        for arguments in [["app", Self.app], ["apps"], ["apps", "--json"], ["history"], ["history", "--json"],
                          ["focus", "list", "--json"]] {
            let result = try await center.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(Self.live(in: result.stdout).isEmpty, "herald \(arguments.first!) printed \(Self.live(in: result.stdout))")
        }
        #expect(try await center.run(["app", Self.app]).stdout.contains("evil"))

        // The JSON still carries the text exactly: escaped, not removed.
        let json = try await center.run(["history", "--json"]).stdout
        let rows = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        #expect(rows.first?["title"] as? String == Self.title)
        #expect(rows.first?["app"] as? String == Self.app)

        // An error quoting the name (an app the center does not know) is inert too.
        let refused = try await center.run(["post", "--app", Self.app + "\u{9B}x", "--title", "t"])
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("evil"))
        #expect(Self.live(in: refused.stderr).isEmpty, "the error printed \(Self.live(in: refused.stderr))")
    }
}
}

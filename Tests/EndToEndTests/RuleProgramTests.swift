import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

extension EndToEnd {
/// `[rule]`s with `exec` in the real daemon: the program gets the notification in its
/// environment and as JSON on standard input — a title such as `$(touch FILE)` is text, never
/// run — its output and exit status go to the daemon's log with escape sequences made inert,
/// and one over its time limit is stopped.
@Suite struct RuleProgramTests {
    static let recorder = """
        #!/bin/sh
        out="$1"
        cat > "$out/stdin.json"
        printf '%s' "$HERALD_TITLE" > "$out/title.txt"
        printf '%s' "$HERALD_BODY" > "$out/body.txt"
        printf '%s|%s|%s|%s|%s' "$HERALD_ID" "$HERALD_APP" "$HERALD_LEVEL" "$HERALD_RULE" "$HERALD_SOCKET" > "$out/fields.txt"
        printf 'seen %s\\n' "$HERALD_APP"
        printf 'esc \\033[2J\\n'
        echo "to stderr" >&2
        exit 3
        """

    @Test func aRuleProgramGetsTheNotificationAsDataNeverAsCode() async throws {
        let root = try TemporaryDirectory("herald-rule-e2e")
        defer { root.remove() }
        let out = root.path + "/out dir"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let script = root.path + "/record.sh"
        try Self.recorder.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let center = try IsolatedCenter(configuration: """
            [daemon]
            dbus = no

            [rule "record"]
            app = com.example.ci
            exec = \(script) '\(out)'

            [rule "slow"]
            urgency = critical
            exec = /bin/sleep 60
            exec-timeout = 1
            """)
        defer { center.close() }
        let daemon = try await center.startDaemon(log: "daemon.log")
        defer { daemon.stopInBackground(removingHome: false) }

        let marks = (1...3).map { root.path + "/mark\($0)" }
        let title = "$(touch \(marks[0]))"
        let body = "`touch \(marks[1])`; touch \(marks[2]) \u{1B}[31m"
        let post = try await center.run(["post", "--new-app", "com.example.ci", "--title", title, "--body", body, "--sound", "none"],
                                        extra: ["HERALD_NO_SPAWN": "1"])
        #expect(post.status == 0, "\(post.stderr)")
        try await center.waitUntil("the program's exit in the log") { center.text("daemon.log").contains("exited with status 3") }

        #expect(try String(contentsOfFile: out + "/title.txt", encoding: .utf8) == title)
        #expect(try String(contentsOfFile: out + "/body.txt", encoding: .utf8) == body)
        for mark in marks { #expect(!FileManager.default.fileExists(atPath: mark), "\(mark) was created") }
        let input = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/stdin.json")))
                                    as? [String: Any])
        #expect(input["title"] as? String == title)
        #expect(input["body"] as? String == body)
        #expect(input["app"] as? String == "com.example.ci")
        let id = try #require(input["id"] as? Int)
        #expect(try String(contentsOfFile: out + "/fields.txt", encoding: .utf8)
                    == "\(id)|com.example.ci|active|rule \"record\"|\(center.socketPath)")

        let log = center.text("daemon.log")
        #expect(log.contains("rule \"record\" output: seen com.example.ci"), "\(log)")
        #expect(log.contains(#"rule "record" output: esc \u{1B}[2J"#), "\(log)")
        #expect(!log.contains("\u{1B}"), "an escape sequence reached the log raw")
        #expect(log.contains("rule \"record\" error: to stderr"))
        #expect(log.contains("rule \"record\": \(script) exited with status 3"))

        // Critical matches the slow rule only: stopped at its time limit.
        let page = try await center.run(["post", "--new-app", "com.example.pager", "--title", "Down", "--level", "critical",
                                         "--sound", "none"], extra: ["HERALD_NO_SPAWN": "1"])
        #expect(page.status == 0, "\(page.stderr)")
        try await center.waitUntil("the slow program stopped") { center.text("daemon.log").contains("/bin/sleep was stopped") }
        #expect(center.text("daemon.log").contains("rule \"slow\": /bin/sleep still running after 1 s: stopped"))
        #expect(try String(contentsOfFile: out + "/title.txt", encoding: .utf8) == title)   // not the record rule's
    }

    /// A rule whose program is not there is reported by `herald config` and the daemon's log,
    /// by line, and left out; the daemon serves on.
    @Test func aMissingProgramIsAMistakeOnItsLine() async throws {
        let center = try IsolatedCenter(configuration: """
            [daemon]
            dbus = no
            [rule]
            exec = herald-no-such-program --now
            """)
        defer { center.close() }
        let check = try await center.run(["config"])
        #expect(check.status == 1)
        #expect(check.stderr.contains("\(center.configPath):4: exec: no program 'herald-no-such-program' in PATH"),
                "\(check.stderr)")
    }
}
}

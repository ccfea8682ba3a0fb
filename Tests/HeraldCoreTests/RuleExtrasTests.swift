import Foundation
import Synchronization
import Testing
import HeraldCore
import TestSupport

/// A `[rule]`'s matches beyond app, title and body (urgency or level, category), its banner
/// timeout and its program (`exec`): read from the file with errors that name the line, and
/// handed by the engine to the daemon's runner with the delivery.
@Suite struct RuleExtrasTests {
    static let path = ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/home/someone"]

    @Test func urgencyCategoryTimeoutAndExecAreRead() throws {
        let (rules, errors) = NotificationRule.rules(from: ConfigFile.parse("""
            [rule "page me"]
            urgency = normal, Critical
            category = email.*
            timeout = 12.5
            exec = sh -c 'echo "$HERALD_TITLE"' "two words" a\\ b
            exec-timeout = 30
            """), environment: Self.path)
        #expect(errors.isEmpty, "\(errors)")
        let rule = try #require(rules.first)
        #expect(rule.urgency == [.normal, .critical])
        #expect(rule.category == TextPattern("email.*"))
        #expect(rule.timeout == 12.5)
        let command = try #require(rule.command)
        #expect(command.program.hasSuffix("/sh") && FileManager.default.isExecutableFile(atPath: command.program))
        #expect(command.arguments == ["-c", "echo \"$HERALD_TITLE\"", "two words", "a b"])
        #expect(command.timeLimit == 30)
        #expect(command.ruleDescription == "rule \"page me\"")
    }

    @Test func mistakesNameTheLineAndWhatWasExpected() {
        let (rules, errors) = NotificationRule.rules(from: ConfigFile.parse("""
            [rule]
            urgency = loud
            mute = yes
            [rule]
            timeout = -1
            mute = yes
            [rule]
            exec = herald-no-such-program-here
            [rule]
            exec = bin/relative
            [rule]
            exec = sh -c 'unclosed
            [rule]
            mute = yes
            exec-timeout = 5
            [rule]
            exec = sh
            exec-timeout = 0
            [rule]
            category = x
            """), environment: Self.path)
        #expect(rules.isEmpty)
        #expect(errors.map(\.description) == [
            "line 2: urgency: expected low, normal, critical, passive, active or time-sensitive (several separated by commas), got 'loud'",
            "line 5: timeout: expected a number from 0 to 86400 seconds, got '-1'",
            "line 8: exec: no program 'herald-no-such-program-here' in PATH (/usr/local/bin:/usr/bin:/bin); give its absolute path",
            "line 10: exec: 'bin/relative' is a relative path: give an absolute one (or ~/…), or a program name found in PATH",
            "line 12: exec: a quote is not closed: sh -c 'unclosed",
            "line 13: [rule] has exec-timeout but no exec",
            "line 18: exec-timeout: expected a number from 1 to 3600 seconds, got '0'",
            "line 19: [rule] does nothing: give it level, mute, history, timeout or exec",
        ])
    }

    /// Nothing a shell would act on survives as syntax: `$(…)`, backticks and `;` are letters.
    @Test func execWordsAreNeverShellSyntax() throws {
        let words = try RuleCommand.words(#"prog $(touch /tmp/x) `id` ; "a \" b" 'c \ d' e\ f"#, line: 1)
        #expect(words == ["prog", "$(touch", "/tmp/x)", "`id`", ";", "a \" b", #"c \ d"#, "e f"])
    }

    @Test func urgencyMatchesADesktopUrgencyOrALevel() {
        func desktop(_ urgency: Int, _ level: UNNotificationInterruptionLevel) -> ContentRecord {
            var content = ContentRecord(title: "t", interruptionLevel: level)
            content.traits = NotificationTraits(urgency: urgency)
            return content
        }
        let low = desktop(0, .active), normal = desktop(1, .active), critical = desktop(2, .critical)
        let passive = ContentRecord(interruptionLevel: .passive), sensitive = ContentRecord(interruptionLevel: .timeSensitive)
        #expect(RuleUrgency.low.matches(low) && !RuleUrgency.low.matches(normal) && RuleUrgency.low.matches(passive))
        #expect(RuleUrgency.normal.matches(normal) && !RuleUrgency.normal.matches(low) && RuleUrgency.normal.matches(sensitive))
        #expect(RuleUrgency.critical.matches(critical) && !RuleUrgency.critical.matches(sensitive))
        #expect(RuleUrgency.active.matches(low) && RuleUrgency.active.matches(normal) && !RuleUrgency.active.matches(passive))
        #expect(RuleUrgency.timeSensitive.matches(sensitive) && !RuleUrgency.timeSensitive.matches(normal))
    }

    @Test func categoryMatchesAppleCategoriesAndTheDesktopHint() {
        let rule = NotificationRule(category: TextPattern("email.*"), mute: true)
        let apple = ContentRecord(title: "t", categoryIdentifier: "email.new")
        var desktop = ContentRecord(title: "t", categoryIdentifier: "desktop.plain", threadIdentifier: "email.arrived")
        desktop.traits = NotificationTraits(urgency: 1)
        #expect(rule.matches(bundleIdentifier: "a", content: apple))
        #expect(rule.matches(bundleIdentifier: "desktop.mail", content: desktop))
        #expect(!rule.matches(bundleIdentifier: "a", content: ContentRecord(title: "t", threadIdentifier: "email.x")))
    }

    @Test func aRuleTimeoutBecomesTheBannerTimeout() async throws {
        var configuration = EngineConfiguration()
        configuration.rules = [NotificationRule(title: TextPattern("deploy"), timeout: 0)]
        let h = try await EngineHarness(configuration: configuration)
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("a", title: "Deploy done"), bundleIdentifier: app)
        #expect(h.events.delivered.last?.record.content.traits?.bannerTimeout == 0)
        try await h.engine.add(request("b", title: "Lunch"), bundleIdentifier: app)
        #expect(h.events.delivered.last?.record.content.traits == nil)
    }

    /// Every matching rule's program, in file order, with the delivery as kept (its id) — also
    /// when the notification is muted and kept out of history; none for an app that is off.
    @Test func theEngineHandsTheMatchingProgramsTheDelivery() async throws {
        let calls = Mutex<[(commands: [String], record: DeliveredRecord, appName: String)]>([])
        var configuration = EngineConfiguration()
        configuration.rules = [
            NotificationRule(app: TextPattern("ci"), command: RuleCommand(program: "/bin/first")),
            NotificationRule(title: TextPattern("quiet"), mute: true, keepInHistory: false),
            NotificationRule(urgency: [.critical], command: RuleCommand(program: "/bin/page")),
            NotificationRule(title: TextPattern("*"), command: RuleCommand(program: "/bin/every")),
        ]
        configuration.ruleCommands = { commands, record, name in
            calls.withLock { $0.append((commands.map(\.program), record, name)) }
        }
        let h = try await EngineHarness(configuration: configuration)
        defer { h.directory.remove() }
        let ci = await h.authorizedApp("org.example.ci")
        try await h.engine.add(request("a", title: "Build failed", level: .critical), bundleIdentifier: ci)
        try await h.engine.add(request("b", title: "quiet one"), bundleIdentifier: ci)
        var settings = AppSettings()
        settings.allowNotifications = false
        try await h.engine.updateSettings(settings, bundleIdentifier: ci)
        try? await h.engine.add(request("c", title: "while off"), bundleIdentifier: ci)
        let seen = calls.withLock { $0 }
        #expect(seen.map(\.commands) == [["/bin/first", "/bin/page", "/bin/every"], ["/bin/first", "/bin/every"]])
        #expect(seen.first?.record.deliveryID ?? 0 > 0)
        #expect(seen.first?.record.content.title == "Build failed")
        #expect(seen.first?.appName == "Ci")
        #expect(seen.last?.record.presentation == [])      // muted and not kept: still run
        #expect(seen.last?.record.deliveryID == 0)
    }

    /// A sound the output takes is marked so on the event (user interfaces then ring no bell);
    /// the output is not asked about deliveries without `.sound`.
    @Test func theSoundOutputIsAskedOnlyForDeliveriesThatSound() async throws {
        let asked = Mutex<[String]>([])
        var configuration = EngineConfiguration()
        configuration.rules = [NotificationRule(title: TextPattern("muted"), mute: true)]
        configuration.soundOutput = { record in
            asked.withLock { $0.append(record.content.title) }
            return true
        }
        let h = try await EngineHarness(configuration: configuration)
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("a", title: "chime", sound: .default), bundleIdentifier: app)
        #expect(h.events.delivered.last?.record.isSoundHandledByCenter == true)
        try await h.engine.add(request("b", title: "silent"), bundleIdentifier: app)
        #expect(h.events.delivered.last?.record.isSoundHandledByCenter == nil)
        try await h.engine.add(request("c", title: "muted", sound: .default), bundleIdentifier: app)
        #expect(asked.withLock { $0 } == ["chime"])
    }
}

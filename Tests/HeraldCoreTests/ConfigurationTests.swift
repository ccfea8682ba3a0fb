import Foundation
import Testing
import HeraldCore
import TestSupport

/// The configuration file: read by hand, mistakes reported by line, and its `[rule]`s applied
/// by the engine where notifications enter it.
@Suite struct ConfigurationTests {
    static let sample = """
    # Herald
    [banners]
    max = 2          # two at a time
    timeout.critical = 0

    [rule "quiet CI"]
    app = ci
    title = *passed*
    mute = yes
    history = no

    [rule]
    body = deploy
    level = time-sensitive
    """

    @Test func readsSectionsKeysLabelsAndComments() {
        let file = ConfigFile.parse(Self.sample)
        #expect(file.errors.isEmpty)
        #expect(file.sections.map(\.name) == ["banners", "rule", "rule"])
        #expect(file.sections[0].entries.map(\.key) == ["max", "timeout.critical"])
        #expect(file.sections[0].entries[0].value == "2")
        #expect(file.sections[0].entries[0].line == 3)
        #expect(file.sections[1].label == "quiet CI")
    }

    @Test func badLinesAreReportedWithTheirNumbers() {
        let file = ConfigFile.parse("stray = 1\n[banners\n[banners]\njust words\n= 3\n")
        #expect(file.errors.map(\.line) == [1, 2, 4, 5])
        #expect(file.errors[0].description == "line 1: 'stray' is outside any section: put it under a [section] header")
        #expect(file.errors[2].description == "line 4: expected 'key = value' or '[section]', got: just words")
    }

    @Test func rulesAreReadAndBadOnesLeftOutWhole() {
        let (rules, errors) = NotificationRule.rules(from: ConfigFile.parse(Self.sample + """

        [rule]
        app = spam
        level = loud
        mute = yes

        [rule]
        app = nothing
        """))
        #expect(rules.count == 2)
        #expect(rules[0].name == "quiet CI")
        #expect(rules[0].mute == true && rules[0].keepInHistory == false)
        #expect(rules[1].level == .timeSensitive)
        #expect(errors.map(\.description) == [
            "line 17: level: expected passive, active, time-sensitive or critical, got 'loud'",
            "line 20: [rule] does nothing: give it level, mute, history, timeout or exec",
        ])
    }

    @Test func patternsAreSubstringsOrGlobsIgnoringCase() {
        #expect(TextPattern("fail").matches("Build FAILED"))
        #expect(!TextPattern("fail").matches("Build passed"))
        #expect(TextPattern("build *").matches("Build 42 passed"))
        #expect(!TextPattern("build *").matches("The build 42"))
        #expect(TextPattern("ci.?ightly").matches("ci.nightly"))
        #expect(TextPattern("*").matches(""))
        #expect(TextPattern("a*b*c").matches(String(repeating: "a", count: 50) + "bxc"))
    }

    @Test func everyMatchingRuleAppliesInOrder() {
        let rules = NotificationRule.rules(from: ConfigFile.parse(Self.sample)).rules
        let passed = rules.outcome(bundleIdentifier: "com.example.ci", content: ContentRecord(title: "Build passed", body: "deploy"))
        #expect(passed.mute && !passed.keepInHistory && passed.level == .timeSensitive)
        let other = rules.outcome(bundleIdentifier: "mail", content: ContentRecord(title: "Hi", body: "lunch"))
        #expect(other == RuleOutcome())
    }

    @Test func theEngineAppliesRulesWhereNotificationsEnter() async throws {
        var configuration = EngineConfiguration()
        configuration.rules = NotificationRule.rules(from: ConfigFile.parse(Self.sample)).rules
        let h = try await EngineHarness(configuration: configuration)
        defer { h.directory.remove() }
        let app = await h.authorizedApp()   // its bundle identifier holds no "ci"
        try await h.engine.add(request("a", title: "Build passed"), bundleIdentifier: app)
        #expect(h.events.delivered.last?.record.presentation == [.banner, .list])   // not CI: untouched
        try await h.engine.add(request("b", title: "Note", body: "deploy at 5"), bundleIdentifier: app)
        #expect(h.events.delivered.last?.record.content.interruptionLevel == .timeSensitive)

        let ci = await h.authorizedApp("org.example.ci")
        try await h.engine.add(request("c", title: "Build passed", sound: .default), bundleIdentifier: ci)
        #expect(h.events.delivered.last?.record.presentation == [])   // muted, not in history
        #expect(await h.engine.deliveredNotifications(bundleIdentifier: ci).isEmpty)
        try await h.engine.add(request("d", title: "Build failed"), bundleIdentifier: ci)
        #expect(h.events.delivered.last?.record.presentation == [.banner, .list])
    }

    /// `history = no` alone: the banner still shows (informing only: nothing is stored, its
    /// delivery id is 0) and the notification is not kept.
    @Test func aNotificationKeptOutOfHistoryStillShowsItsBanner() async throws {
        var configuration = EngineConfiguration()
        configuration.rules = [NotificationRule(app: TextPattern("app"), keepInHistory: false)]
        let h = try await EngineHarness(configuration: configuration)
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("a"), bundleIdentifier: app)
        #expect(h.events.delivered.last?.record.presentation == [.banner])
        #expect(h.events.delivered.last?.record.deliveryID == 0)
        #expect(await h.engine.deliveredNotifications(bundleIdentifier: app).isEmpty)
    }

    @Test func theFileIsFoundWhereXDGSays() {
        #expect(ConfigFile.defaultPath(environment: ["HOME": "/home/a"]) == "/home/a/.config/herald/config")
        #expect(ConfigFile.defaultPath(environment: ["HOME": "/home/a", "XDG_CONFIG_HOME": "/x"]) == "/x/herald/config")
        #expect(ConfigFile.defaultPath(environment: ["HERALD_CONFIG": "/tmp/c", "XDG_CONFIG_HOME": "/x"]) == "/tmp/c")
        let missing = ConfigFile.load(path: "/nonexistent/herald/config")
        #expect(missing.sections.isEmpty && missing.errors.isEmpty)
    }
}

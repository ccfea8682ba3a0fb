import Foundation
import Testing
import HeraldCore
import TestSupport

/// The center keeps at most `appLimit` apps: past it, every call that would make a new app either
/// refuses it with an error naming the limit (posting, pushing, asking for authorization,
/// `admitApp`) or leaves it unkept (reading its record, registering it, connecting it); the apps it
/// has are served as before, and the limit holds across a restart.
@Suite struct AppLimitTests {
    static func configuration(limit: Int) -> EngineConfiguration {
        var configuration = EngineConfiguration()
        configuration.appLimit = limit
        return configuration
    }

    static func post(_ identifier: String) -> RequestRecord {
        RequestRecord(identifier: identifier, content: ContentRecord(title: identifier))
    }

    static func isTooManyApps(_ error: any Error, limit: Int) -> Bool {
        guard case EngineError.tooManyApps(_, let reported) = error else { return false }
        return reported == limit && "\(error)".contains("already has \(limit) apps, its limit")
    }

    @Test func aNewAppPastTheLimitIsRefusedEverywhereAndTheOthersAreServed() async throws {
        let h = try await EngineHarness(configuration: Self.configuration(limit: 3))
        defer { h.directory.remove() }
        for app in ["a.one", "a.two", "a.three"] {
            await h.engine.registerCommandLineApp(bundleIdentifier: app)
            try await h.engine.add(Self.post("\(app)-1"), bundleIdentifier: app)
        }
        await #expect { try await h.engine.add(Self.post("new-1"), bundleIdentifier: "a.four") } throws: {
            Self.isTooManyApps($0, limit: 3)
        }
        await #expect { try await h.engine.admitApp(bundleIdentifier: "a.four") } throws: { Self.isTooManyApps($0, limit: 3) }
        await #expect {
            try await h.engine.push(Data(#"{"aps":{"alert":"x"}}"#.utf8), bundleIdentifier: "a.four")
        } throws: { Self.isTooManyApps($0, limit: 3) }
        await #expect {
            try await h.engine.requestAuthorization(options: [.alert], bundleIdentifier: "a.four")
        } throws: { Self.isTooManyApps($0, limit: 3) }

        // Calls that cannot refuse keep nothing.
        await h.engine.registerCommandLineApp(bundleIdentifier: "a.four")
        await h.engine.registerTrustedApp(bundleIdentifier: "desktop.four", displayName: "Four")
        _ = await h.engine.appRecord(bundleIdentifier: "a.five")
        await h.engine.setCategories([CategoryRecord(identifier: "c", actions: [])], bundleIdentifier: "a.six")
        let apps = try await h.engine.apps().map(\.bundleIdentifier).sorted()
        #expect(apps == ["a.one", "a.three", "a.two"])
        #expect(try h.store.loadApps().count == 3)

        // The apps it has post as before; the one known app is admitted.
        try await h.engine.admitApp(bundleIdentifier: "a.two")
        try await h.engine.add(Self.post("a.two-2"), bundleIdentifier: "a.two")
        #expect(try h.store.history(HistoryQuery(limit: 10)).count == 4)
    }

    @Test func theLimitHoldsAfterARestart() async throws {
        let h = try await EngineHarness(configuration: Self.configuration(limit: 2))
        defer { h.directory.remove() }
        for app in ["b.one", "b.two"] { try await h.engine.add(Self.post(app), bundleIdentifier: app) }
        let reopened = try await h.reopened()
        await #expect { try await reopened.engine.add(Self.post("b.three"), bundleIdentifier: "b.three") } throws: {
            Self.isTooManyApps($0, limit: 2)
        }
        try await reopened.engine.add(Self.post("b.one-again"), bundleIdentifier: "b.one")
    }
}

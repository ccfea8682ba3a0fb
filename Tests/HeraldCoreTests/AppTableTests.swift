import Testing
@testable import HeraldCore

/// The engine's per-app state: an app counts as kept only with a record; a state found once
/// stays the app's (what a delivery holds across a suspension); counts move in place.
@Suite struct AppTableTests {
    @Test func onlyAppsWithARecordAreKept() {
        var apps = AppTable()
        let stray = apps.state(for: "com.example.stray")
        stray.counts = HistoryCounts(unread: 1, total: 2)
        #expect(apps.count == 0)
        #expect(!apps.contains("com.example.stray"))
        #expect(apps["com.example.stray"] == nil)
        #expect(apps.key(of: "com.example.stray") == nil)
        #expect(apps.keys.isEmpty && apps.records.isEmpty)

        apps.setRecord(AppRecord(bundleIdentifier: "com.example.mail"))
        apps.setRecord(AppRecord(bundleIdentifier: "com.example.mail", displayName: "Mail"))
        #expect(apps.count == 1)
        #expect(apps.contains("com.example.mail"))
        #expect(apps["com.example.mail"]?.displayName == "Mail")
        #expect(apps.key(of: "com.example.mail") == "com.example.mail")
        #expect(apps.keys == ["com.example.mail"])
        #expect(apps.records.map(\.bundleIdentifier) == ["com.example.mail"])
    }

    @Test func aStateFoundOnceSeesLaterChanges() {
        var apps = AppTable()
        let state = apps.state(for: "com.example.mail")
        #expect(state.record == nil)
        #expect(apps.existingState("com.example.other") == nil)
        for index in 0..<100 { apps.setRecord(AppRecord(bundleIdentifier: "com.example.app\(index)")) }
        apps.setRecord(AppRecord(bundleIdentifier: "com.example.mail", displayName: "Mail"))
        #expect(state.record?.displayName == "Mail")
        #expect(apps.state(for: "com.example.mail") === state)
        #expect(apps.existingState("com.example.mail") === state)
    }

    @Test func countsMoveInPlaceAndNeverBelowZero() {
        var apps = AppTable()
        let state = apps.state(for: "com.example.mail")
        #expect(state.moveCounts(unread: 1, total: 1) == nil)
        state.counts = HistoryCounts(unread: 1, total: 3)
        #expect(state.moveCounts(unread: 1, total: 1) == HistoryCounts(unread: 2, total: 4))
        #expect(state.moveCounts(unread: -5, total: -1) == HistoryCounts(unread: 0, total: 3))
        #expect(apps.existingState("com.example.mail")?.counts == HistoryCounts(unread: 0, total: 3))
    }

    @Test func everyAppsCountsOnlyWhenEachKeptAppHasThem() {
        var apps = AppTable()
        apps.setRecord(AppRecord(bundleIdentifier: "com.example.a"))
        apps.setRecord(AppRecord(bundleIdentifier: "com.example.b"))
        apps.state(for: "com.example.stray").counts = HistoryCounts(unread: 9, total: 9)
        apps.state(for: "com.example.a").counts = HistoryCounts(unread: 1, total: 1)
        #expect(apps.countsOfEveryApp() == nil)

        apps.replaceCounts(with: ["com.example.a": HistoryCounts(unread: 0, total: 2),
                                  "com.example.b": HistoryCounts(unread: 1, total: 1)])
        #expect(apps.countsOfEveryApp() == ["com.example.a": HistoryCounts(unread: 0, total: 2),
                                           "com.example.b": HistoryCounts(unread: 1, total: 1)])
        #expect(apps.existingState("com.example.stray")?.counts == nil)

        apps.forgetCounts()
        #expect(apps.countsOfEveryApp() == nil)
        #expect(apps.existingState("com.example.a")?.counts == nil)
    }
}

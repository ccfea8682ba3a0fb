import HeraldCore
@testable import HeraldUI
import Testing

/// The apps sidebar lists apps as people read names: case aside, numbers by value.
@Suite struct AppOrderTests {
    @Test func numbersInNamesSortByValueAndCaseDoesNotMatter() {
        let names = ["App10", "app2", "App1", "build", "App11", "Zeta", "Build"]
        let apps = names.enumerated().map { index, name in
            var app = AppRecord(bundleIdentifier: "com.example.\(index)")
            app.displayName = name
            return app
        }
        var model = Fixtures.model(apps: apps)
        _ = model.update(.appsLoaded(apps))
        #expect(model.apps.map(\.displayName) == ["App1", "app2", "App10", "App11", "build", "Build", "Zeta"])
    }
}

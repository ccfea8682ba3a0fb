import Testing
import HeraldCore

/// Several apps all shown as "App" — names that tell them apart.
@Suite struct AppNamesTests {
    @Test func uniqueNamesStayAsTheyAre() {
        let names = AppNames.distinct([AppRecord(bundleIdentifier: "com.example.calendar"),
                                       AppRecord(bundleIdentifier: "com.example.messages")])
        #expect(names == ["com.example.calendar": "Calendar", "com.example.messages": "Messages"])
    }

    @Test func collidingNamesGetTheShortestPartThatDiffers() {
        let names = AppNames.distinct([AppRecord(bundleIdentifier: "com.acme.app"),
                                       AppRecord(bundleIdentifier: "org.example.app"),
                                       AppRecord(bundleIdentifier: "net.example.app"),
                                       AppRecord(bundleIdentifier: "app")])
        #expect(names["com.acme.app"] == "App (acme)")
        #expect(names["org.example.app"] == "App (org.example)")
        #expect(names["net.example.app"] == "App (net.example)")
        #expect(names["app"] == "App (app)")
        #expect(Set(names.values).count == 4)
    }
}

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

/// Apps named after the script that posts (`herald post` from `backup.sh`): the file name is
/// the name, not its extension capitalised as if it were reverse DNS.
@Suite struct ScriptAppNameTests {
    @Test func aScriptsFileNameIsItsName() {
        #expect(AppRecord(bundleIdentifier: "backup.sh").displayName == "backup.sh")
        #expect(AppRecord(bundleIdentifier: "sync.py").displayName == "sync.py")
        #expect(AppRecord(bundleIdentifier: "nightly.build.rb").displayName == "nightly.build.rb")
        #expect(AppRecord(bundleIdentifier: "com.example.calendar").displayName == "Calendar")
        #expect(AppRecord(bundleIdentifier: "org.gnome.Shell").displayName == "Shell")
        #expect(AppRecord(bundleIdentifier: "make").displayName == "Make")
        #expect(AppRecord(bundleIdentifier: ".sh").displayName == "Sh")   // no file name before the dot
    }

    @Test func aNameStoredByEarlierVersionsIsMadeWhole() {
        var stored = AppRecord(bundleIdentifier: "backup.sh", displayName: "Sh")
        #expect(stored.withFileNameAsDisplayName().displayName == "backup.sh")
        stored.displayName = "Nightly backup"   // chosen by someone: kept
        #expect(stored.withFileNameAsDisplayName().displayName == "Nightly backup")
        let calendar = AppRecord(bundleIdentifier: "com.example.calendar")
        #expect(calendar.withFileNameAsDisplayName() == calendar)
    }
}

import Foundation
import Testing
@testable import HeraldDBus

/// The D-Bus door's per-name cache of `DesktopApp`: the same app as the mapping itself, for every
/// spelling, and never more than its capacity.
@Suite struct DesktopAppCacheTests {
    static let names: [(String, String?)] = [
        ("Thunderbird", "org.mozilla.Thunderbird"), ("Thunderbird", nil), ("", nil), ("", "org.example.Tool"),
        ("Café", nil), ("Cafe\u{301}", nil), ("Café", "Cafe\u{301}"), ("My App!", nil), ("Evil\u{1B}[2J", nil),
        ("Evil\u{9B}2J\u{85}\u{202E}gnp.exe", nil), ("日本", "jp.app"),
    ]

    @Test func givesWhatTheMappingGivesForEverySpelling() {
        var cache = DesktopAppCache()
        for _ in 0..<3 {
            for (appName, desktopEntry) in Self.names {
                let app = cache.app(appName: appName, desktopEntry: desktopEntry)
                let expected = DesktopApp(appName: appName, desktopEntry: desktopEntry)
                #expect(app == expected)
                // Canonically equal names are one app but keep the sender's own bytes for display.
                #expect(Array(app.displayName.utf8) == Array(expected.displayName.utf8))
            }
        }
        #expect(cache.count == Self.names.count)
    }

    @Test func holdsNoMoreThanItsCapacity() {
        var cache = DesktopAppCache()
        for index in 0..<(DesktopAppCache.capacity * 3 + 5) {
            let app = cache.app(appName: "app \(index)", desktopEntry: nil)
            #expect(app == DesktopApp(appName: "app \(index)", desktopEntry: nil))
            #expect(cache.count <= DesktopAppCache.capacity)
        }
        #expect(cache.app(appName: "app 0", desktopEntry: nil).bundleIdentifier == "desktop.app-0")
    }

    @Test func aLongNameIsMappedButNotKept() {
        var cache = DesktopAppCache()
        let long = String(repeating: "x", count: DesktopAppCache.longestKey + 1)
        #expect(cache.app(appName: long, desktopEntry: nil) == DesktopApp(appName: long, desktopEntry: nil))
        #expect(cache.app(appName: "short", desktopEntry: long) == DesktopApp(appName: "short", desktopEntry: long))
        #expect(cache.count == 0)
        let longest = String(repeating: "y", count: DesktopAppCache.longestKey)
        _ = cache.app(appName: longest, desktopEntry: nil)
        #expect(cache.count == 1)
    }
}

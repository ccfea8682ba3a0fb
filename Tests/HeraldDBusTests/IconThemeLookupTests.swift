import Foundation
import Testing
import TestSupport
@testable import HeraldDBus

/// Icon-theme names (`image-path`) found in a theme tree made for the test.
@Suite struct IconThemeLookupTests {
    /// `share/icons/{default → Test → hicolor}` and `share/pixmaps`, with empty files as icons.
    private static func makeTree(_ root: URL) throws {
        let files = [
            "icons/default/index.theme": "[Icon Theme]\nName=Default\nInherits=Test\n",
            "icons/Test/index.theme": "[Icon Theme]\nName=Test\nInherits=hicolor\n"
                + "Directories=16x16/status,48x48/status,512x512/status,scalable/status,24x24@2/apps\n\n"
                + "[48x48/status]\nSize=48\n",
            "icons/Test/16x16/status/dialog-information.png": "",
            "icons/Test/48x48/status/dialog-information.png": "",
            "icons/Test/512x512/status/dialog-information.png": "",
            "icons/Test/scalable/status/only-svg.svg": "",
            "icons/Test/48x48/status/weather-symbolic.symbolic.png": "",
            "icons/Test/24x24@2/apps/scaled.png": "",
            "icons/hicolor/index.theme": "[Icon Theme]\nName=Hicolor\nDirectories=32x32/apps\n",
            "icons/hicolor/32x32/apps/org.example.Mail.png": "",
            "pixmaps/old-app.png": "",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    private static func lookup(_ root: URL) -> IconThemeLookup {
        IconThemeLookup(environment: ["XDG_DATA_DIRS": root.path, "HOME": root.appendingPathComponent("home").path])
    }

    /// Runs `body` with a lookup in a fresh `makeTree`.
    private static func inTree(_ body: (inout IconThemeLookup) throws -> Void) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try makeTree(directory.url)
        var icons = lookup(directory.url)
        try body(&icons)
    }

    @Test func findsTheLargestPNGUpTo256InTheDefaultThemeChain() throws {
        try Self.inTree { icons in
            #expect(icons.file(named: "dialog-information")?.path.hasSuffix("Test/48x48/status/dialog-information.png") == true)
            #expect(icons.file(named: "scaled")?.path.hasSuffix("Test/24x24@2/apps/scaled.png") == true)
            #expect(icons.file(named: "weather-symbolic")?.lastPathComponent == "weather-symbolic.symbolic.png")
        }
    }

    @Test func fallsBackToHicolorThenPixmaps() throws {
        try Self.inTree { icons in
            #expect(icons.file(named: "org.example.Mail")?.path.hasSuffix("hicolor/32x32/apps/org.example.Mail.png") == true)
            #expect(icons.file(named: "old-app")?.path.hasSuffix("pixmaps/old-app.png") == true)
        }
    }

    @Test func skipsSVGsUnknownNamesAndAnythingPathLike() throws {
        try Self.inTree { icons in
            #expect(icons.file(named: "only-svg") == nil)
            #expect(icons.file(named: "no-such-icon") == nil)
            for name in ["../pixmaps/old-app", "pixmaps/old-app", ".hidden", "", String(repeating: "a", count: 300), "a b"] {
                #expect(icons.file(named: name) == nil, "\(name)")
            }
        }
    }

    @Test func aThemeThatInheritsItselfEnds() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let index = directory.url.appendingPathComponent("icons/default/index.theme")
        try FileManager.default.createDirectory(at: index.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[Icon Theme]\nInherits=default,Loop\nDirectories=16x16/apps\n".write(to: index, atomically: true, encoding: .utf8)
        var icons = Self.lookup(directory.url)
        #expect(icons.file(named: "anything") == nil)
    }
}

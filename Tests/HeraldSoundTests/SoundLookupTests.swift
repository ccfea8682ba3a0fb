import Foundation
import Testing
import HeraldCore
@testable import HeraldSound

/// Where a sound is looked for: the app's folder, the theme, a desktop `sound-file` — and names
/// that would leave the folder are never looked up.
@Suite struct SoundLookupTests {
    let lookup = SoundLookup(soundsDirectory: "/data/herald/sounds")

    @Test func aNamedSoundIsLookedForInTheAppsFolderThenTheTheme() {
        #expect(lookup.sources(for: SoundRecord(name: "chime.caf"), bundleIdentifier: "com.example.tea")
                    == [.file("/data/herald/sounds/com.example.tea/chime.caf"), .themeEvent("chime")])
        #expect(lookup.sources(for: SoundRecord(name: "bell"), bundleIdentifier: "com.example.tea")
                    == [.file("/data/herald/sounds/com.example.tea/bell"), .file("/data/herald/sounds/com.example.tea/bell.oga"),
                        .file("/data/herald/sounds/com.example.tea/bell.ogg"), .file("/data/herald/sounds/com.example.tea/bell.wav"),
                        .themeEvent("bell")])
    }

    @Test func theDefaultSoundHasNoSourcesOfItsOwn() {
        #expect(lookup.sources(for: .default, bundleIdentifier: "a").isEmpty)
        #expect(SoundLookup.defaultEvent(for: .default) == "message-new-instant")
        #expect(SoundLookup.defaultEvent(for: .defaultCritical) == "dialog-warning")
        #expect(SoundLookup.defaultEvent(for: SoundRecord(isRingtone: true)) == "phone-incoming-call")
    }

    @Test func namesThatWouldLeaveTheFolderAreNotLookedUp() {
        for name in ["../../etc/passwd", "/etc/passwd", "..", ".", "", "a\u{1B}b"] {
            #expect(lookup.sources(for: SoundRecord(name: name), bundleIdentifier: "com.example.tea").isEmpty, "\(name)")
        }
        // An app whose identifier is not a file name has no folder; the theme is still asked.
        #expect(lookup.sources(for: SoundRecord(name: "bell.oga"), bundleIdentifier: "../x") == [.themeEvent("bell")])
        // A name the theme cannot hold is looked for in the folder only.
        #expect(lookup.sources(for: SoundRecord(name: "my chime.wav"), bundleIdentifier: "t")
                    == [.file("/data/herald/sounds/t/my chime.wav")])
    }

    @Test func aDesktopSoundFileComesAfterTheName() {
        #expect(lookup.sources(for: SoundRecord(name: "bell", file: "file:///usr/share/sounds/a%20b.oga"), bundleIdentifier: "d")
                    .suffix(2) == [.themeEvent("bell"), .file("/usr/share/sounds/a b.oga")])
        #expect(lookup.sources(for: SoundRecord(file: "relative.oga"), bundleIdentifier: "d").isEmpty)
        #expect(lookup.sources(for: SoundRecord(file: "http://example.org/x.oga"), bundleIdentifier: "d").isEmpty)
    }

    @Test func theFolderFollowsXDGDataHome() {
        #expect(SoundLookup(environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]).soundsDirectory == "/x/herald/sounds")
        #expect(SoundLookup(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"]).soundsDirectory == "/h/.local/share/herald/sounds")
    }

    @Test func aSoundServerIsFoundByItsSocket() throws {
        #expect(SoundSession.server(environment: ["PULSE_SERVER": "unix:/p"]) == "unix:/p")
        #expect(SoundSession.server(environment: ["PULSE_SERVER": "", "XDG_RUNTIME_DIR": "/nonexistent"]) == nil)
        #expect(SoundSession.server(environment: [:]) == nil)
    }
}

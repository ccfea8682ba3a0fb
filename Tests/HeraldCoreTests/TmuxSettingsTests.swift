import Foundation
@testable import HeraldCore
import Testing

/// `[tmux]`: how the daemon reaches a user in tmux, read by one reader for the daemon, `herald
/// config` and `herald popup`.
@Suite struct TmuxSettingsTests {
    @Test func everyKeyIsRead() {
        let (settings, errors) = TmuxSettings.read(ConfigFile.parse("""
            [tmux]
            banners = Message
            position = bottom-right
            width = 72
            height = 9
            timeout = 0
            key-grace = 0.5
            socket = /run/user/1000/tmux-main
            status = no
            """))
        #expect(errors.isEmpty)
        #expect(settings.banners == .message && settings.position == .bottomRight)
        #expect(settings.width == 72 && settings.height == 9 && settings.timeout == 0 && settings.keyGrace == 0.5)
        #expect(settings.server == .socket("/run/user/1000/tmux-main"))
        #expect(!settings.statusOptions)
    }

    @Test func withoutTheSectionTheDefaultsHold() {
        let (settings, errors) = TmuxSettings.read(ConfigFile.parse("[banners]\nmax = 2\n"))
        #expect(errors.isEmpty && settings == TmuxSettings())
        #expect(settings.banners == .popup && settings.server == .automatic && settings.position == .topRight)
        #expect(settings.height == nil && settings.statusOptions)
    }

    @Test func aSocketIsAPathAServerNameAutoOrOff() {
        func server(_ value: String) -> TmuxSettings.Server {
            TmuxSettings.read(ConfigFile.parse("[tmux]\nsocket = \(value)\n")).settings.server
        }
        #expect(server("work") == .named("work"))
        #expect(server("/tmp/tmux-1000/default") == .socket("/tmp/tmux-1000/default"))
        #expect(server("off") == .off)
        #expect(server("auto") == .automatic)
    }

    @Test func theEnvironmentOverridesTheSocket() {
        let file = ConfigFile.parse("[tmux]\nsocket = work\n")
        #expect(TmuxSettings.read(file, environment: ["HERALD_TMUX": "off"]).settings.server == .off)
        #expect(TmuxSettings.read(file, environment: ["HERALD_TMUX": "/tmp/s"]).settings.server == .socket("/tmp/s"))
        #expect(TmuxSettings.read(file, environment: ["HERALD_TMUX": ""]).settings.server == .named("work"))
    }

    @Test func eachMistakeNamesItsLineAndWhatWasExpected() {
        let (settings, errors) = TmuxSettings.read(ConfigFile.parse("""
            [tmux]
            banners = sometimes
            width = 5
            key-grace = forever
            position = left
            socket =
            colour = red
            """))
        #expect(errors.map(\.line) == [2, 3, 4, 5, 6, 7])
        #expect(errors[0].message == "banners: expected popup, message or off, got 'sometimes'")
        #expect(errors[1].message.contains("width: expected a whole number from 20 to 500"))
        #expect(errors[2].message.contains("key-grace: expected a number from 0 to 10 seconds"))
        #expect(errors[3].message.contains("position: expected top-right, top, center, bottom-right, bottom"))
        #expect(errors[5].message.hasPrefix("[tmux] has no setting 'colour'"))
        #expect(settings == TmuxSettings())   // every mistaken setting keeps its default
    }
}

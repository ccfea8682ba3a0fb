import Foundation
import HeraldCore
import TerminalKit
import Testing
@testable import HeraldUI

/// The UI's part of the configuration file: banners, theme and keys; mistakes by line, defaults
/// kept for them.
@Suite struct UIConfigurationFileTests {
    @Test func bannersThemeAndKeysApply() {
        var config = UIConfiguration()
        let errors = config.apply(ConfigFile.parse("""
        [banners]
        max = 5
        timeout = 8
        timeout.passive = 2
        timeout.critical = 0
        coalesce = no
        key-grace = 0
        [theme]
        accent = green
        banner = blue
        [keys]
        dismiss = z
        next-banner = n
        quit = ctrl-q
        """))
        #expect(errors.isEmpty)
        #expect(config.maxBanners == 5)
        #expect(config.bannerTimeout(for: .active) == 8)
        #expect(config.bannerTimeout(for: .passive) == 2)
        #expect(config.bannerTimeout(for: .critical) == 0)
        #expect(!config.coalesceBanners)
        #expect(config.palette.accent == .green && config.palette.banner == .blue)
        #expect(config.keyBindings == [.char("z"): .char("x"), .char("n"): .tab, .ctrl("q"): .char("q")])
        #expect(Theme(colors: true, palette: config.palette).header.background == .green)
    }

    @Test func mistakesNameTheLineAndTheDefaultsStay() {
        var config = UIConfiguration()
        let errors = config.apply(ConfigFile.parse("""
        [banners]
        max = 40
        timeout.loud = 3
        [theme]
        accent = teal
        [keys]
        jump = j
        dismiss = shift-z
        [colours]
        red = 1
        [rule]
        level = loud
        """))
        #expect(errors.map(\.description) == [
            "line 2: max: expected a whole number from 1 to 9, got '40'",
            "line 3: [banners] has no setting 'timeout.loud' (known: max, timeout, timeout.passive, timeout.active, "
                + "timeout.time-sensitive, timeout.critical, coalesce, key-grace)",
            "line 5: accent: expected a colour (default, black, red, green, yellow, blue, magenta, cyan, white, "
                + "a palette number 0–255, or #rrggbb), got 'teal'",
            "line 7: [keys] has no setting 'jump' (known: open, dismiss, reply, expand, search, command, settings, delete, "
                + "help, quit, up, down, top, bottom, next-banner, close-banners, clear-badge, clear-history, switch-pane)",
            "line 8: dismiss: 'shift-z' is not a key (a character, or tab, shift-tab, enter, esc, space, backspace, delete, "
                + "up, down, left, right, home, end, pgup, pgdn, f1–f12, ctrl-a…ctrl-z)",
            "line 9: unknown section [colours] (known: [banners], [theme], [keys], [rule], [daemon], [broker], [tmux], [relay])",
            "line 12: level: expected passive, active, time-sensitive or critical, got 'loud'",
        ])
        #expect(config == UIConfiguration())
    }

    @Test func aBoundKeyDoesItsAction() {
        var model = Fixtures.model()
        model.config.keyBindings = [.char("z"): .char("x")]
        #expect(model.update(.key(.char("z"))) == [.respond(deliveryID: 6, action: .dismiss)])
        _ = model.update(.key(.char("/")))
        model.type("z")   // typing is typing
        guard case .input(let input)? = model.overlay else {
            Issue.record("no search line")
            return
        }
        #expect(input.editor.text == "z")
    }

    /// A notification a rule keeps out of history (delivery id 0) shows its banner, never a row.
    @Test func aNotificationNotKeptShowsOnlyABanner() {
        var model = Fixtures.model(history: [])
        var record = Fixtures.record(0, category: "")
        record.presentation = [.banner]
        _ = model.update(.event(.delivered(record, replacedDeliveryID: nil)))
        _ = model.update(.event(.delivered(record, replacedDeliveryID: nil)))
        #expect(model.history.isEmpty)
        #expect(model.banner.shown.map(\.id) == [-2, -1])
        #expect(model.update(.key(.enter)).isEmpty)   // nothing stored to answer: the banner closes
        #expect(model.banner.shown.map(\.id) == [-2])
    }
}

/// `[theme]` takes the 256-colour palette and 24-bit colours as well as the eight names.
@Suite struct ThemeColourTests {
    @Test func paletteNumbersAndHexColoursApply() {
        var config = UIConfiguration()
        let errors = config.apply(ConfigFile.parse("""
        [theme]
        accent = "#1e90ff"
        banner = 208
        alert = color196
        unread = Cyan
        app = "#FFD700"   # gold
        """))
        #expect(errors.isEmpty)
        #expect(config.palette.accent == .rgb(0x1e, 0x90, 0xff))
        #expect(config.palette.banner == .indexed(208))
        #expect(config.palette.alert == .indexed(196))
        #expect(config.palette.unread == .cyan)
        #expect(config.palette.app == .rgb(0xff, 0xd7, 0x00))
        #expect(Theme(colors: true, palette: config.palette).header.background == .rgb(0x1e, 0x90, 0xff))
    }

    @Test func badColoursAreRefusedWithTheLine() {
        var config = UIConfiguration()
        let errors = config.apply(ConfigFile.parse("""
        [theme]
        accent = 256
        banner = #12345
        alert = #12345g
        app = +5
        """))
        #expect(errors.map(\.line) == [2, 3, 4, 5])
        #expect(errors.first?.description.contains("a palette number 0–255, or #rrggbb") == true)
        #expect(config.palette == Theme.Palette())
        // Unquoted, # starts a comment: the mistake says so.
        let unquoted = config.apply(ConfigFile.parse("[theme]\naccent = #1e90ff\n"))
        #expect(unquoted.first?.description.hasSuffix("(write #rrggbb in quotes, \"#1e90ff\": an unquoted # starts a comment)") == true)
    }
}

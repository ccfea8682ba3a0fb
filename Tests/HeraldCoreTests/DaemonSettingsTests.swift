import Foundation
@testable import HeraldCore
import Testing

/// The daemon's part of the configuration file: `[daemon]` and `[broker]`, read by one reader for
/// `herald daemon`, `herald config` and the clients that start a center.
@Suite struct DaemonSettingsTests {
    @Test func everyKeyIsRead() {
        let (settings, errors) = DaemonSettings.read(ConfigFile.parse("""
            [daemon]
            prompt = Allow
            rate-limit = 0
            dbus = replace
            start = herald
            sound = Bell
            [broker]
            url = mqtt://alice@broker
            password-file = ~/pw
            """))
        #expect(errors.isEmpty)
        #expect(settings.sound == .bell)
        #expect(settings.prompt == .allow && settings.rateLimit == 0 && settings.desktopNotifications == .replace)
        #expect(settings.start == .herald)
        #expect(settings.broker["url"] == DaemonSettings.Value(text: "mqtt://alice@broker", line: 8))
        #expect(settings.broker["password-file"]?.text == "~/pw")
        #expect(DaemonSettings.read(ConfigFile.parse("[daemon]\ndbus = off\n")).settings.desktopNotifications == .no)
    }

    @Test func withoutTheSectionsTheDefaultsHold() {
        let (settings, errors) = DaemonSettings.read(ConfigFile.parse("[banners]\nmax = 2\n"))
        #expect(errors.isEmpty && settings == DaemonSettings())
        #expect(settings.prompt == .wait && settings.rateLimit == 50 && settings.desktopNotifications == .yes)
        #expect(settings.start == .automatic && settings.broker.isEmpty && settings.sound == .auto)
    }

    @Test func eachMistakeNamesItsLineAndWhatWasExpected() {
        let (_, errors) = DaemonSettings.read(ConfigFile.parse("""
            [daemon]
            prompt = maybe
            rate-limit = fast
            dbus = sometimes
            colour = red
            sound = loud
            [broker]
            url = mqtt://host
            passwd = secret
            """))
        #expect(errors.map(\.line) == [2, 3, 4, 5, 6, 9])
        #expect(errors[0].message == "prompt: expected wait, allow or deny, got 'maybe'")
        #expect(errors[1].message.hasPrefix("rate-limit: expected a whole number from 0 to 1000000"))
        #expect(errors[2].message == "dbus: expected yes, no or replace, got 'sometimes'")
        #expect(errors[3].message.contains("[daemon] has no setting 'colour'"))
        #expect(errors[4].message == "sound: expected auto, bell or off, got 'loud'")
        #expect(errors[5].message == "[broker] has no setting 'passwd' (known: url, password-file, ca, cert, key)")
    }
}

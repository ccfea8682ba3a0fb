import HeraldCore
@testable import HeraldTmux
import Testing

/// Which notifications become popups or message lines in tmux: the center's own decision
/// (presentation), then `[tmux] banners`.
@Suite struct TmuxBannerPolicyTests {
    private func kind(_ record: DeliveredRecord, app: AppRecord? = TmuxFixtures.app(), banners: TmuxSettings.Banners = .popup,
                      focus: Bool = false, muted: Bool = false) -> TmuxBannerPolicy.Kind {
        var settings = TmuxSettings()
        settings.banners = banners
        return TmuxBannerPolicy.kind(for: record, app: app, settings: settings, isFocusOn: focus, isMuted: muted)
    }

    @Test func aBannerIsAPopupOrAMessageAsConfigured() {
        let record = TmuxFixtures.record(presentation: [.banner, .list, .sound])
        #expect(kind(record) == .popup)
        #expect(kind(record, banners: .message) == .message)
        #expect(kind(record, banners: .off) == .nothing)
    }

    /// Focus, do-not-disturb and a rule's mute take the banner away in the engine: nothing shows.
    @Test func whatTheCenterKeepsQuietStaysQuiet() {
        #expect(kind(TmuxFixtures.record(presentation: [.list])) == .nothing)
        #expect(kind(TmuxFixtures.record(presentation: [])) == .nothing)
    }

    /// A banner not kept in history has nothing to answer: it only informs, on the status line.
    @Test func aBannerNotKeptIsAMessage() {
        #expect(kind(TmuxFixtures.record(presentation: [.banner], deliveryID: 0)) == .message)
        #expect(kind(TmuxFixtures.record(presentation: [.banner], app: "herald.summary")) == .message)
    }

    @Test func passiveOnesAreAMessageLineUnlessSomethingKeepsThemQuiet() {
        let passive = TmuxFixtures.record(level: .passive, presentation: [.list])
        #expect(kind(passive) == .message)
        #expect(kind(passive, banners: .off) == .nothing)
        #expect(kind(passive, focus: true) == .nothing)
        #expect(kind(passive, muted: true) == .nothing)
        var quiet = TmuxFixtures.app()
        quiet.settings.alertStyle = .none
        #expect(kind(passive, app: quiet) == .nothing)
        var provisional = TmuxFixtures.app()
        provisional.authorizationStatus = .provisional
        #expect(kind(passive, app: provisional) == .nothing)
        #expect(kind(TmuxFixtures.record(level: .passive, presentation: [])) == .nothing)
    }
}

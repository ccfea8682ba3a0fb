import HeraldCore
@testable import HeraldUI
import Testing

/// The help overlay on a screen too small for all of it scrolls with `j` `k`; any other key
/// closes it. Where it fits, any key closes it, as before.
@Suite struct HelpScrollTests {
    @Test func aSmallScreenScrollsTheHelpToItsLastLine() {
        var model = Fixtures.model(width: 40, height: 12)
        _ = model.update(.key(.char("?")))
        #expect(model.overlay == .help(scroll: 0))
        var screen = model.view().lines.joined(separator: "\n")
        #expect(screen.contains("more · j k · Esc closes"))
        #expect(!screen.contains("quit"))
        for _ in 0..<200 { _ = model.update(.key(.char("j"))) }   // stops at the end
        guard case .help(let scroll)? = model.overlay else {
            Issue.record("help closed")
            return
        }
        #expect(scroll > 0)
        screen = model.view().lines.joined(separator: "\n")
        #expect(screen.contains("quit"))
        #expect(!screen.contains("↓"))
        _ = model.update(.key(.char("k")))
        #expect(model.overlay == .help(scroll: scroll - 1))
        _ = model.update(.key(.char("x")))
        #expect(model.overlay == nil)
    }

    @Test func whereTheHelpFitsAnyKeyClosesIt() {
        var model = Fixtures.model(width: 200, height: 60)
        _ = model.update(.key(.char("?")))
        #expect(model.view().lines.joined().contains("any key closes"))
        _ = model.update(.key(.char("j")))
        #expect(model.overlay == nil)
    }
}

import Foundation
import HeraldCore
import TerminalKit
import Testing
@testable import HeraldUI

/// The small things a new user ran into: plurals, apps that all looked like "App"
/// (HeraldCore's `AppNames` in the sidebar and the list),
/// `g`/`G` in the sidebar, Esc on a search, the help's host commands, `? help` in the footer.
@Suite struct EverydayUITests {
    @Test func aGroupOfTwoSaysOneMoreMessage() {
        let history = [Fixtures.record(2, thread: "t", summary: "Ann"), Fixtures.record(1, thread: "t", summary: "Ann")]
        let model = Fixtures.model(history: history)
        #expect(model.summaryText(of: model.listRows[0]) == "1 more message from Ann")
    }

    @Test func appsWithTheSameNameAreToldApart() {
        let apps = [AppRecord(bundleIdentifier: "com.alpha.App"), AppRecord(bundleIdentifier: "org.beta.App"),
                    AppRecord(bundleIdentifier: "com.example.calendar")]
        let model = Fixtures.model(apps: apps, history: [Fixtures.record(1, app: "com.alpha.App"),
                                                         Fixtures.record(2, app: "org.beta.App")])
        #expect(model.appName("com.alpha.App") == "App (alpha)")
        #expect(model.appName("org.beta.App") == "App (beta)")
        #expect(model.appName("com.example.calendar") == "Calendar")
        let screen = model.view().lines.joined(separator: "\n")
        #expect(screen.contains("App (alpha)"))   // the sidebar
        #expect(screen.contains("App (beta)"))
    }

    @Test func gAndGJumpInTheSidebar() {
        var model = Fixtures.model()
        _ = model.update(.key(.tab))
        _ = model.update(.key(.char("G")))
        #expect(model.sidebarSelection == model.apps.count)
        #expect(model.selectedApp == model.apps.last?.bundleIdentifier)
        _ = model.update(.key(.char("g")))
        #expect(model.sidebarSelection == 0)
        #expect(model.selectedApp == nil)
        #expect(model.activePane == .sidebar)
    }

    @Test func escClearsASearch() {
        var model = Fixtures.model()
        _ = model.update(.key(.char("/")))
        model.type("lunch")
        _ = model.update(.key(.enter))
        #expect(model.searchText == "lunch")
        #expect(model.update(.key(.escape)) == [.loadHistory(HistoryQuery(limit: 300))])   // not a dismiss
        #expect(model.searchText == nil)

        _ = model.update(.key(.char("/")))
        model.type("lunch")
        _ = model.update(.key(.enter))
        _ = model.update(.key(.char("/")))   // the search line again, then Esc
        #expect(model.update(.key(.escape)) == [.loadHistory(HistoryQuery(limit: 300))])
        #expect(model.searchText == nil)
        #expect(model.overlay == nil)
    }

    /// The demo's command help is longer than any help box: it wraps, at every size, and
    /// scrolling shows every word of it.
    @Test(arguments: [(80, 24), (40, 12), (120, 40), (60, 20)])
    func theHelpWrapsTheHostsCommandsAtEverySize(width: Int, height: Int) {
        var config = Fixtures.config
        config.extraCommandHelp = ["invite                    Calendar: meeting invitation in 5 s (Accept / Decline)",
                                   "push                      an APNs push with mutable-content via the service extension"]
        var model = AppModel(width: width, height: height, now: Fixtures.now, config: config)
        _ = model.update(.key(.char("?")))
        var seen = ""
        for _ in 0..<80 {
            seen += model.view().lines.joined(separator: "\n")
            _ = model.update(.key(.char("j")))
            if model.overlay == nil { break }
        }
        for word in ["(Accept", "Decline)", "mutable-content", "extension"] {
            #expect(seen.contains(word), "\(width)×\(height) never shows \(word)")
        }
    }

    @Test(arguments: [80, 40])
    func theFooterAlwaysShowsHelp(width: Int) {
        let model = Fixtures.model(width: width, height: width == 80 ? 24 : 12)
        #expect(model.view().lines.last?.contains("? help") == true)
    }
}

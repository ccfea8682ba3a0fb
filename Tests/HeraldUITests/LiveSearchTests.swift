import Foundation
import HeraldCore
import TerminalKit
import Testing
@testable import HeraldUI

/// The search follows your typing: each change of the search line loads the matching history;
/// Enter keeps it and closes the line, Esc clears it.
@Suite struct LiveSearchTests {
    static func query(_ text: String?) -> Effect { .loadHistory(HistoryQuery(search: text, limit: 300)) }

    @Test func eachKeyStrokeSearches() {
        var model = Fixtures.model()
        _ = model.update(.key(.char("/")))
        #expect(model.update(.key(.char("l"))) == [Self.query("l")])
        #expect(model.update(.key(.char("u"))) == [Self.query("lu")])
        #expect(model.searchText == "lu")
        if case .input? = model.overlay {} else { Issue.record("the search line closed while typing") }
        #expect(model.update(.key(.backspace)) == [Self.query("l")])
        #expect(model.update(.key(.char(" "))).isEmpty)   // a trailing space changes no words
        #expect(model.update(.key(.backspace)).isEmpty)
        #expect(model.update(.key(.backspace)) == [Self.query(nil)])   // empty: everything again
        #expect(model.searchText == nil)
    }

    @Test func enterKeepsTheResultsAndEscClearsThem() {
        var model = Fixtures.model()
        _ = model.update(.key(.char("/")))
        model.type("team")
        #expect(model.update(.key(.enter)).isEmpty)   // already loaded while typing
        #expect(model.searchText == "team")
        #expect(model.overlay == nil)
        _ = model.update(.key(.char("/")))
        model.type(" sync")
        #expect(model.searchText == "team sync")
        #expect(model.update(.key(.escape)) == [Self.query(nil)])
        #expect(model.searchText == nil && model.overlay == nil)
    }

    @Test func theListShowsTheResultsWhileTheLineIsOpen() {
        var model = Fixtures.model()
        _ = model.update(.key(.char("/")))
        model.type("dent")
        let dentist = Fixtures.history.filter { $0.content.title == "Dentist" }
        _ = model.update(.historyLoaded(model.historyQuery, dentist, total: 1))
        let screen = model.view().lines.joined(separator: "\n")
        #expect(screen.contains("Dentist"))
        #expect(!screen.contains("Team sync"))
        #expect(screen.contains("/dent"))
    }
}

import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

@Suite struct SearchTests {
    /// A store with a small, known history (ids in insertion order).
    private func makeStore(_ fixture: StoreFixture) throws -> (SQLiteStore, [Int64]) {
        let store = try fixture.open()
        let rows: [(String, String, String, String)] = [
            ("com.example.calendar", "Lunch with Alice", "", "Café on the corner"),
            ("com.example.mail", "Invoice #42", "From: billing", "Payment (overdue) — \"urgent\""),
            ("com.example.calendar", "Standup", "Daily", "Lunch afterwards?"),
            ("com.example.mail", "Re: lunch", "Alice", "Sure, 12:30*"),
            ("com.example.build", "Build failed", "main", "error: AND OR NOT near(x)"),
        ]
        let ids = try rows.map { app, title, subtitle, body in
            try store.insertDelivered(RecordFixtures.delivered(app: app, title: title, subtitle: subtitle, body: body)).deliveryID
        }
        return (store, ids)
    }

    private func search(_ store: SQLiteStore, _ text: String?, app: String? = nil, limit: Int = 100,
                        offset: Int = 0) throws -> [Int64] {
        try store.history(HistoryQuery(bundleIdentifier: app, search: text, limit: limit, offset: offset)).map(\.deliveryID)
    }

    @Test func prefixesOfWordsInTitleSubtitleAndBodyMatchNewestFirst() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let (store, ids) = try makeStore(fixture)
        #expect(try search(store, "lun") == [ids[3], ids[2], ids[0]])
        #expect(try search(store, "LUNCH") == [ids[3], ids[2], ids[0]])
        #expect(try search(store, "billing") == [ids[1]])           // subtitle
        #expect(try search(store, "cafe") == [ids[0]])              // diacritics folded
        #expect(try search(store, "nothing-like-this").isEmpty)
    }

    @Test func everyWordMustMatch() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let (store, ids) = try makeStore(fixture)
        #expect(try search(store, "lunch alice") == [ids[3], ids[0]])
        #expect(try search(store, "  alice   lun  ") == [ids[3], ids[0]])
        #expect(try search(store, "lunch bob").isEmpty)
    }

    @Test func aPrefixWithFewTermsIsSpelledOutAndOneWithManyStaysAPrefix() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let words = (0..<(SQLiteStore.prefixTermLimit + 2)).map { "alpha\($0)x" }
        let ids = try words.map { try store.insertDelivered(RecordFixtures.delivered(title: $0, subtitle: "", body: "")).deliveryID }
        let few = try store.insertDelivered(RecordFixtures.delivered(title: "Béta one", subtitle: "", body: "")).deliveryID
        try store.updateSearchIndex()
        #expect(try store.indexedTerms(startingWith: "ONE", limit: SQLiteStore.prefixTermLimit) == ["one"])
        #expect(try store.indexedTerms(startingWith: "alpha", limit: SQLiteStore.prefixTermLimit) == nil)
        #expect(try store.indexedTerms(startingWith: "alpha1", limit: SQLiteStore.prefixTermLimit) == ["alpha1x"])
        #expect(try store.indexedTerms(startingWith: "béta", limit: SQLiteStore.prefixTermLimit) == nil)   // not ASCII
        #expect(try store.indexedTerms(startingWith: "zulu", limit: SQLiteStore.prefixTermLimit) == [])
        // Either way the same rows.
        #expect(try search(store, "alpha") == ids.reversed())
        #expect(try search(store, "alpha1") == [ids[1]])
        #expect(try search(store, "bet on") == [])              // "bet" is a whole word: not "béta"
        #expect(try search(store, "beta on") == [few])
        #expect(try search(store, "zulu").isEmpty)
        #expect(try store.historyCount(HistoryQuery(search: "alpha")) == words.count)
    }

    @Test func onlyTheLastWordIsAPrefix() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let (store, ids) = try makeStore(fixture)
        #expect(try search(store, "lunch ali") == [ids[3], ids[0]])   // typing on: the last word is a prefix
        #expect(try search(store, "lun alice").isEmpty)               // the others are whole words
        #expect(try search(store, "alice lun") == [ids[3], ids[0]])
        #expect(try store.historyCount(HistoryQuery(search: "lun alice")) == 0)
        #expect(try store.historyCount(HistoryQuery(search: "lunch ali")) == 2)
    }

    @Test func perAppAndAcrossApps() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let (store, ids) = try makeStore(fixture)
        #expect(try search(store, "lunch", app: "com.example.calendar") == [ids[2], ids[0]])
        #expect(try search(store, "lunch", app: "com.example.mail") == [ids[3]])
        #expect(try search(store, nil, app: "com.example.mail") == [ids[3], ids[1]])
        #expect(try store.historyCount(HistoryQuery(bundleIdentifier: "com.example.calendar", search: "lunch")) == 2)
        #expect(try store.historyCount(HistoryQuery(search: "lunch")) == 3)
    }

    @Test(arguments: [
        ("\"urgent\"", [1]), ("\"", []), ("(overdue)", [1]), ("overdue)", [1]), ("12:30*", [3]),
        ("*", []), ("#42", [1]), ("AND", [4]), ("NOT", [4]), ("near(x)", [4]), ("OR lunch", []),
        ("re:", [3]), ("-", []), ("'; DROP TABLE delivered; --", []), ("alice^", [0, 3]), ("{title}:lunch", []),
    ] as [(String, [Int])])
    func ftsSyntaxInTheInputIsSearchedAsText(_ text: String, _ expected: [Int]) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let (store, ids) = try makeStore(fixture)
        let found = try search(store, text)
        if SearchExpression.fts5(text) == nil {
            // Nothing to search for: the query is not filtered at all.
            #expect(found == ids.reversed())
        } else {
            #expect(found == expected.map { ids[$0] }.reversed())
        }
        #expect(try store.historyCount(HistoryQuery()) == ids.count)   // and nothing was dropped
    }

    @Test func appTokensAreNeverMatchedByUserWords() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let (store, ids) = try makeStore(fixture)
        #expect(try search(store, "app").isEmpty)
        #expect(try search(store, "com").isEmpty)
        #expect(try search(store, "app636F").isEmpty)
        #expect(try search(store, "lunch", app: "com.example.build").isEmpty)
        #expect(try search(store, "lunch", app: "com.example").isEmpty)   // a prefix of an app is not that app
        #expect(try search(store, "build", app: "com.example.build") == [ids[4]])
    }

    @Test func pagingWalksNewestFirstWithoutOverlap() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let ids = try store.batch {
            try (0..<25).map { n in
                try store.insertDelivered(RecordFixtures.delivered(title: n % 2 == 0 ? "even \(n)" : "odd \(n)")).deliveryID
            }
        }
        let evens = ids.enumerated().filter { $0.offset % 2 == 0 }.map(\.element).reversed().map { $0 }
        var pages: [Int64] = []
        for page in 0..<3 { pages += try search(store, "even", limit: 5, offset: page * 5) }
        #expect(pages == Array(evens.prefix(13)))
        #expect(try search(store, "even", limit: 5, offset: 10) == Array(evens[10...]))
        #expect(try search(store, nil, limit: 4, offset: 0) == Array(ids.reversed().prefix(4)))
        #expect(try search(store, nil, limit: 4, offset: 24) == [ids[0]])
    }

    @Test func unreadOnly() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let (store, ids) = try makeStore(fixture)
        var read = try #require(try store.delivered(id: ids[3]))
        read.isRead = true
        try store.updateDelivered(read)
        #expect(try store.history(HistoryQuery(search: "lunch", unreadOnly: true)).map(\.deliveryID) == [ids[2], ids[0]])
        #expect(try store.historyCount(HistoryQuery(unreadOnly: true)) == 4)
    }

    @Test func deletedNotificationsLeaveTheIndex() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let (store, ids) = try makeStore(fixture)
        try store.deleteDelivered(ids: [ids[0]])
        #expect(try search(store, "lunch") == [ids[3], ids[2]])
        // FTS5's own consistency check over the external content.
        try store.connection.execute("INSERT INTO delivered_fts (delivered_fts, rank) VALUES ('integrity-check', 1)")
    }

    @Test func theFirstPageOfASearchNeedsNoSort() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let (store, _) = try makeStore(fixture)
        for app: String? in [nil, "com.example.mail"] {
            let plan = try store.connection.query("""
                EXPLAIN QUERY PLAN SELECT delivered.id FROM delivered_fts CROSS JOIN delivered
                ON delivered.id = delivered_fts.rowid WHERE delivered_fts MATCH ?1
                \(app == nil ? "" : "AND delivered.bundle_id = ?2")
                ORDER BY delivered_fts.rowid DESC LIMIT 20
                """, [.text(SearchExpression.match("lunch", bundleIdentifier: app)!)] + (app.map { [.text($0)] } ?? [])) { $0.text(3) }
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "plan: \(plan)")
        }
    }
}

@Suite struct SearchExpressionTests {
    @Test func wordsAreQuotedAndOnlyTheLastIsAPrefix() {
        #expect(SearchExpression.fts5("lunch") == "\"lunch\"*")
        #expect(SearchExpression.fts5("lunch alice") == "\"lunch\" AND \"alice\"*")
        #expect(SearchExpression.fts5("say \"hi\" (now)*") == "\"say\" AND \"hi\" AND \"now\"*")
        #expect(SearchExpression.fts5("a*b don't") == "\"a\" AND \"b\" AND \"don\" AND \"t\"*")
    }

    @Test func theLastWordCanBeSpelledOutAsTheIndexsTerms() {
        #expect(SearchExpression.fts5("lunch ali", lastWordTerms: ["alice", "alison"])
                == "\"lunch\" AND (\"alice\" OR \"alison\")")
        #expect(SearchExpression.fts5("lunch zz", lastWordTerms: []) == "\"lunch\" AND \"zz\"")
    }

    @Test func textWithoutWordsIsNoSearch() {
        #expect(SearchExpression.fts5("") == nil)
        #expect(SearchExpression.fts5("  \t ") == nil)
        #expect(SearchExpression.fts5("* ( ) \" -") == nil)
    }
}

import Foundation
import HeraldCore
@testable import HeraldStore
import Testing
import TestSupport

/// Every shape of search the daemon accepts, on a small generated history, against a plain scan
/// of the rows: the same rows in the same order, on every page, also pages that run past the
/// last match.
@Suite struct SearchShapeTests {
    static let vocabulary = ["build", "deploy", "meeting", "lunch", "backup", "budget", "server", "report",
                             "Ünïcödé", "café"]
    static let apps = ["com.example.mail", "com.example.build", "com.example.chat"]

    /// Row `n`: three words of the vocabulary, `number n`, every seventh `urgent`; some read.
    static func record(_ n: Int) -> (DeliveredRecord, isRead: Bool) {
        let word = { (k: Int) in vocabulary[(n &* 7 &+ k &* 3 &+ n / 5) % vocabulary.count] }
        var body = "\(word(1)) \(word(2)) number \(n)"
        if n % 7 == 0 { body += " urgent" }
        let record = RecordFixtures.delivered(app: apps[n % apps.count], identifier: "r\(n)",
                                              title: "\(word(0).capitalized) \(n % 13)", subtitle: word(3), body: body)
        return (record, n % 4 == 0)
    }

    /// Rows `range` (`record`), delivered to `store` in one batch, some then read.
    static func add(_ range: Range<Int>, to store: SQLiteStore) throws -> [DeliveredRecord] {
        try store.batch {
            try range.map { n in
                let (record, isRead) = Self.record(n)
                var stored = try store.insertDelivered(record)
                if isRead {
                    stored.isRead = true
                    try store.updateDelivered(stored)
                }
                return stored
            }
        }
    }

    /// The texts: each letter and digit alone, prefixes and whole words of the vocabulary, words
    /// given twice, a whole word and a prefix it implies, runs of many words, up to the word limit.
    static func searches() -> [String] {
        var texts = "abcdefghijklmnopqrstuvwxyz0123456789".map { String($0) }
        for word in vocabulary + ["urgent", "number"] {
            for length in 1...4 where length < word.count { texts.append(String(word.prefix(length))) }
            texts.append(word)
        }
        texts += ["12", "1 2", "number 1", "urgent urgent", "build b", "Build BUI", "build budget b", "café caf",
                  "ünïcödé ü", "lunch ZZ", "nomatch", "urgent nomatch", "number urgent build meeting b",
                  "meeting meeting meeting m", "app", "com", "e000"]
        let frequent = ["number", "urgent", "build", "meeting", "deploy", "report"]
        for count in [2, 4, 8, HistoryQuery.searchWordLimit - 1] {
            texts.append(((0..<count).map { frequent[$0 % frequent.count] } + ["b"]).joined(separator: " "))
        }
        texts.append((0..<HistoryQuery.searchWordLimit).map { String(UnicodeScalar(UInt8(97 + $0 % 26))) }
            .joined(separator: " "))
        return texts
    }

    /// The reference: every query word a word of the row (the last one the start of one),
    /// case and diacritics folded as the index folds them.
    static func matches(_ record: DeliveredRecord, _ text: String) -> Bool {
        let fold = { (word: String) in word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        let content = record.content
        let haystack = (HistorySearch.words(in: content.title) + HistorySearch.words(in: content.subtitle)
            + HistorySearch.words(in: content.body)).map(fold)
        let query = HistorySearch.words(in: text).map(fold)
        return query.indices.allSatisfy { index in
            index == query.count - 1 ? haystack.contains { $0.hasPrefix(query[index]) } : haystack.contains(query[index])
        }
    }

    @Test func everyShapeFindsWhatAScanFindsOnEveryPage() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open(SQLiteStoreOptions(synchronous: .normal, retention: .unlimited, applyRetentionOnOpen: false))
        let rows = try Self.add(0..<150, to: store)
        let newestFirst = rows.reversed()
        var checked = 0
        for text in Self.searches() {
            for app in [nil, Self.apps[1]] {
                for unreadOnly in [false, true] {
                    let expected = newestFirst.filter {
                        Self.matches($0, text) && (app == nil || $0.bundleIdentifier == app) && (!unreadOnly || !$0.isRead)
                    }.map(\.deliveryID)
                    let query = HistoryQuery(bundleIdentifier: app, search: text, limit: 9, unreadOnly: unreadOnly)
                    try query.validate()
                    #expect(try store.historyCount(query) == expected.count, "count of '\(text)' app \(app ?? "-") unread \(unreadOnly)")
                    // The first two pages, one across the end and one past it.
                    let offsets = Set([0, 9, max(0, expected.count - 4), expected.count])
                    for offset in offsets.sorted() {
                        var page = query
                        page.offset = offset
                        let found = try store.history(page).map(\.deliveryID)
                        let want = Array(expected.dropFirst(offset).prefix(9))
                        #expect(found == want, "'\(text)' app \(app ?? "-") unread \(unreadOnly) offset \(offset)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 1_000)   // every shape × filter, each on up to four pages
    }

    @Test func wordsGivenTwiceAndPrefixesAWholeWordImpliesAreLeftOut() {
        let parts = { (text: String) in (SearchWords(text).whole, SearchWords(text).prefix) }
        #expect(parts("urgent deploy urgent x") == (["urgent", "deploy"], "x"))
        #expect(parts("urgent urgent") == (["urgent"], nil))   // the whole word: "urgent" alone is a prefix
        #expect(parts("Build deploy build b") == (["Build", "deploy"], nil))
        #expect(parts("build BU") == (["build"], nil))
        #expect(parts("lunch ali") == (["lunch"], "ali"))
        #expect(parts("bu build") == (["bu"], "build"))     // "bu" is whole: no "build" in it
        #expect(parts("café caf") == (["café"], "caf"))     // not ASCII: kept
        #expect(SearchWords("  ").isEmpty)
        #expect(SearchExpression.fts5("number urgent number b build") == #""number" AND "urgent" AND "b" AND "build"*"#)
        #expect(SearchExpression.fts5("build build b") == #""build""#)
    }

    @Test func appTokensAreNotTermsAnyPrefixStandsFor() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        for app in Self.apps { _ = try store.insertDelivered(RecordFixtures.delivered(app: app, title: "Apple pie")) }
        try store.updateSearchIndex()
        #expect(try store.indexedTerms(startingWith: "app", limit: SQLiteStore.prefixTermLimit) == ["apple"])
        #expect(try store.history(HistoryQuery(search: "a")).count == Self.apps.count)
        #expect(try store.history(HistoryQuery(bundleIdentifier: Self.apps[0], search: "ap")).map(\.bundleIdentifier) == [Self.apps[0]])
    }

    @Test func textThatSpellsAnAppTokenDoesNotJoinThatApp() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let target = Self.apps[0]
        let token = SearchExpression.appTokenStart + target.utf8.map { String(format: "%02X", $0) }.joined()
        let own = try store.insertDelivered(RecordFixtures.delivered(app: target, title: "Apple pie")).deliveryID
        _ = try store.insertDelivered(RecordFixtures.delivered(app: Self.apps[1], title: "Apple tart", body: token))
        let query = HistoryQuery(bundleIdentifier: target, search: "apple")
        #expect(try store.history(query).map(\.deliveryID) == [own])
        #expect(try store.historyCount(query) == 1)
        #expect(try store.historyCount(HistoryQuery(search: "apple")) == 2)
    }
}

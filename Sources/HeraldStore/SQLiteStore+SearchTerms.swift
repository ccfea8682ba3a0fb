import Foundation

/// The last word of a search is a prefix. FTS5 answers a prefix query by merging the doclists of
/// every indexed term with that prefix into one, in memory, before it returns the first row:
/// "meeting"* at a million rows read a quarter of a million entries (20 ms) to show 50. A plain
/// term is read lazily, newest first, and stops after the page. So when only a few terms of the
/// index start with the last word (the usual case: "meet" → "meeting", "meetings"), the search
/// names those terms (`"meeting" OR "meetings"`) — the same rows, found lazily; with more, it
/// stays a prefix query.
///
/// A last word of one or two characters needs none of this: the index keeps those prefixes as
/// terms of their own (schema version 7), read as lazily as a word.
///
/// The terms come from the index itself (an `fts5vocab` table of instances, which seeks to a term
/// without reading its doclist: a few seeks of well under a millisecond), in the same read
/// transaction as the search. Only plain ASCII
/// words are spelled out: their folding by the `unicode61` tokenizer is lower-casing, which
/// this side can repeat exactly.
extension SQLiteStore {
    /// The most terms a prefix is spelled out as.
    static let prefixTermLimit = 8

    /// The longest prefix the index keeps as a term of its own (`prefix = '1 2'`, schema version
    /// 7): a last word this short is one lazily read doclist, so it stays a prefix query.
    static let indexedPrefixLength = 2

    /// The MATCH expression for a search (`SearchExpression.match`), its last word spelled out as
    /// the index's terms when few start with it. Call inside the read transaction of the search.
    func searchMatch(_ search: String, bundleIdentifier: String?) throws -> String? {
        guard !SearchWords(search).isEmpty else { return nil }
        return SearchExpression.match(search, bundleIdentifier: bundleIdentifier, lastWordTerms: try lastWordTerms(search))
    }

    /// The parts of `searchMatch`'s expression, each matched by every row the search finds (a
    /// word, the last word, the app's token); `nil` when there is nothing to search for.
    func searchParts(_ search: String, bundleIdentifier: String?) throws -> [String]? {
        guard !SearchWords(search).isEmpty else { return nil }
        return SearchExpression.parts(search, lastWordTerms: try lastWordTerms(search))
            + (bundleIdentifier.map { [SearchExpression.appToken($0)] } ?? [])
    }

    /// The index's terms the last word of `search` stands for, when it is spelled out as them.
    private func lastWordTerms(_ search: String) throws -> [String]? {
        guard let prefix = SearchWords(search).prefix, prefix.count > Self.indexedPrefixLength else { return nil }
        return try indexedTerms(startingWith: prefix, limit: Self.prefixTermLimit)
    }

    /// The index's terms that start with `word`, when it is plain ASCII and there are at most
    /// `limit` of them; `nil` otherwise (or when the terms cannot be read: a prefix query then).
    func indexedTerms(startingWith word: String, limit: Int) throws -> [String]? {
        let prefix = word.lowercased()
        guard !prefix.isEmpty, prefix.utf8.allSatisfy({ $0 < 0x7F }) else { return nil }
        // Every term with the prefix sorts before the prefix with its last byte one higher.
        var bound = Array(prefix.utf8)
        bound[bound.count - 1] += 1
        let end = String(decoding: bound, as: UTF8.self)
        do {
            try createTermsTable()
            var terms: [String] = []
            var next = try connection.queryFirst("""
                SELECT term FROM temp.delivered_fts_terms WHERE term >= ?1 AND term < ?2 LIMIT 1
                """, [.text(prefix), .text(end)]) { $0.text(0) }
            while let term = next {
                guard terms.count < limit else { return nil }
                terms.append(term)
                // `>= term + U+0001`, the least string after the term, not `> term`: fts5vocab
                // seeks on `>=` but would step through every instance of the term for `>`.
                next = try connection.queryFirst("""
                    SELECT term FROM temp.delivered_fts_terms WHERE term >= ?1 AND term < ?2 LIMIT 1
                    """, [.text(term + "\u{01}"), .text(end)]) { $0.text(0) }
            }
            return terms
        } catch {
            // A prefix query instead; it meets the same trouble (a deadline, damage) and reports it.
            return nil
        }
    }

    /// The connection's view of the index's terms (a temporary table: nothing in the file).
    private func createTermsTable() throws {
        try connection.execute("""
            CREATE VIRTUAL TABLE IF NOT EXISTS temp.delivered_fts_terms USING fts5vocab(main, delivered_fts, instance)
            """)
    }
}

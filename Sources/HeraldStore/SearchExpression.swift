/// Turns what a user typed into a safe FTS5 query: every word must match, the last one as a
/// prefix (search as you type), the others as whole words.
///
/// Words are runs of letters and digits — the same split as HeraldCore's `HistorySearch`
/// (which `InMemoryStore` uses) and as FTS5's `unicode61` tokenizer — so both stores find the
/// same rows. Each word becomes a quoted phrase, the last with a trailing `*` (`lunch ali` finds
/// "Lunch with Alice"); as only letters and digits remain, FTS5 syntax in the input (`AND`,
/// `*`, `(`, `:`, `^`, `"`, `NEAR`) is searched for as text or ignored and can never break or
/// widen the query. The quotes are doubled anyway, in case the split ever changes.
///
/// Why only the last: FTS5 answers a prefix query by merging the doclists of every term with
/// that prefix before it returns the first row, so two frequent prefixes ("urgent meeting" at a
/// million rows) took 16–54 ms for a first page; a whole word is read lazily, newest first.
///
/// ```swift
/// SearchExpression.fts5(#"say "hi" (now)*"#)   // "say" AND "hi" AND "now"*
/// SearchExpression.fts5("  ***  ")              // nil: nothing to search for
/// ```
enum SearchExpression {
    /// The FTS5 MATCH expression of the text's `SearchWords`, or `nil` when it has no word to
    /// search for. `lastWordTerms`: the indexed terms that start with the last word, all of them (the last
    /// word then matches any of them, which is the same as the prefix); `nil`: a prefix query.
    static func fts5(_ text: String, lastWordTerms: [String]? = nil) -> String? {
        let parts = parts(text, lastWordTerms: lastWordTerms)
        // Explicit ANDs: FTS5 accepts no implicit AND before a parenthesised group.
        return parts.isEmpty ? nil : parts.joined(separator: " AND ")
    }

    /// The parts of `fts5`'s expression, each an expression of its own that every matching row
    /// matches: one per whole word, and the last word (prefix, or its terms joined with OR).
    static func parts(_ text: String, lastWordTerms: [String]? = nil) -> [String] {
        let words = SearchWords(text)
        var parts = words.whole.map(quoted)
        if let prefix = words.prefix {
            switch lastWordTerms {
            case nil: parts.append(quoted(prefix) + "*")
            // No term starts with it: the word itself matches nothing either.
            case let spelled? where spelled.isEmpty: parts.append(quoted(prefix))
            case let spelled?: parts.append("(" + spelled.map(quoted).joined(separator: " OR ") + ")")
            }
        }
        return parts
    }

    private static func quoted(_ word: String) -> String {
        "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The full MATCH expression for `delivered_fts`: the words and, when `bundleIdentifier` is
    /// given, that app's token (which no word can match: see `appTokenStart`; a row's text could
    /// spell it, so the caller checks `delivered.bundle_id` as well).
    static func match(_ text: String, bundleIdentifier: String?, lastWordTerms: [String]? = nil) -> String? {
        guard let words = fts5(text, lastWordTerms: lastWordTerms) else { return nil }
        guard let bundleIdentifier else { return words }
        return "(\(words)) AND \(appToken(bundleIdentifier))"
    }

    /// The app's token (`delivered.app_token`), quoted for a MATCH expression.
    static func appToken(_ bundleIdentifier: String) -> String {
        "\"" + appTokenStart + bundleIdentifier.utf8.map { String(format: "%02X", $0) }.joined() + "\""
    }

    /// What every app token starts with (`delivered.app_token`, schema version 7): a private-use
    /// character, which `words(in:)` never keeps, so no typed word matches or starts an app token.
    static let appTokenStart = "\u{E000}"

    /// The searchable words of `text`: runs of letters and digits.
    static func words(in text: String) -> [String] {
        text.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}

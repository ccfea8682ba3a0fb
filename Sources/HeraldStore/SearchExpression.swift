/// Turns what a user typed into a safe FTS5 query: every word must match, each as a prefix.
///
/// Each whitespace-separated word becomes a quoted phrase with a trailing `*` (`lun` finds
/// "lunch"), with `"` doubled, so FTS5 syntax in the input (`AND`, `*`, `(`, `:`, `^`, `NEAR`)
/// is searched for as text and can never break or widen the query. Words with no letter or
/// digit are dropped (the tokenizer would drop them too); inside a word, punctuation splits it
/// into a phrase (`don't` finds "don't").
///
/// ```swift
/// SearchExpression.fts5(#"say "hi" (now)*"#)   // #""say"* """hi"""* "(now)*"*"#
/// SearchExpression.fts5("  ***  ")              // nil: nothing to search for
/// ```
enum SearchExpression {
    /// The FTS5 MATCH expression, or `nil` when the text has no word to search for.
    static func fts5(_ text: String) -> String? {
        let words = words(in: text)
        guard !words.isEmpty else { return nil }
        return words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " ")
    }

    /// The searchable words of `text` (whitespace separated, each with a letter or a digit).
    static func words(in text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace })
            .filter { word in word.contains { $0.isLetter || $0.isNumber } }
            .map(String.init)
    }
}

/// The words a search asks for, with what adds nothing to the query taken out: every row that
/// matches the text matches the words, and only those rows.
///
/// - A whole word given twice is asked for once (`urgent urgent` is `urgent`: the same term of
///   the index, read once instead of intersected with itself).
/// - The last word, a prefix, is left out when a whole word already starts with it (`build b`:
///   a row holding "build" holds a word starting with "b"). Only for plain ASCII words, whose
///   folding by the index's tokenizer is lower-casing, so "starts with" means the same there;
///   that saves reading every term the prefix stands for.
///
/// ```swift
/// SearchWords("Build deploy build b")   // whole: ["Build", "deploy"], prefix: nil
/// SearchWords("lunch ali")              // whole: ["lunch"], prefix: "ali"
/// ```
struct SearchWords: Equatable {
    /// The words that must match whole, each once, in the order first given.
    var whole: [String]
    /// The last word, which must start a word of the row; `nil` when a whole word implies it.
    var prefix: String?

    init(_ text: String) {
        let words = SearchExpression.words(in: text)
        var seen: Set<String> = []
        var whole: [String] = []
        for word in words.dropLast() where seen.insert(word.lowercased()).inserted {
            whole.append(word)
        }
        self.whole = whole
        guard let last = words.last else {
            prefix = nil
            return
        }
        let folded = last.lowercased()
        let implied = Self.isPlainASCII(folded) && seen.contains { Self.isPlainASCII($0) && $0.hasPrefix(folded) }
        prefix = implied ? nil : last
    }

    /// Whether there is nothing to search for.
    var isEmpty: Bool { whole.isEmpty && prefix == nil }

    private static func isPlainASCII(_ word: String) -> Bool {
        word.utf8.allSatisfy { $0 < 0x7F }
    }
}

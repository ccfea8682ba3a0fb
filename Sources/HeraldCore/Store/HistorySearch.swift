import Foundation

/// The history search every store offers: case-insensitive, every word must match — the last
/// word as the start of a word (search as you type: `meeting to` finds "Meeting with Tomás"),
/// the others as whole words.
///
/// ```swift
/// HistorySearch.matches(record, words: HistorySearch.words(in: "meeting tom"))
/// // true for a title "Meeting with Tomás"; "meet tom" does not match it
/// ```
public enum HistorySearch {
    /// Splits text into lower-cased words (runs of letters and digits).
    public static func words(in text: String) -> [String] {
        text.lowercased()
            .split { !$0.isLetter && !$0.isNumber }
            .map(String.init)
    }

    /// Whether every query word but the last is a word of the title, subtitle or body, and the
    /// last one the start of one.
    public static func matches(_ record: DeliveredRecord, words query: [String]) -> Bool {
        let content = record.content
        let haystack = words(in: content.title) + words(in: content.subtitle) + words(in: content.body)
        return query.indices.allSatisfy { index in
            let word = query[index]
            return index == query.count - 1 ? haystack.contains { $0.hasPrefix(word) } : haystack.contains(word)
        }
    }
}

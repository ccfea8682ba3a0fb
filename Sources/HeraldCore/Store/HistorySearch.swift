import Foundation

/// The history search every store offers: case-insensitive, word-prefix, every word must match.
///
/// ```swift
/// HistorySearch.matches(record, words: HistorySearch.words(in: "meet tom"))
/// // true for a title "Meeting with Tomás"
/// ```
public enum HistorySearch {
    /// Splits text into lower-cased words (runs of letters and digits).
    public static func words(in text: String) -> [String] {
        text.lowercased()
            .split { !$0.isLetter && !$0.isNumber }
            .map(String.init)
    }

    /// Whether every query word is the prefix of a word of the title, subtitle or body.
    public static func matches(_ record: DeliveredRecord, words query: [String]) -> Bool {
        let content = record.content
        let haystack = words(in: content.title) + words(in: content.subtitle) + words(in: content.body)
        return query.allSatisfy { word in haystack.contains { $0.hasPrefix(word) } }
    }
}

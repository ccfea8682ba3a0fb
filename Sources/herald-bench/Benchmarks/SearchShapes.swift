import Foundation
import HeraldCore

/// A generated set of every shape of history search the daemon accepts
/// (`HistoryQuery.validate`: up to `searchWordLimit` words), over `StoreBenchmark`'s rows:
/// each letter alone as the last word (a prefix matching many terms), the prefixes of every
/// word of the text (1–4 letters, most matching a large share of the rows), whole words
/// frequent and rare, words that match nothing, digits, 2 to 32 words ending in a one-letter
/// prefix, each with and without an app filter and `unreadOnly`, first page and a deep page.
/// `search_worst_all_ms` is the slowest of them.
enum SearchShapes {
    /// The searches (text only); `queries` crosses them with the filters.
    static func searches() -> [String] {
        var texts: [String] = []
        texts += "abcdefghijklmnopqrstuvwxyz0123456789".map { String($0) }
        for word in StoreBenchmark.vocabulary + ["urgent", "zephyr", "number"] {
            for length in 2...4 where length < word.count { texts.append(String(word.prefix(length))) }
            texts.append(word)
        }
        texts += ["qqqq", "nomatch", "42", "999999", "urgent meeting", "urgent zephyr", "build deploy meeting",
                  "Ünïcödé", "number 5", "urgent nomatch"]
        let frequent = ["number", "urgent", "build", "meeting", "deploy", "review", "report", "server"]
        for count in [2, 4, 8, 16, 31] {
            let words = (0..<count).map { frequent[$0 % frequent.count] }
            texts.append((words + ["b"]).joined(separator: " "))      // a whole-word run, then a one-letter prefix
        }
        texts.append((0..<HistoryQuery.searchWordLimit).map { frequent[$0 % frequent.count] }.joined(separator: " "))
        texts.append((0..<HistoryQuery.searchWordLimit).map { String(UnicodeScalar(UInt8(97 + $0 % 26))) }
            .joined(separator: " "))                                     // 32 one-letter words
        return texts
    }

    /// Every search × {all apps, one app} × {all, unread only} × {first page, page at offset 5,000}.
    static func queries(app: String) -> [(String, HistoryQuery)] {
        var result: [(String, HistoryQuery)] = []
        for text in searches() {
            for bundle in [nil, app] {
                for unreadOnly in [false, true] {
                    for offset in [0, 5_000] {
                        let query = HistoryQuery(bundleIdentifier: bundle, search: text, limit: 50, offset: offset,
                                                 unreadOnly: unreadOnly)
                        guard (try? query.validate()) != nil else { continue }
                        let label = "'\(text)'" + (bundle == nil ? "" : " in one app") + (unreadOnly ? ", unread" : "")
                            + (offset == 0 ? "" : ", offset \(offset)")
                        result.append((label, query))
                    }
                }
            }
        }
        return result
    }
}

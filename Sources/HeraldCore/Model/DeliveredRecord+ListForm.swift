import Foundation

/// What a list of notifications needs of one that is too large to send whole in a page of
/// history: a page of 300 rows with bodies of 64 KiB would be 20 MB, over any line limit.
/// A record whose JSON is at most `wholeBytes` goes whole; a larger one goes shortened, and
/// whoever shows it whole (the detail pane) asks for it by its delivery id.
///
/// | Part | In the list form |
/// |---|---|
/// | title, subtitle | the first 1 KiB, "…" when cut |
/// | body | the first 2 KiB, "…" when cut |
/// | body styles (desktop markup) | left out |
/// | `userInfo` | kept when its JSON is at most 16 KiB (a summary's list of deliveries), else left out |
/// | everything else (ids, dates, attachments, categories, state) | whole |
public enum HistoryListForm {
    /// A record up to this size as JSON goes whole.
    public static let wholeBytes = 8 * 1024
    public static let titleBytes = 1024
    public static let subtitleBytes = 1024
    public static let bodyBytes = 2048
    public static let userInfoBytes = 16 * 1024

    /// `text` cut to at most `limit` bytes of UTF-8 on a character boundary, with "…" when cut.
    static func cut(_ text: String, to limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        let ellipsis = "…"
        var kept = ""
        var bytes = ellipsis.utf8.count
        for character in text {
            let size = character.utf8.count
            if bytes + size > limit { break }
            kept.append(character)
            bytes += size
        }
        return kept + ellipsis
    }
}

extension DeliveredRecord {
    /// This record in a list's form (`HistoryListForm`): long texts cut, body styles and a large
    /// `userInfo` left out.
    public func shortenedForList() -> DeliveredRecord {
        var record = self
        var content = record.request.content
        content.title = HistoryListForm.cut(content.title, to: HistoryListForm.titleBytes)
        content.subtitle = HistoryListForm.cut(content.subtitle, to: HistoryListForm.subtitleBytes)
        content.body = HistoryListForm.cut(content.body, to: HistoryListForm.bodyBytes)
        content.traits?.bodyStyles = []
        if !content.userInfo.isEmpty {
            let size = (try? JSONValue.encoder.encode(content.userInfo).count) ?? Int.max
            if size > HistoryListForm.userInfoBytes {
                content.userInfo = [:]
                content.userInfoTypes = nil
            }
        }
        record.request.content = content
        return record
    }
}

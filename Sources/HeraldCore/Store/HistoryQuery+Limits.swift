import Foundation

/// The limits of a history query: a search of 510,000 words once took 142 s
/// while every post waited. Every door checks them (`validate`), with an error naming the limit.
///
/// | Field | Limit |
/// |---|---|
/// | `search` | 32 words and 1024 bytes |
/// | `limit` | 0…1,000,000 |
/// | `offset` | 0 or more |
///
/// A read that passes them still has `HistoryQuery.readDeadline` (5 s) to finish.
extension HistoryQuery {
    public static let searchWordLimit = 32
    public static let searchByteLimit = 1024
    public static let pageLimit = 1_000_000
    /// How long one history read may run before it is stopped.
    public static let readDeadline: TimeInterval = 5

    /// Throws `EngineError.invalidRequest` naming the field and the limit.
    public func validate() throws {
        if let search {
            let bytes = search.utf8.count
            if bytes > Self.searchByteLimit {
                throw EngineError.invalidRequest(field: "search",
                                                 reason: "is \(bytes) bytes; the limit is \(Self.searchByteLimit) bytes")
            }
            let words = HistorySearch.words(in: search).count
            if words > Self.searchWordLimit {
                throw EngineError.invalidRequest(field: "search",
                                                 reason: "has \(words) words; the limit is \(Self.searchWordLimit) words")
            }
        }
        guard (0...Self.pageLimit).contains(limit) else {
            throw EngineError.invalidRequest(field: "limit", reason: "is \(limit); it must be from 0 to \(Self.pageLimit)")
        }
        guard offset >= 0 else {
            throw EngineError.invalidRequest(field: "offset", reason: "is \(offset); it must be 0 or more")
        }
    }
}

import Foundation
import HeraldCore
import HeraldWire

/// History replies that fit one line: a page of history is read a chunk of rows at a time and
/// written record by record until the next record would take the reply past the line limit
/// (1 MiB). Whatever the query asks — 1,000,000 rows of 64 KiB bodies — a reply is at most
/// 1 MiB, and the rows held at once are one chunk's.
///
/// `history` sends whole records (a client pages on from `offset + count`); `historyPage` sends
/// the list form (`HistoryListForm`: records over 8 KiB shortened, their ids listed) and says
/// whether the page is complete.
///
/// ```swift
/// let page = try await HistoryPager.collect(query, listForm: true) { try await engine.history($0) }
/// session.sendEncodedReply(id: id, result: page.pageJSON)
/// ```
enum HistoryPager {
    /// A reply's result: the line limit less the reply's envelope.
    static let resultBudget = LineConnection.maximumLineLength - EncodedResultLine.envelopeBytes
    /// Rows read first; later reads are sized by what the rows read so far weighed.
    static let firstChunk = 32
    static let largestChunk = 1000
    /// Room kept for `historyPage`'s object around the records (`{"isComplete":false,…}`).
    static let pageOverhead = 64
    /// Room kept for each shortened delivery's id (`,` and up to 19 digits).
    static let bytesPerShortenedID = 20

    /// What was put together.
    struct Page {
        var records: BoundedJSONArray
        var shortened: [Int64] = []
        var isComplete = true

        /// `[r1,r2,…]`: `history`'s result.
        var arrayJSON: Data { records.finish() }

        /// `{"isComplete":…,"records":[…],"shortened":[…]}`: `historyPage`'s result (keys sorted,
        /// as the wire writes them).
        var pageJSON: Data {
            var json = Data("{\"isComplete\":\(isComplete),\"records\":".utf8)
            json.append(records.finish())
            json.append(Data(",\"shortened\":[\(shortened.map(String.init).joined(separator: ","))]}".utf8))
            return json
        }
    }

    /// Reads `query`'s rows with `read`, a chunk at a time, and keeps as many as fit in
    /// `budget` bytes of JSON; with `listForm`, records over `HistoryListForm.wholeBytes` go
    /// shortened. A first record that alone does not fit is an error naming the limit.
    static func collect(_ query: HistoryQuery, listForm: Bool, budget: Int = resultBudget,
                        read: (HistoryQuery) async throws -> [DeliveredRecord]) async throws -> Page {
        try query.validate()
        var page = Page(records: BoundedJSONArray(budget: budget - (listForm ? pageOverhead : 0)))
        var seen = Set<Int64>()
        var offset = query.offset
        var remaining = query.limit
        var chunk = firstChunk
        reading: while remaining > 0 {
            var part = query
            part.offset = offset
            part.limit = min(remaining, chunk)
            let rows = try await read(part)
            for record in rows {
                // (A row that arrived between two reads shifts the rows by one: skip the repeat.)
                guard seen.insert(record.deliveryID).inserted else { continue }
                var json = try WireCoding.encode(record)
                var isShortened = false
                if listForm && json.count > HistoryListForm.wholeBytes {
                    json = try WireCoding.encode(record.shortenedForList())
                    isShortened = true
                }
                let reserved = listForm ? (page.shortened.count + (isShortened ? 1 : 0)) * bytesPerShortenedID : 0
                guard page.records.append(json, reserving: reserved) else {
                    if page.records.count == 0 { throw tooLarge(record, bytes: json.count, budget: budget) }
                    page.isComplete = false
                    break reading
                }
                if isShortened { page.shortened.append(record.deliveryID) }
            }
            if rows.count < part.limit { break }
            offset += rows.count
            remaining -= rows.count
            let average = max(1, page.records.finishedBytes / max(1, page.records.count))
            chunk = min(largestChunk, max(firstChunk, (budget - page.records.finishedBytes) / average + 1))
        }
        return page
    }

    static func tooLarge(_ record: DeliveredRecord, bytes: Int, budget: Int) -> WireError {
        .protocolError(.replyTooLarge, "notification \(record.deliveryID) is \(bytes) bytes as JSON, over what one reply "
            + "may carry (\(budget) bytes: the line limit of \(LineConnection.maximumLineLength) bytes, 1 MiB, less "
            + "the reply's envelope); historyPage sends it shortened")
    }
}

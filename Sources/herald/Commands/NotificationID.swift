import HeraldClient
import HeraldCore
import HeraldWire

/// A notification's number on the command line: the delivery id `herald history`, `herald
/// status --json` and `herald restore` print, which the control commands (`close`, `invoke`)
/// take.
enum NotificationID {
    /// Reads an id, or throws a usage error naming what was given.
    static func parse(_ text: String) throws -> Int64 {
        guard let id = Int64(text), id > 0 else {
            throw UsageError("'\(text)' is not a notification id (the number `herald history` shows)")
        }
        return id
    }

    /// The sentence for ids no notification has.
    static func unknown(_ ids: [Int64]) -> String {
        let list = ids.map(String.init).joined(separator: ", ")
        return "no notification has the id\(ids.count == 1 ? "" : "s") \(list); `herald history` lists them"
    }

    /// The notification with this id, from the center (exit status 3 when there is none).
    static func notification(_ id: Int64, client: BlockingIPCClient) throws -> DeliveredRecord {
        let found = try client.call(Methods.history, HistoryQuery(limit: 1, deliveryIDs: [id]))
        guard let record = found.first else { throw CommandError(unknown([id]), status: ExitStatus.notFound) }
        return record
    }
}

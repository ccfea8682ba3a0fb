import Foundation
import HeraldCore

/// Deleting deliveries, with the rows that hang off them (attachment files, responses) and their
/// apps' known row counts.
///
/// Several ids are bound as one JSON array that `json_each` reads; SQLite materializes an
/// `IN (SELECT …)` in a temporary table each time a statement runs — five statements, ten
/// b-trees opened and their pages zeroed. One id, what a notification replaced by identifier or
/// dismissed deletes, is bound as it is: a replacement cost the daemon ~3× a plain post
/// (~580,000 instructions, a fifth of them zeroing those pages).
extension SQLiteStore {
    /// The statements of one deletion, for one id (`?1` the id) or for several (`?1` a JSON array).
    struct DeletionStatements {
        let appsOfRows: String
        let attachmentPaths: String
        let deleteAttachments: String
        let deleteResponses: String
        let deleteRows: String

        static let one = DeletionStatements(
            appsOfRows: "SELECT bundle_id FROM delivered WHERE id = ?1",
            attachmentPaths: "SELECT DISTINCT path FROM attachment_files WHERE delivery_id = ?1",
            deleteAttachments: "DELETE FROM attachment_files WHERE delivery_id = ?1",
            deleteResponses: "DELETE FROM responses WHERE delivery_id = ?1",
            deleteRows: "DELETE FROM delivered WHERE id = ?1")

        static let several = DeletionStatements(
            appsOfRows: "SELECT bundle_id FROM delivered WHERE id IN (SELECT value FROM json_each(?1))",
            attachmentPaths: "SELECT DISTINCT path FROM attachment_files WHERE delivery_id IN (SELECT value FROM json_each(?1))",
            deleteAttachments: "DELETE FROM attachment_files WHERE delivery_id IN (SELECT value FROM json_each(?1))",
            deleteResponses: "DELETE FROM responses WHERE delivery_id IN (SELECT value FROM json_each(?1))",
            deleteRows: "DELETE FROM delivered WHERE id IN (SELECT value FROM json_each(?1))")
    }

    /// Deletes deliveries with their attachment rows and responses, inside the caller's write
    /// transaction; their attachment files go once it commits, unless still referenced.
    func deleteDeliveries(ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        let (sql, bound): (DeletionStatements, SQLValue) = ids.count == 1
            ? (.one, .integer(ids[0]))
            : (.several, .text(try coding.encode(ids)))
        try countDepartures(of: bound, using: sql)
        let paths = try connection.query(sql.attachmentPaths, [bound]) { $0.text(0) }
        try connection.execute(sql.deleteAttachments, [bound])
        try connection.execute(sql.deleteResponses, [bound])
        try connection.execute(sql.deleteRows, [bound])
        var unreferenced: [String] = []
        for path in paths {
            let inHistory = try connection.integer("SELECT 1 FROM attachment_files WHERE path = ?1 LIMIT 1", [.text(path)])
            let inPending = try connection.integer("SELECT 1 FROM pending WHERE instr(record, ?1) > 0 LIMIT 1",
                                                   [.text(try coding.encode(path))])
            if inHistory == nil && inPending == nil { unreferenced.append(path) }
        }
        guard !unreferenced.isEmpty else { return }
        let files = AttachmentFiles(directory: attachmentsDirectory)
        connection.onCommit { files.remove(unreferenced) }
    }
}

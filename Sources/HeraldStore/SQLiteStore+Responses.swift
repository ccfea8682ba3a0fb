import Foundation
import HeraldCore

/// Responses: the audit trail of what the user did, and the queue of responses waiting for an
/// app that was not running.
extension SQLiteStore {
    private static let responseColumns = "id, delivered_to_app, record"

    private func decodeResponse(_ row: Statement) throws -> ResponseRecord {
        let id = row.int64(0)
        var response = try coding.decode(ResponseRecord.self, from: row.data(2), table: "responses", key: "id \(id)")
        response.responseID = id
        response.isDeliveredToApp = row.bool(1)
        return response
    }

    public func insertResponse(_ record: ResponseRecord) throws -> ResponseRecord {
        let json = try coding.encode(record)
        return try lockedWrite {
            try connection.execute("""
                INSERT INTO responses (delivery_id, bundle_id, action_identifier, user_text, date, delivered_to_app, record)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                """, [.integer(record.notification.deliveryID), .text(record.bundleIdentifier),
                      .text(record.action.actionIdentifier), SQLValue(record.action.userText), record.date.sqlColumn,
                      SQLValue(record.isDeliveredToApp), .text(json)])
            var stored = record
            stored.responseID = connection.lastInsertRowID
            return stored
        }
    }

    public func markResponseDeliveredToApp(id: Int64) throws {
        try lockedWrite {
            try connection.execute("UPDATE responses SET delivered_to_app = 1 WHERE id = ?1", [.integer(id)])
        }
    }

    public func undeliveredResponses(bundleIdentifier: String) throws -> [ResponseRecord] {
        try lockedRead {
            try connection.query("""
                SELECT \(Self.responseColumns) FROM responses
                WHERE bundle_id = ?1 AND delivered_to_app = 0 ORDER BY id
                """, [.text(bundleIdentifier)], decodeResponse)
        }
    }

    public func responses(deliveryID: Int64) throws -> [ResponseRecord] {
        try lockedRead {
            try connection.query("SELECT \(Self.responseColumns) FROM responses WHERE delivery_id = ?1 ORDER BY id",
                                 [.integer(deliveryID)], decodeResponse)
        }
    }
}

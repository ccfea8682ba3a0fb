import Foundation
import HeraldCore

/// JSON coding of the records kept in `record` columns. Dates stay in Foundation's default
/// form (seconds since 2001 as a double), which round-trips exactly.
package struct RecordCoding {
    let path: String
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    package init(path: String) {
        self.path = path
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    package func encode<T: Encodable>(_ value: T) throws -> String {
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw StoreError.invalidRecord(path: path, table: String(describing: T.self), key: "new",
                                           reason: "\(error)")
        }
    }

    func decode<T: Decodable>(_ type: T.Type, from data: Data, table: String, key: @autoclosure () -> String) throws -> T {
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw StoreError.invalidRecord(path: path, table: table, key: key(), reason: "\(error)")
        }
    }
}

/// What `delivered.record` holds: the request plus the delivery facts that are not columns of
/// their own (the flags and the id are columns and win over anything here).
package struct DeliveredPayload: Codable {
    var request: RequestRecord
    var date: Date
    var presentation: UNNotificationPresentationOptions

    package init(request: RequestRecord, date: Date, presentation: UNNotificationPresentationOptions) {
        self.request = request
        self.date = date
        self.presentation = presentation
    }
}

/// Dates in indexed columns: seconds since 1970 (readable with `sqlite3`, `datetime(date, 'unixepoch')`).
extension Date {
    package var sqlColumn: SQLValue { .real(timeIntervalSince1970) }
}

extension TriggerRecord? {
    /// `pending.trigger_kind`.
    var kindName: String {
        switch self {
        case .none: return "immediate"
        case .timeInterval?: return "timeInterval"
        case .calendar?: return "calendar"
        case .location?: return "location"
        case .push?: return "push"
        }
    }
}

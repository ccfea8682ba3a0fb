import Foundation
import HeraldCore

/// JSON coding of the records kept in `record` columns, in the store's dialect
/// (`JSONDateForm.secondsSinceReferenceDate`: dates in Foundation's own form, seconds since 2001
/// as a double, which round-trips exactly; sorted keys).
///
/// The records with a hand-written codec (`JSONFastCodable`: pending requests, deliveries,
/// responses, apps, JSON values) are written and read by it — the bytes `JSONEncoder` writes, the
/// values `JSONDecoder` reads — and everything else, and any row the hand-written reader leaves
/// to it, by the `Codable` coders, whose error names the field of a damaged row.
package struct RecordCoding {
    let path: String
    /// The store's dialect.
    package static let dates = JSONDateForm.secondsSinceReferenceDate

    package init(path: String) {
        self.path = path
    }

    package func encode<T: Encodable>(_ value: T) throws -> String {
        if let fast = value as? any JSONFastCodable, let bytes = JSONFastCodec.bytes(fast, dates: Self.dates) {
            return String(decoding: bytes, as: UTF8.self)
        }
        do {
            return String(decoding: try Self.dates.encoder.encode(value), as: UTF8.self)
        } catch {
            throw StoreError.invalidRecord(path: path, table: String(describing: T.self), key: "new",
                                           reason: "\(error)")
        }
    }

    package func decode<T: Decodable>(_ type: T.Type, from data: Data, table: String, key: @autoclosure () -> String) throws -> T {
        if let fast = type as? any JSONFastCodable.Type, let value = JSONFastCodec.decode(fast, from: data, dates: Self.dates) as? T {
            return value
        }
        do {
            return try Self.dates.decoder.decode(type, from: data)
        } catch {
            throw StoreError.invalidRecord(path: path, table: table, key: key(), reason: "\(error)")
        }
    }
}

/// What `delivered.record` holds: the request plus the delivery facts that are not columns of
/// their own (the flags and the id are columns and win over anything here).
package struct DeliveredPayload: Codable, Equatable {
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

import Foundation
import HeraldCore

/// Converts between Apple's `userInfo: [AnyHashable: Any]` and the engine's JSON values.
///
/// What survives the trip: `String` keys (other key types are dropped; `AnyHashable` wrapping a
/// `String` is fine); values that are strings, integers, floating-point numbers, booleans,
/// `NSNull`, `Date` (as seconds since 1970), `URL` (as its absolute string), and arrays and
/// dictionaries of those. Anything else (custom classes, `Data`, …) is **dropped**, because the
/// center keeps notifications as JSON — the same limit Apple puts on push payloads.
enum UserInfoConversion {
    static func json(from userInfo: [AnyHashable: Any]) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for (key, value) in userInfo {
            guard let key = key.base as? String, let json = json(fromValue: value) else { continue }
            result[key] = json
        }
        return result
    }

    static func json(fromValue value: Any) -> JSONValue? {
        // Exact dynamic types first: on Linux an `NSNumber` also casts to `Bool`/`Int`, and a
        // `Bool` must not become `1`.
        if let number = value as? NSNumber, type(of: value) is NSNumber.Type { return json(from: number) }
        if let flag = value as? Bool, type(of: value) == Bool.self { return .bool(flag) }
        switch value {
        case let value as JSONValue: return value
        case is NSNull: return .null
        case let value as String: return .string(value)
        case let value as Substring: return .string(String(value))
        case let value as Int: return .int(value)
        case let value as Int8: return .int(Int(value))
        case let value as Int16: return .int(Int(value))
        case let value as Int32: return .int(Int(value))
        case let value as Int64: return .int(Int(value))
        case let value as UInt: return value <= UInt(Int.max) ? .int(Int(value)) : .double(Double(value))
        case let value as UInt8: return .int(Int(value))
        case let value as UInt16: return .int(Int(value))
        case let value as UInt32: return .int(Int(value))
        case let value as UInt64: return value <= UInt64(Int.max) ? .int(Int(value)) : .double(Double(value))
        case let value as Double: return .double(value)
        case let value as Float: return .double(Double(value))
        case let value as Date: return .double(value.timeIntervalSince1970)
        case let value as URL: return .string(value.absoluteString)
        case let value as [Any]: return .array(value.compactMap { json(fromValue: $0) })
        case let value as [AnyHashable: Any]: return .object(json(from: value))
        case let value as [String: Any]: return .object(json(from: value))
        case let value as NSString: return .string(String(describing: value))
        default: return nil
        }
    }

    private static func json(from number: NSNumber) -> JSONValue {
        let type = String(cString: number.objCType)
        if number === NSNumber(value: true) || number === NSNumber(value: false) || type == "B" {
            return .bool(number.boolValue)
        }
        switch type {
        case "f", "d": return .double(number.doubleValue)
        default: return .int(number.intValue)
        }
    }

    static func userInfo(from json: [String: JSONValue]) -> [AnyHashable: Any] {
        var result: [AnyHashable: Any] = [:]
        for (key, value) in json { result[AnyHashable(key)] = any(from: value) }
        return result
    }

    static func any(from value: JSONValue) -> Any {
        switch value {
        case .null: return NSNull()
        case .bool(let value): return value
        case .int(let value): return value
        case .double(let value): return value
        case .string(let value): return value
        case .array(let values): return values.map { any(from: $0) }
        case .object(let object): return object.mapValues { any(from: $0) } as [String: Any]
        }
    }
}

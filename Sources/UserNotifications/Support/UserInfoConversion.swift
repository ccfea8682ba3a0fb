import Foundation
import HeraldCore

/// Converts between Apple's `userInfo: [AnyHashable: Any]` and the engine's form: JSON values
/// plus the `UserInfoTypes` marks for what JSON cannot tell apart.
///
/// `userInfo` holds property-list values, as on Apple's platforms: `String`, numbers (`Int` and
/// the other integers, `Double`, `Float`, `NSNumber`), `Bool`, `Date`, `Data`, and arrays and
/// dictionaries (with `String` keys) of them; `NSNull` (and a `nil` optional, which Swift bridges
/// to `NSNull`) too, as in a push's payload. They come back as Apple hands them out: numbers and
/// booleans as `NSNumber` (so `as? Int`, `as? Double` and `as? Bool` read them as on Apple), a
/// `Date` as `Date`, `Data` as `Data`. Anything else is refused (`UserInfoRefusal`).
enum UserInfoConversion {
    /// `userInfo` in the engine's form.
    struct Encoded {
        var values: [String: JSONValue] = [:]
        /// `nil` when nothing needs a mark.
        var types: [String: JSONValue]?
    }

    /// The engine's form of `userInfo`; throws for the first value that is not a property-list value.
    static func encode(_ userInfo: [AnyHashable: Any]) throws(UserInfoRefusal) -> Encoded {
        var encoded = Encoded()
        var types: [String: JSONValue] = [:]
        for (key, value) in userInfo {
            guard let name = key.base as? String else { throw UserInfoRefusal(path: [], key: key.base) }
            let (json, type) = try encode(value, at: [name])
            encoded.values[name] = json
            if let type { types[name] = type }
        }
        encoded.types = types.isEmpty ? nil : types
        return encoded
    }

    /// The engine's form with every value that is not a property-list value left out (for
    /// comparing and hashing content, which must not trap).
    static func encodeDroppingRefused(_ userInfo: [AnyHashable: Any]) -> Encoded {
        var kept: [AnyHashable: Any] = [:]
        for (key, value) in userInfo where key.base is String && (try? encode(value, at: [])) != nil {
            kept[key] = value
        }
        return (try? encode(kept)) ?? Encoded()
    }

    /// `userInfo` as Apple's setter leaves it: property-list values in the form reading them back
    /// gives (numbers as `NSNumber`), anything else as it is (refused when the request is added).
    static func bridged(_ userInfo: [AnyHashable: Any]) -> [AnyHashable: Any] {
        var result: [AnyHashable: Any] = [:]
        for (key, value) in userInfo {
            if key.base is String, let (json, type) = try? encode(value, at: []) {
                result[key] = any(from: json, type: type)
            } else {
                result[key] = value
            }
        }
        return result
    }

    /// One value as JSON and its mark (`nil`: JSON says it all).
    private static func encode(_ value: Any, at path: [String]) throws(UserInfoRefusal) -> (JSONValue, JSONValue?) {
        let value = unwrappingOptional(value)
        // NSNumber first: on Linux it also casts to `Bool` and `Int`, and a `Bool` must stay one.
        if let number = value as? NSNumber, type(of: value) is NSNumber.Type { return encode(number) }
        if let flag = value as? Bool, type(of: value) == Bool.self { return (.bool(flag), nil) }
        switch value {
        case is NSNull: return (.null, nil)
        case let text as String: return (.string(text), nil)
        case let text as Substring: return (.string(String(text)), nil)
        case let date as Date:
            return (.double(date.timeIntervalSinceReferenceDate), .string(UserInfoTypes.date))
        case let data as Data: return (.string(data.base64EncodedString()), .string(UserInfoTypes.data))
        case let number as Int: return (.int(number), nil)
        case let number as Int8: return (.int(Int(number)), nil)
        case let number as Int16: return (.int(Int(number)), nil)
        case let number as Int32: return (.int(Int(number)), nil)
        case let number as Int64: return (.int(Int(number)), nil)
        case let number as UInt: return encode(unsigned: UInt64(number))
        case let number as UInt8: return (.int(Int(number)), nil)
        case let number as UInt16: return (.int(Int(number)), nil)
        case let number as UInt32: return (.int(Int(number)), nil)
        case let number as UInt64: return encode(unsigned: number)
        case let number as Double: return encode(double: number)
        case let number as Float: return encode(double: Double(number))
        case let array as [Any]:
            var values: [JSONValue] = []
            var types: [JSONValue] = []
            for (index, element) in array.enumerated() {
                let (json, type) = try encode(element, at: path + ["[\(index)]"])
                values.append(json)
                types.append(type ?? .null)
            }
            while types.last == .null { types.removeLast() }
            return (.array(values), types.isEmpty ? nil : .array(types))
        case let dictionary as [AnyHashable: Any]: return try encode(members: dictionary.map { ($0.key.base, $0.value) }, at: path)
        case let dictionary as [String: Any]: return try encode(members: dictionary.map { ($0.key, $0.value) }, at: path)
        case let text as NSString: return (.string(String(describing: text)), nil)
        default: throw UserInfoRefusal(path: path, value: value)
        }
    }

    private static func encode(members: [(Any, Any)], at path: [String]) throws(UserInfoRefusal) -> (JSONValue, JSONValue?) {
        var values: [String: JSONValue] = [:]
        var types: [String: JSONValue] = [:]
        for (key, member) in members {
            guard let name = key as? String else { throw UserInfoRefusal(path: path, key: key) }
            let (json, type) = try encode(member, at: path + [name])
            values[name] = json
            if let type { types[name] = type }
        }
        return (.object(values), types.isEmpty ? nil : .object(types))
    }

    private static func encode(_ number: NSNumber) -> (JSONValue, JSONValue?) {
        switch String(cString: number.objCType) {
        case "c" where number === NSNumber(value: true) || number === NSNumber(value: false), "B":
            return (.bool(number.boolValue), nil)
        case "f", "d": return encode(double: number.doubleValue)
        case "Q": return encode(unsigned: number.uint64Value)
        default: return (.int(number.intValue), nil)
        }
    }

    private static func encode(unsigned number: UInt64) -> (JSONValue, JSONValue?) {
        number <= UInt64(Int.max) ? (.int(Int(number)), nil) : encode(double: Double(number))
    }

    /// A finite non-integral double is JSON's as it is; the rest needs the `double` mark.
    private static func encode(double number: Double) -> (JSONValue, JSONValue?) {
        let mark = JSONValue.string(UserInfoTypes.double)
        if number.isNaN { return (.string("nan"), mark) }
        if number.isInfinite { return (.string(number < 0 ? "-inf" : "inf"), mark) }
        return (.double(number), number.rounded(.towardZero) == number ? mark : nil)
    }

    /// `Optional.some(x)` is `x`; `Optional.none` is `NSNull`, as Swift bridges it to Objective-C.
    private static func unwrappingOptional(_ value: Any) -> Any {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.map { unwrappingOptional($0.value) } ?? NSNull()
    }

    // MARK: Back to Apple's form

    /// `userInfo` as the app reads it.
    static func userInfo(from values: [String: JSONValue], types: [String: JSONValue]? = nil) -> [AnyHashable: Any] {
        var result: [AnyHashable: Any] = [:]
        for (key, value) in values { result[AnyHashable(key)] = any(from: value, type: types?[key]) }
        return result
    }

    static func any(from value: JSONValue, type: JSONValue? = nil) -> Any {
        switch (value, type) {
        case (.double(let seconds), .string(UserInfoTypes.date)?): return Date(timeIntervalSinceReferenceDate: seconds)
        case (.int(let seconds), .string(UserInfoTypes.date)?): return Date(timeIntervalSinceReferenceDate: Double(seconds))
        case (.string(let base64), .string(UserInfoTypes.data)?): return Data(base64Encoded: base64) ?? base64
        case (.int(let number), .string(UserInfoTypes.double)?): return NSNumber(value: Double(number))
        case (.string(let text), .string(UserInfoTypes.double)?): return NSNumber(value: Double(text) ?? .nan)
        case (.null, _): return NSNull()
        case (.bool(let flag), _): return NSNumber(value: flag)
        case (.int(let number), _): return NSNumber(value: number)
        case (.double(let number), _): return NSNumber(value: number)
        case (.string(let text), _): return text
        case (.array(let elements), let types):
            let marks = types?.arrayValue ?? []
            return elements.enumerated().map { any(from: $1, type: $0 < marks.count ? marks[$0] : nil) } as [Any]
        case (.object(let members), let types):
            let marks = types?.objectValue ?? [:]
            return members.reduce(into: [String: Any]()) { $0[$1.key] = any(from: $1.value, type: marks[$1.key]) }
        }
    }

    /// One loose value as JSON, when it is one (attachment options); `nil` otherwise.
    static func json(fromValue value: Any) -> JSONValue? {
        (try? encode(value, at: []))?.0
    }
}

/// A `userInfo` value that is not a property-list value, and where it sits.
struct UserInfoRefusal: Error, CustomStringConvertible {
    let description: String

    init(path: [String], value: Any) {
        description = "\(Self.spell(path)) holds a \(type(of: value)), which is not a property-list value; "
            + Self.allowed
    }

    init(path: [String], key: Any) {
        description = "\(Self.spell(path)) has the key \(String(reflecting: key)) of type \(type(of: key)); "
            + "property-list dictionaries take String keys only"
    }

    private static let allowed = "userInfo takes String, numbers, Bool, Date, Data, NSNull, and arrays and dictionaries "
        + "(with String keys) of them"

    private static func spell(_ path: [String]) -> String {
        "userInfo" + path.map { $0.hasPrefix("[") ? $0 : "[\(String(reflecting: $0))]" }.joined()
    }
}

import Foundation

/// One D-Bus value as read from a message: the basic types, arrays (byte arrays kept as `Data`),
/// structs, dictionaries and variants (unwrapped to their content).
///
/// ```swift
/// if case .string(let name)? = hints["sound-name"] { … }
/// ```
public indirect enum DBusValue: Sendable, Hashable {
    case string(String)
    case int(Int64)
    case uint(UInt64)
    case bool(Bool)
    case double(Double)
    case bytes(Data)
    case array([DBusValue])
    case structure([DBusValue])
    case dictionary([DBusValue: DBusValue])

    /// The value as a string, if it is one.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The value as a whole number, if it is any integer type (a byte or a boolean counts too).
    public var integer: Int64? {
        switch self {
        case .int(let value): return value
        case .uint(let value): return value <= UInt64(Int64.max) ? Int64(value) : nil
        case .bool(let value): return value ? 1 : 0
        case .double(let value): return value.isFinite && abs(value) < 1e18 ? Int64(value) : nil
        default: return nil
        }
    }

    /// The value as a boolean: a boolean, or a number (non-zero is true), or "true"/"false".
    public var boolean: Bool? {
        switch self {
        case .bool(let value): return value
        case .string(let value): return value == "true" ? true : value == "false" ? false : nil
        default: return integer.map { $0 != 0 }
        }
    }
}

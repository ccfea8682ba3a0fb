import CDBus
import Foundation

/// Reads a message's arguments into `DBusValue`s, with limits so a hostile message cannot make
/// the daemon allocate without bound: nesting depth, elements per container, bytes per array.
package struct DBusMessageReader {
    package let dbus: DBusLibrary
    /// Containers nested deeper than this are an error.
    var maxDepth = 8
    /// Elements in one array or dictionary (byte arrays excepted).
    var maxElements = 4096
    /// Bytes in one byte array.
    var maxBytes = 64 << 20

    package init(dbus: DBusLibrary) { self.dbus = dbus }

    /// Every top-level argument of `message`.
    package func arguments(of message: DBusLibrary.Message) throws -> [DBusValue] {
        var iter = HeraldDBusMessageIter()
        guard dbus.iterInit(message, &iter) != 0 else { return [] }
        var values: [DBusValue] = []
        repeat {
            values.append(try value(&iter, depth: 0))
        } while dbus.iterNext(&iter) != 0
        return values
    }

    private func value(_ iter: inout HeraldDBusMessageIter, depth: Int) throws -> DBusValue {
        let type = dbus.iterGetArgType(&iter)
        switch type {
        case DBusTypeCode.string, DBusTypeCode.objectPath, DBusTypeCode.signature:
            var pointer: UnsafePointer<CChar>?
            dbus.iterGetBasic(&iter, &pointer)
            return .string(pointer.map { String(cString: $0) } ?? "")
        case DBusTypeCode.byte: return .uint(UInt64(basic(&iter, UInt8(0))))
        case DBusTypeCode.boolean: return .bool(basic(&iter, UInt32(0)) != 0)
        case DBusTypeCode.int16: return .int(Int64(basic(&iter, Int16(0))))
        case DBusTypeCode.uint16: return .uint(UInt64(basic(&iter, UInt16(0))))
        case DBusTypeCode.int32: return .int(Int64(basic(&iter, Int32(0))))
        case DBusTypeCode.uint32, DBusTypeCode.unixFD: return .uint(UInt64(basic(&iter, UInt32(0))))
        case DBusTypeCode.int64: return .int(basic(&iter, Int64(0)))
        case DBusTypeCode.uint64: return .uint(basic(&iter, UInt64(0)))
        case DBusTypeCode.double: return .double(basic(&iter, Double(0)))
        case DBusTypeCode.variant:
            return try container(&iter, depth: depth) { sub in try value(&sub, depth: depth + 1) }
        case DBusTypeCode.structure:
            return try container(&iter, depth: depth) { sub in .structure(try elements(&sub, depth: depth + 1)) }
        case DBusTypeCode.array:
            return try array(&iter, depth: depth)
        default:
            throw DBusCallError.invalidArgs("unsupported D-Bus type '\(Character(UnicodeScalar(UInt8(truncatingIfNeeded: type))))'")
        }
    }

    /// A fixed-size basic value (`dbus_message_iter_get_basic` into a `T`).
    private func basic<T>(_ iter: inout HeraldDBusMessageIter, _ initial: T) -> T {
        var value = initial
        withUnsafeMutablePointer(to: &value) { dbus.iterGetBasic(&iter, UnsafeMutableRawPointer($0)) }
        return value
    }

    private func array(_ iter: inout HeraldDBusMessageIter, depth: Int) throws -> DBusValue {
        let elementType = dbus.iterGetElementType(&iter)
        return try container(&iter, depth: depth) { sub in
            if elementType == DBusTypeCode.byte {
                var pointer: UnsafeRawPointer?
                var count: Int32 = 0
                dbus.iterGetFixedArray(&sub, &pointer, &count)
                guard Int(count) <= maxBytes else {
                    throw DBusCallError.invalidArgs("a byte array of \(count) bytes is over the limit of \(maxBytes) bytes")
                }
                guard let pointer, count > 0 else { return .bytes(Data()) }
                return .bytes(Data(bytes: pointer, count: Int(count)))
            }
            if elementType == DBusTypeCode.dictEntry {
                var dictionary: [DBusValue: DBusValue] = [:]
                try each(&sub) { entry in
                    let kv = try container(&entry, depth: depth + 1) { pair in try elements(&pair, depth: depth + 2) }
                    guard kv.count == 2 else { return }
                    dictionary[kv[0]] = kv[1]
                    guard dictionary.count <= maxElements else {
                        throw DBusCallError.invalidArgs("a dictionary of more than \(maxElements) entries is over the limit")
                    }
                }
                return .dictionary(dictionary)
            }
            return .array(try elements(&sub, depth: depth + 1))
        }
    }

    /// Recurses into the container at `iter` and hands the sub-iterator to `body`.
    private func container<T>(_ iter: inout HeraldDBusMessageIter, depth: Int,
                              _ body: (inout HeraldDBusMessageIter) throws -> T) throws -> T {
        guard depth < maxDepth else {
            throw DBusCallError.invalidArgs("values nested more than \(maxDepth) deep are over the limit")
        }
        var sub = HeraldDBusMessageIter()
        dbus.iterRecurse(&iter, &sub)
        return try body(&sub)
    }

    private func elements(_ iter: inout HeraldDBusMessageIter, depth: Int) throws -> [DBusValue] {
        var values: [DBusValue] = []
        try each(&iter) { element in
            values.append(try value(&element, depth: depth))
            guard values.count <= maxElements else {
                throw DBusCallError.invalidArgs("an array of more than \(maxElements) elements is over the limit")
            }
        }
        return values
    }

    private func each(_ iter: inout HeraldDBusMessageIter, _ body: (inout HeraldDBusMessageIter) throws -> Void) throws {
        while dbus.iterGetArgType(&iter) != DBusTypeCode.invalid {
            try body(&iter)
            guard dbus.iterNext(&iter) != 0 else { return }
        }
    }
}

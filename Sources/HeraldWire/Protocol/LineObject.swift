import Foundation
import HeraldCore

/// The top-level JSON object of one line, for classifying the line (hello, request, reply,
/// event, …) before the one typed decode of its contents.
///
/// Usually the line is only scanned (`JSONReader.members`: no values are built); a line beyond
/// the reader's fast path is parsed generically instead, which also produces the exact error for a
/// line that is not valid UTF-8, not JSON, or not an object. Either way the accessors answer the
/// same: `integer` and `string` follow `JSONValue.intValue` and `stringValue`.
///
/// ```swift
/// let object = try LineObject(line)
/// if let id = object.integer("id"), let method = object.string("method") { … }
/// ```
struct LineObject {
    private enum Storage {
        case scanned([JSONMember])
        case parsed([String: JSONValue])
    }

    /// The line.
    let line: Data
    private let storage: Storage

    /// Checks UTF-8 and JSON, and that the line is an object. Throws `LineError` (domain
    /// `herald.protocol`, reason `invalidUTF8`, `malformedJSON` or `notAnObject`).
    init(_ line: Data) throws(LineError) {
        self.line = line
        if let members = JSONReader.members(ofObjectIn: line) {
            storage = .scanned(members)
        } else {
            storage = .parsed(try LineObject.parse(line))
        }
    }

    /// Whether the object has the key (even with a `null` value).
    func contains(_ key: String) -> Bool {
        switch storage {
        case .scanned(let members): return LineObject.member(key, in: members, of: line) != nil
        case .parsed(let object): return object[key] != nil
        }
    }

    /// The value of a key, built generically (for messages and rarely used keys).
    func value(_ key: String) -> JSONValue? {
        switch storage {
        case .scanned(let members):
            guard let member = LineObject.member(key, in: members, of: line) else { return nil }
            return try? JSONValue.parse(bytes(of: member))
        case .parsed(let object): return object[key]
        }
    }

    /// The key's value as a payload (with its own bytes, when the line was scanned).
    func payload(_ key: String) -> EncodedPayload {
        guard case .scanned(let members) = storage, let member = LineObject.member(key, in: members, of: line) else {
            return EncodedPayload(line: line, member: nil)
        }
        return EncodedPayload(line: line, member: bytes(of: member))
    }

    /// The key's value as an integer, as `JSONValue.intValue` reads it.
    func integer(_ key: String) -> Int? {
        if case .scanned(let members) = storage, let member = LineObject.member(key, in: members, of: line),
           member.kind == .number(isInteger: true), let value = Int(LineObject.text(member.value, of: line)) {
            return value
        }
        return value(key)?.intValue
    }

    /// The key's value when it is a string.
    func string(_ key: String) -> String? {
        if case .scanned(let members) = storage, let member = LineObject.member(key, in: members, of: line),
           member.kind == .string(hasEscapes: false) {
            return LineObject.text(member.value.lowerBound + 1 ..< member.value.upperBound - 1, of: line)
        }
        return value(key)?.stringValue
    }

    /// The keys of the key's value when it is an object.
    func keys(of key: String) -> [String]? {
        switch storage {
        case .scanned(let members):
            guard let member = LineObject.member(key, in: members, of: line), member.kind == .object else { return nil }
            let nested = line.withUnsafeBytes { JSONReader.members(ofObjectIn: $0, range: member.value) }
            if let nested { return nested.map { LineObject.text($0.key, of: line) } }
            return value(key)?.objectValue.map { Array($0.keys) }
        case .parsed(let object):
            return object[key]?.objectValue.map { Array($0.keys) }
        }
    }

    // MARK: Helpers

    /// A member's value bytes (sharing the line's storage).
    private func bytes(of member: JSONMember) -> Data {
        line[line.startIndex + member.value.lowerBound ..< line.startIndex + member.value.upperBound]
    }

    private static func member(_ key: String, in members: [JSONMember], of line: Data) -> JSONMember? {
        var key = key
        return key.withUTF8 { key in
            line.withUnsafeBytes { bytes in
                members.first { member in
                    member.key.count == key.count
                        && (key.isEmpty || memcmp(bytes.baseAddress! + member.key.lowerBound, key.baseAddress!, key.count) == 0)
                }
            }
        }
    }

    private static func text(_ range: Range<Int>, of line: Data) -> String {
        line.withUnsafeBytes { String(decoding: $0[range], as: UTF8.self) }
    }

    /// The generic parse, with the protocol's errors.
    private static func parse(_ line: Data) throws(LineError) -> [String: JSONValue] {
        guard String(validating: line, as: UTF8.self) != nil else {
            throw LineError(id: nil, error: .protocolError(.invalidUTF8, "the line is not valid UTF-8"))
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(line)
        } catch {
            let reason = JSONLineDiagnosis.explain(line) ?? WireCoding.explain(error)
            throw LineError(id: nil, error: .protocolError(.malformedJSON, "the line is not valid JSON: \(reason)"))
        }
        guard let object = value.objectValue else {
            throw LineError(id: nil, error: .protocolError(.notAnObject, "a line must be a JSON object, not \(value.displayString.prefix(40))"))
        }
        return object
    }
}

import Foundation

/// One member of a JSON object, as byte ranges into the bytes read (`JSONReader.members`).
package struct JSONMember: Sendable, Equatable {
    /// What a member's value is.
    package enum Kind: Sendable, Equatable {
        case object, array, literal
        /// A string; `hasEscapes` when it contains a backslash escape.
        case string(hasEscapes: Bool)
        /// A number; `isInteger` when it has neither fraction nor exponent.
        case number(isInteger: Bool)
    }

    /// The key's bytes, without the quotes (never contains escapes).
    package var key: Range<Int>
    /// The value's bytes (a string's with its quotes).
    package var value: Range<Int>
    package var kind: Kind
}

extension JSONReader {
    /// A reader of `range` of `bytes` (positions stay those of `bytes`).
    package init(bytes: UnsafeRawBufferPointer, range: Range<Int>, dates: JSONDateForm) {
        self.init(bytes: bytes, dates: dates)
        index = range.lowerBound
        end = range.upperBound
    }

    /// The members of the JSON object that is exactly `range` of `bytes` (whitespace allowed
    /// around it), found without building any value — the line classifier's view of a line
    /// (`LineObject`) — or `nil` when the bytes are not such an object or are beyond the reader
    /// (keys with escapes, repeated keys, deep nesting, …: the decoder's rules apply).
    ///
    /// ```swift
    /// JSONReader.members(ofObjectIn: bytes, range: 0..<bytes.count)   // {"id":7,…} → [id: 6..<7 (integer), …]
    /// ```
    package static func members(ofObjectIn bytes: UnsafeRawBufferPointer, range: Range<Int>) -> [JSONMember]? {
        var reader = JSONReader(bytes: bytes, range: range, dates: .secondsSince1970)
        do {
            var members: [JSONMember] = []
            members.reserveCapacity(4)   // a request line's id, method and params without growing
            try reader.beginObject()
            while let key = try reader.nextKey() {
                let start = reader.index
                let kind = try reader.skim()
                guard !members.contains(where: { reader.equal($0.key, key) }) else { return nil }
                members.append(JSONMember(key: key, value: start..<reader.index, kind: kind))
            }
            guard reader.isAtEnd() else { return nil }
            return members
        } catch {
            return nil
        }
    }

    /// The members of the JSON object that is the whole of `data` (`members(ofObjectIn:range:)`).
    package static func members(ofObjectIn data: Data) -> [JSONMember]? {
        data.withUnsafeBytes { members(ofObjectIn: $0, range: 0..<$0.count) }
    }

    /// Whether two ranges of the bytes hold the same bytes.
    func equal(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.count == b.count && memcmp(bytes.baseAddress! + a.lowerBound, bytes.baseAddress! + b.lowerBound, a.count) == 0
    }
}

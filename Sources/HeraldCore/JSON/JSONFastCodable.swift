import Foundation

/// A type with a hand-written JSON codec: the hot messages of the wire (`post`, `add`, their
/// acknowledgements, events, history pages) and the store's records are written and read
/// without a general-purpose JSON pass.
///
/// There is one model: the conforming types are the same `Codable` types, and the hand-written
/// codec must produce exactly the bytes the dialect's `JSONEncoder` produces (`JSONDateForm`) and
/// read exactly the values its `JSONDecoder` reads. `CodecAgreementTests` holds the two against
/// each other on thousands of random values of every conforming type. Anything the hand-written
/// codec does not handle — a rare shape, input that is not the canonical encoding, an error to
/// explain — it reports as `JSONFastPathMiss`, and the caller takes the `Codable` path for the
/// whole value instead (whose errors name the field).
package protocol JSONFastCodable: Codable {
    /// Writes the value as the writer's dialect's `JSONEncoder` would.
    func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss)
    /// Reads a value at the reader's position as the reader's dialect's `JSONDecoder` would.
    static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> Self
}

/// The hand-written codec does not handle this value or input; the `Codable` path decides.
package struct JSONFastPathMiss: Error {
    package init() {}
}

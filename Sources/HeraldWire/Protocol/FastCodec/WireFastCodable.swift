import Foundation

/// A wire type with a hand-written JSON codec: the hot messages (`post`, `add`, their
/// acknowledgements, events) are written and read without a general-purpose JSON pass.
///
/// There is one model: the conforming types are the same `Codable` types, and the fast codec
/// must produce exactly the bytes `WireCoding`'s `JSONEncoder` produces and read exactly the
/// values its `JSONDecoder` reads. `FastCodecAgreementTests` holds the two against each other on
/// thousands of random values. Anything the fast codec does not handle — a rare shape, input that
/// is not the canonical encoding, an error to explain — it reports as `WireFastPathMiss`, and
/// `WireCoding` takes the `Codable` path for the whole value instead.
package protocol WireFastCodable: Codable {
    /// Writes the value as `WireCoding.codableEncode` would.
    func fastEncode(into writer: inout WireJSONWriter) throws(WireFastPathMiss)
    /// Reads a value at the reader's position as `WireCoding.codableDecode` would.
    static func fastDecode(from reader: inout WireJSONReader) throws(WireFastPathMiss) -> Self
}

/// The fast codec does not handle this value or input; the `Codable` path decides.
package struct WireFastPathMiss: Error {
    package init() {}
}

import Foundation

/// The payload of a line — a request's or call's `params`, a reply's `result` — still encoded,
/// decoded once by whoever knows its type.
///
/// When the line was scanned (`LineObject`), `member` holds the payload's own bytes and the
/// payload is decoded from them directly; otherwise, or when that fails, it is decoded through
/// its envelope from the whole line, so a missing payload reads as `{}` and errors name the field
/// as before (`params.count: expected Int`).
package struct EncodedPayload: Sendable {
    /// The whole line.
    package let line: Data
    /// The payload's own bytes, when known.
    package let member: Data?

    /// The `params` of a request or call.
    package func params<P: Codable & Sendable>(_ type: P.Type) throws -> P {
        if let member, let params = try? WireCoding.decode(P.self, from: member) { return params }
        return try WireCoding.decode(ParamsEnvelope<P>.self, from: line).params
    }

    /// The `result` of a reply.
    /// `fast` reads it without a cast when the method has the hand-written codec (`TypedFastCodec`).
    package func result<R: Codable & Sendable>(_ type: R.Type, fast: (@Sendable (Data) -> R?)? = nil) throws -> R {
        if let member, let fast, let result = fast(member) { return result }
        if let member, let result = try? WireCoding.decode(R.self, from: member) { return result }
        return try WireCoding.decode(ResultEnvelope<R>.self, from: line).result
    }
}

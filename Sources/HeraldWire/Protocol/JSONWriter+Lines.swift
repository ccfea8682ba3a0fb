import Foundation
import HeraldCore

/// Lines written around already-encodable members, byte for byte as `WireCoding`'s encoder
/// writes the envelope structs (`RequestEnvelope`, `ResultEnvelope`, …), without their keyed
/// containers and key sorting: the hot messages' fast path. Members must be written in key
/// order (the wire's keys are sorted).
///
/// ```swift
/// let line = try JSONWriter.line { writer in   // {"id":7,"result":…}
///     writer.key("id"); writer.integer(7)
///     try writer.member("result", result)
/// }
/// ```
extension JSONWriter {
    /// The line (without its newline): an object whose members `body` writes.
    static func line(_ body: (inout JSONWriter) throws -> Void) rethrows -> Data {
        var writer = JSONWriter(dates: WireCoding.dates, capacity: 256)
        writer.beginObject()
        try body(&writer)
        writer.endObject()
        return LineBytes.data(writer.bytes)
    }

    /// `"key":<value as the wire encodes it>`.
    mutating func member<T: Encodable>(_ key: StaticString, _ value: T) throws {
        self.key(key)
        // The hot results (a post's acknowledgement) straight into the line, no `Data` between.
        if valueIfFast(value) { return }
        json(try WireCoding.encode(value))
    }
}

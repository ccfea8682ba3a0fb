import Foundation
import HeraldCore

/// The hand-written codec for one method's params and result, captured where both types are
/// known to have it, so a call reaches it without a cast.
///
/// `WireCoding.encode`/`decode` find the fast codec by casting to `JSONFastCodable`; the first
/// cast of a type to a protocol scans every conformance record in the binary (~6,500), which a
/// short-lived process such as `herald post` pays at every start. Holding the functions in the
/// method (`Method.fastCodec`) skips that. Both fall back to `WireCoding` (the same bytes, the
/// same readings) when the fast path misses.
package struct TypedFastCodec<Params: Sendable, Result: Sendable>: Sendable {
    /// The params' JSON, or nil when the fast codec does not handle this value.
    package let encodeParams: @Sendable (Params) -> Data?
    /// The result read from its JSON, or nil when the fast codec does not handle these bytes.
    package let decodeResult: @Sendable (Data) -> Result?
}

extension TypedFastCodec where Params: JSONFastCodable, Result: JSONFastCodable {
    package init() {
        encodeParams = { JSONFastCodec.bytes($0, dates: WireCoding.dates).map(LineBytes.data) }
        decodeResult = { JSONFastCodec.decode(Result.self, from: $0, dates: WireCoding.dates) }
    }
}

import Foundation

/// How dates are spelled in one of the two JSON dialects Herald writes: the wire's (UNIX
/// seconds, `WireCoding`) and the store's (`deferredToDate`: seconds since 2001, Foundation's
/// own form, which round-trips a `Date` exactly; `RecordCoding`). Everything else is the same in
/// both: sorted keys and unescaped slashes, so equal values are equal bytes.
///
/// The hand-written codec (`JSONReader`, `JSONWriter`) and the `Codable` coders it is held
/// against take the dialect from here, so the two cannot disagree on it.
///
/// ```swift
/// let bytes = try JSONDateForm.secondsSince1970.encoder.encode(value)   // the wire's bytes
/// ```
package enum JSONDateForm: Sendable {
    /// `secondsSince1970`: the wire.
    case secondsSince1970
    /// `deferredToDate` (seconds since 2001): the store's records.
    case secondsSinceReferenceDate

    /// A fresh encoder for the dialect.
    package func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = self == .secondsSince1970 ? .secondsSince1970 : .deferredToDate
        return encoder
    }

    /// A fresh decoder for the dialect.
    package func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = self == .secondsSince1970 ? .secondsSince1970 : .deferredToDate
        return decoder
    }

    /// The dialect's shared encoder (encoders keep no state between calls; making one per value
    /// costs more than a small value's encoding).
    package var encoder: JSONEncoder {
        switch self {
        case .secondsSince1970: Self.unixEncoder
        case .secondsSinceReferenceDate: Self.referenceEncoder
        }
    }

    /// The dialect's shared decoder.
    package var decoder: JSONDecoder {
        switch self {
        case .secondsSince1970: Self.unixDecoder
        case .secondsSinceReferenceDate: Self.referenceDecoder
        }
    }

    /// A date's number in the dialect.
    package func seconds(_ date: Date) -> Double {
        switch self {
        case .secondsSince1970: date.timeIntervalSince1970
        case .secondsSinceReferenceDate: date.timeIntervalSinceReferenceDate
        }
    }

    /// The date a number stands for in the dialect.
    package func date(_ seconds: Double) -> Date {
        switch self {
        case .secondsSince1970: Date(timeIntervalSince1970: seconds)
        case .secondsSinceReferenceDate: Date(timeIntervalSinceReferenceDate: seconds)
        }
    }

    private static let unixEncoder = JSONDateForm.secondsSince1970.makeEncoder()
    private static let unixDecoder = JSONDateForm.secondsSince1970.makeDecoder()
    private static let referenceEncoder = JSONDateForm.secondsSinceReferenceDate.makeEncoder()
    private static let referenceDecoder = JSONDateForm.secondsSinceReferenceDate.makeDecoder()
}

import Foundation

/// The hand-written codec's entry points: `nil` when the value or bytes are beyond it (a
/// `JSONFastPathMiss`), and the caller (`WireCoding`, `RecordCoding`) takes the `Codable` path.
package enum JSONFastCodec {
    /// The value's JSON in the dialect `dates`, or `nil`.
    package static func encode(_ value: any JSONFastCodable, dates: JSONDateForm) -> Data? {
        bytes(value, dates: dates).map { Data($0) }
    }

    /// The value's JSON bytes in the dialect `dates`, or `nil`.
    package static func bytes(_ value: any JSONFastCodable, dates: JSONDateForm) -> [UInt8]? {
        var writer = JSONWriter(dates: dates)
        do {
            try value.fastEncode(into: &writer)
        } catch {
            return nil
        }
        return writer.bytes
    }

    /// The value that is the whole of `data`, read in the dialect `dates`, or `nil`.
    package static func decode<T: JSONFastCodable>(_ type: T.Type, from data: Data, dates: JSONDateForm) -> T? {
        data.withUnsafeBytes { decode(T.self, from: $0, dates: dates) }
    }

    /// The value that is the whole of `bytes`, read in the dialect `dates`, or `nil`.
    package static func decode<T: JSONFastCodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer,
                                                   dates: JSONDateForm) -> T? {
        do {
            return try JSONReader.read(T.self, from: bytes, dates: dates)
        } catch {
            return nil
        }
    }
}

import Foundation

/// The hand-written codec's entry points: `nil` when the value or bytes are beyond it (a
/// `WireFastPathMiss`), and the caller (`WireCoding.encode` / `decode`) takes the `Codable` path.
package enum WireFastCodec {
    package static func encode(_ value: any WireFastCodable) -> Data? {
        var writer = WireJSONWriter()
        do {
            try value.fastEncode(into: &writer)
        } catch {
            return nil
        }
        return writer.data
    }

    package static func decode<T: WireFastCodable>(_ type: T.Type, from data: Data) -> T? {
        data.withUnsafeBytes { bytes in
            do {
                return try WireJSONReader.read(T.self, from: bytes)
            } catch {
                return nil
            }
        }
    }
}

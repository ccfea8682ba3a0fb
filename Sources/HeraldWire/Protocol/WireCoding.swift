import Foundation
import HeraldCore

/// The JSON conventions of the wire: dates as UNIX seconds (fractions allowed), `Data` as
/// base64, sorted keys and unescaped slashes (so equal messages are equal bytes).
public enum WireCoding {
    /// The protocol version this build speaks (sent in `hello`).
    public static let protocolVersion = 1

    /// The wire's dialect of JSON (`JSONDateForm`): dates as UNIX seconds.
    package static let dates = JSONDateForm.secondsSince1970

    /// A fresh encoder with the wire's settings.
    public static func encoder() -> JSONEncoder { dates.makeEncoder() }

    /// A fresh decoder with the wire's settings.
    public static func decoder() -> JSONDecoder { dates.makeDecoder() }

    /// The wire's bytes for a value: the hand-written codec's for the hot messages
    /// (`JSONFastCodable`), the encoder's for everything else — the same bytes either way.
    package static func encode<T: Encodable>(_ value: T) throws -> Data {
        if let fast = value as? any JSONFastCodable, let data = JSONFastCodec.encode(fast, dates: dates) { return data }
        return try dates.encoder.encode(value)
    }

    /// A value from the wire's bytes: the hand-written codec's reading for the hot messages
    /// when the bytes are within its reach, the decoder's (and its errors) otherwise.
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        if let fast = type as? any JSONFastCodable.Type, let value = fastDecode(fast, as: T.self, from: data) {
            return value
        }
        return try dates.decoder.decode(type, from: data)
    }

    /// The hand-written codec's value as `T` (the same type, opened): no existential box between.
    private static func fastDecode<F: JSONFastCodable, T>(_ fast: F.Type, as type: T.Type, from data: Data) -> T? {
        JSONFastCodec.decode(F.self, from: data, dates: dates).flatMap { $0 as? T }
    }

    /// The encoder alone (what the hand-written codec is held against).
    package static func codableEncode<T: Encodable>(_ value: T) throws -> Data { try dates.encoder.encode(value) }
    /// The decoder alone (what the hand-written codec is held against).
    package static func codableDecode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try dates.decoder.decode(type, from: data)
    }

    /// A one-line explanation of a decoding failure, naming the field path:
    /// `params.count: expected Int, found a string`.
    package static func explain(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func path(_ context: DecodingError.Context, _ extra: CodingKey? = nil) -> String {
            let keys = context.codingPath + (extra.map { [$0] } ?? [])
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : (text.isEmpty ? "(top level)" : text)
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context, key)): missing"
        case .typeMismatch(let type, let context): return "\(path(context)): expected \(type)"
        case .valueNotFound(let type, let context): return "\(path(context)): expected \(type), found null"
        case .dataCorrupted(let context):
            let underlying = context.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
            return "\(path(context)): \(context.debugDescription)\(underlying)"
        @unknown default: return String(describing: error)
        }
    }
}

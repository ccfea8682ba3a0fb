import Foundation
import HeraldWire

/// A post as published on `P/post/SENDER`: the socket's `post` params plus a `message` id unique
/// to this publication, so posting the same request again is not taken for a redelivery.
///
/// The door reads it as the socket reads a post: through the hand-written codec (`PostParams`'
/// reader, with `message` as one more key), or `Codable` when the bytes are beyond it, whose
/// errors name the field (`request.content.title: expected String`).
///
/// ```swift
/// let payload = try WireCoding.encode(BrokerPost(params))
/// let params = try WireCoding.decode(BrokerPost.self, from: payload).params
/// ```
package struct BrokerPost: Codable, WireFastCodable, Equatable {
    package var params: PostParams
    /// `nil` from a publisher that sends none (or not as text).
    package var message: String?

    package init(_ params: PostParams, message: String? = UUID().uuidString) {
        self.params = params
        self.message = message
    }

    private enum CodingKeys: String, CodingKey { case message }

    package init(from decoder: any Decoder) throws {
        params = try PostParams(from: decoder)
        // Only the publisher reads it (the door keys redeliveries on the bytes): a message id that
        // is not text does not cost the post.
        message = (try? decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .message)) ?? nil
    }

    package func encode(to encoder: any Encoder) throws {
        try params.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(message, forKey: .message)
    }

    /// Published once per post: the encoder writes it (its keys interleave with the params').
    package func fastEncode(into writer: inout WireJSONWriter) throws(WireFastPathMiss) { throw WireFastPathMiss() }

    package static func fastDecode(from reader: inout WireJSONReader) throws(WireFastPathMiss) -> BrokerPost {
        var message: String?
        var seen = false
        let params = try PostParams.fastDecode(from: &reader) { key, reader throws(WireFastPathMiss) in
            guard reader.key(key, is: "message"), !seen else { return false }
            seen = true
            message = reader.null() ? nil : try reader.string()
            return true
        }
        return BrokerPost(params, message: message)
    }
}

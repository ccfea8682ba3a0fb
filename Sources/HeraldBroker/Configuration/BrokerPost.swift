import Foundation
import HeraldCore
import HeraldWire

/// A post as published on `P/post/SENDER`: the socket's `post` params plus a `message` id unique
/// to this publication, so posting the same request again is not taken for a redelivery, and the
/// attachments' bytes (`BrokerAttachment`). The request's own `content.attachments` name files by
/// path, which a remote publisher may not: the door refuses a post that has any.
///
/// The door reads it as the socket reads a post: through the hand-written codec (`PostParams`'
/// reader, with `message` as one more key), or `Codable` when the bytes are beyond it, whose
/// errors name the field (`request.content.title: expected String`).
///
/// ```swift
/// let payload = try WireCoding.encode(BrokerPost(params))
/// let params = try WireCoding.decode(BrokerPost.self, from: payload).params
/// ```
package struct BrokerPost: Codable, JSONFastCodable, Equatable {
    package var params: PostParams
    /// `nil` from a publisher that sends none (or not as text).
    package var message: String?
    /// The files' bytes (absent when none).
    package var attachments: [BrokerAttachment]

    /// The largest publication the door takes, attachments included: 8 MiB.
    package static let maximumBytes = 8 << 20
    /// The largest post besides its attachments' `data`: the socket's line limit, 1 MiB.
    package static let maximumBytesBesidesAttachments = 1 << 20

    package init(_ params: PostParams, message: String? = UUID().uuidString, attachments: [BrokerAttachment] = []) {
        self.params = params
        self.message = message
        self.attachments = attachments
    }

    private enum CodingKeys: String, CodingKey { case message, attachments }

    package init(from decoder: any Decoder) throws {
        params = try PostParams(from: decoder)
        // Only the publisher reads it (the door keys redeliveries on the bytes): a message id that
        // is not text does not cost the post.
        message = (try? decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .message)) ?? nil
        attachments = try decoder.container(keyedBy: CodingKeys.self)
            .decodeIfPresent([BrokerAttachment].self, forKey: .attachments) ?? []
    }

    package func encode(to encoder: any Encoder) throws {
        try params.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(message, forKey: .message)
        if !attachments.isEmpty { try container.encode(attachments, forKey: .attachments) }
    }

    /// The bytes of the publication besides the attachments' `data`.
    package func bytesBesidesAttachments(of total: Int) -> Int {
        total - attachments.reduce(0) { $0 + $1.data.utf8.count }
    }

    /// Published once per post: the encoder writes it (its keys interleave with the params').
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) { throw JSONFastPathMiss() }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> BrokerPost {
        var message: String?
        var attachments: [BrokerAttachment]?
        var seenMessage = false
        let params = try PostParams.fastDecode(from: &reader) { key, reader throws(JSONFastPathMiss) in
            if reader.key(key, is: "message"), !seenMessage {
                seenMessage = true
                message = reader.null() ? nil : try reader.string()
                return true
            }
            guard reader.key(key, is: "attachments"), attachments == nil else { return false }
            attachments = reader.null() ? [] : try reader.codable([BrokerAttachment].self)
            return true
        }
        return BrokerPost(params, message: message, attachments: attachments ?? [])
    }
}

import Foundation
import HeraldCore

// The JSON objects that make up lines. Each line is exactly one of these.

package struct HelloEnvelope<H: Codable & Sendable>: Codable, Sendable {
    package var hello: H
    package init(hello: H) { self.hello = hello }
}

extension HelloEnvelope: Equatable where H: Equatable {}

package struct RequestEnvelope<P: Codable & Sendable>: Encodable, Sendable {
    package var id: Int64
    package var method: String
    package var params: P

    package init(id: Int64, method: String, params: P) {
        self.id = id
        self.method = method
        self.params = params
    }

    /// The line: the bytes `WireCoding.encode(self)` makes, made faster; `encodedParams` are the
    /// params' JSON when the caller has it already (`TypedFastCodec`).
    package func line(encodedParams: Data? = nil) throws -> Data {
        try JSONWriter.line { writer in
            writer.key("id")
            writer.integer(id)
            writer.key("method")
            writer.string(method)
            if let encodedParams {
                writer.key("params")
                writer.json(encodedParams)
            } else {
                try writer.member("params", params)
            }
        }
    }
}

/// `{"id":N,"result":…}` (a reply) or `{"reply":N,"result":…}` (an app answering a call).
package struct ResultEnvelope<R: Codable & Sendable>: Codable, Sendable {
    package var id: Int64?
    package var reply: Int64?
    package var result: R

    package init(id: Int64? = nil, reply: Int64? = nil, result: R) {
        self.id = id
        self.reply = reply
        self.result = result
    }

    package enum CodingKeys: String, CodingKey { case id, reply, result }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int64.self, forKey: .id)
        reply = try container.decodeIfPresent(Int64.self, forKey: .reply)
        if container.contains(.result) {
            result = try container.decode(R.self, forKey: .result)
        } else {
            result = try WireCoding.decode(R.self, from: Data("{}".utf8))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(reply, forKey: .reply)
        try container.encode(result, forKey: .result)
    }

    /// The line: the bytes `WireCoding.encode(self)` makes, made faster.
    package func line() throws -> Data {
        try JSONWriter.line { writer in
            if let id {
                writer.key("id")
                writer.integer(id)
            }
            if let reply {
                writer.key("reply")
                writer.integer(reply)
            }
            try writer.member("result", result)
        }
    }
}

/// `{"id":N,"result":…}` around a result that is JSON already (a history page, measured as it
/// was written).
package enum EncodedResultLine {
    /// The line (without its newline).
    package static func line(id: Int64, result json: Data) -> Data {
        JSONWriter.line { writer in
            writer.key("id")
            writer.integer(id)
            writer.key("result")
            writer.json(json)
        }
    }

    /// How many bytes the envelope adds around a result, at most (`{"id":` a 64-bit id
    /// `,"result":` `}`).
    package static let envelopeBytes = 40
}

/// `{"id":N,"error":{…}}` or `{"reply":N,"error":{…}}`; `id` is `null` when the line that failed
/// had none that could be read.
package struct ErrorEnvelope: Codable, Sendable {
    package var id: Int64?
    package var reply: Int64?
    package var error: WireError

    package init(id: Int64? = nil, reply: Int64? = nil, error: WireError) {
        self.id = id
        self.reply = reply
        self.error = error
    }

    package enum CodingKeys: String, CodingKey { case id, reply, error }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let reply {
            try container.encode(reply, forKey: .reply)
        } else {
            try container.encode(id, forKey: .id)   // explicit null
        }
        try container.encode(error, forKey: .error)
    }
}

package struct EventEnvelope: Codable, Sendable, Hashable {
    package var event: WireEvent

    package init(event: WireEvent) { self.event = event }

    /// The line: the bytes `WireCoding.encode(self)` makes, made faster.
    package func line() throws -> Data {
        try JSONWriter.line { writer in try writer.member("event", event) }
    }
}

package struct CallEnvelope<P: Codable & Sendable>: Encodable, Sendable {
    package var call: Int64
    package var method: String
    package var params: P

    package init(call: Int64, method: String, params: P) {
        self.call = call
        self.method = method
        self.params = params
    }

    /// The line: the bytes `WireCoding.encode(self)` makes, made faster.
    package func line() throws -> Data {
        try JSONWriter.line { writer in
            writer.key("call")
            writer.integer(call)
            writer.key("method")
            writer.string(method)
            try writer.member("params", params)
        }
    }
}

/// Reads `params` of a request or call, treating a missing `params` as `{}`.
struct ParamsEnvelope<P: Codable & Sendable>: Decodable, Sendable {
    var params: P
    enum CodingKeys: String, CodingKey { case params }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.params) {
            params = try container.decode(P.self, forKey: .params)
        } else {
            params = try WireCoding.decode(P.self, from: Data("{}".utf8))
        }
    }
}

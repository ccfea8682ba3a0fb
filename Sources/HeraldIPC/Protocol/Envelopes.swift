import Foundation
import HeraldCore

// The JSON objects that make up lines. Each line is exactly one of these.

struct HelloEnvelope<H: Codable & Sendable>: Codable, Sendable { var hello: H }

struct RequestEnvelope<P: Codable & Sendable>: Encodable, Sendable {
    var id: Int64
    var method: String
    var params: P

    /// The line: the bytes `WireCoding.encode(self)` makes, made faster.
    func line() throws -> Data {
        var writer = EnvelopeWriter()
        writer.integer("id", id)
        try writer.string("method", method)
        try writer.value("params", params)
        return writer.finish()
    }
}

/// `{"id":N,"result":…}` (a reply) or `{"reply":N,"result":…}` (an app answering a call).
struct ResultEnvelope<R: Codable & Sendable>: Codable, Sendable {
    var id: Int64?
    var reply: Int64?
    var result: R

    init(id: Int64? = nil, reply: Int64? = nil, result: R) {
        self.id = id
        self.reply = reply
        self.result = result
    }

    enum CodingKeys: String, CodingKey { case id, reply, result }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int64.self, forKey: .id)
        reply = try container.decodeIfPresent(Int64.self, forKey: .reply)
        if container.contains(.result) {
            result = try container.decode(R.self, forKey: .result)
        } else {
            result = try WireCoding.decode(R.self, from: Data("{}".utf8))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(reply, forKey: .reply)
        try container.encode(result, forKey: .result)
    }

    /// The line: the bytes `WireCoding.encode(self)` makes, made faster.
    func line() throws -> Data {
        var writer = EnvelopeWriter()
        if let id { writer.integer("id", id) }
        if let reply { writer.integer("reply", reply) }
        try writer.value("result", result)
        return writer.finish()
    }
}

/// `{"id":N,"error":{…}}` or `{"reply":N,"error":{…}}`; `id` is `null` when the line that failed
/// had none that could be read.
struct ErrorEnvelope: Codable, Sendable {
    var id: Int64?
    var reply: Int64?
    var error: WireError

    enum CodingKeys: String, CodingKey { case id, reply, error }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let reply {
            try container.encode(reply, forKey: .reply)
        } else {
            try container.encode(id, forKey: .id)   // explicit null
        }
        try container.encode(error, forKey: .error)
    }
}

struct EventEnvelope: Codable, Sendable {
    var event: WireEvent

    /// The line: the bytes `WireCoding.encode(self)` makes, made faster.
    func line() throws -> Data {
        var writer = EnvelopeWriter()
        try writer.value("event", event)
        return writer.finish()
    }
}

/// `{"event":{"authorizationPrompt":{…}}}` and `{"event":{"authorizationPromptResolved":{…}}}`.
struct PromptEventEnvelope: Codable, Sendable { var event: PromptEvent }

struct CallEnvelope<P: Codable & Sendable>: Encodable, Sendable {
    var call: Int64
    var method: String
    var params: P

    /// The line: the bytes `WireCoding.encode(self)` makes, made faster.
    func line() throws -> Data {
        var writer = EnvelopeWriter()
        writer.integer("call", call)
        try writer.string("method", method)
        try writer.value("params", params)
        return writer.finish()
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

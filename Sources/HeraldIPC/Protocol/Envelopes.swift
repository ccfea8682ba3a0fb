import Foundation
import HeraldCore

// The JSON objects that make up lines. Each line is exactly one of these.

struct HelloEnvelope<H: Codable & Sendable>: Codable, Sendable { var hello: H }

struct RequestEnvelope<P: Codable & Sendable>: Encodable, Sendable {
    var id: Int64
    var method: String
    var params: P
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

struct EventEnvelope: Codable, Sendable { var event: WireEvent }

struct CallEnvelope<P: Codable & Sendable>: Encodable, Sendable {
    var call: Int64
    var method: String
    var params: P
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

/// A line from a client, classified but with its params still encoded.
enum ClientLine: Sendable {
    case hello(ClientHello)
    case request(id: Int64, method: String, line: Data)
    case callReply(callID: Int64, line: Data, error: WireError?)

    /// Classifies one line. Throws `WireError` (domain `herald.protocol`) naming what is wrong;
    /// its `id` is the request id when one could be read.
    static func parse(_ line: Data) throws(LineError) -> ClientLine {
        let object = try LineError.object(from: line)
        if object["hello"] != nil {
            do {
                return .hello(try WireCoding.decode(HelloEnvelope<ClientHello>.self, from: line).hello)
            } catch {
                throw LineError(id: nil, error: .protocolError(.badParams, "hello: \(WireCoding.explain(error))"))
            }
        }
        if let reply = object["reply"] {
            guard let callID = reply.intValue else {
                throw LineError(id: nil, error: .protocolError(.badParams, "reply: expected an integer call number"))
            }
            let error = object["error"] == nil ? nil : (try? WireCoding.decode(ErrorEnvelope.self, from: line))?.error
            return .callReply(callID: Int64(callID), line: line, error: error)
        }
        guard let idValue = object["id"] else {
            throw LineError(id: nil, error: .protocolError(.badParams,
                "a line must be {\"hello\":…}, {\"id\":N,\"method\":…} or {\"reply\":N,…}; this one has none of hello, id, reply"))
        }
        guard let id = idValue.intValue else {
            throw LineError(id: nil, error: .protocolError(.badParams, "id: expected an integer, found \(idValue.displayString)"))
        }
        guard let method = object["method"] else {
            throw LineError(id: Int64(id), error: .protocolError(.badParams, "method: missing"))
        }
        guard let name = method.stringValue else {
            throw LineError(id: Int64(id), error: .protocolError(.badParams, "method: expected a string"))
        }
        return .request(id: Int64(id), method: name, line: line)
    }
}

/// A line from the server, classified but with its result or params still encoded.
enum ServerLine: Sendable {
    case hello(ServerHello)
    case reply(id: Int64?, line: Data, error: WireError?)
    case event(WireEvent)
    case call(callID: Int64, method: String, line: Data)

    static func parse(_ line: Data) throws(LineError) -> ServerLine {
        let object = try LineError.object(from: line)
        do {
            if object["hello"] != nil {
                return .hello(try WireCoding.decode(HelloEnvelope<ServerHello>.self, from: line).hello)
            }
            if object["event"] != nil {
                return .event(try WireCoding.decode(EventEnvelope.self, from: line).event)
            }
            if let call = object["call"]?.intValue, let method = object["method"]?.stringValue {
                return .call(callID: Int64(call), method: method, line: line)
            }
            if object["error"] != nil {
                let envelope = try WireCoding.decode(ErrorEnvelope.self, from: line)
                return .reply(id: envelope.id, line: line, error: envelope.error)
            }
            if let id = object["id"]?.intValue {
                return .reply(id: Int64(id), line: line, error: nil)
            }
        } catch {
            throw LineError(id: nil, error: .protocolError(.badParams, WireCoding.explain(error)))
        }
        throw LineError(id: nil, error: .protocolError(.badParams, "unrecognised line from the server"))
    }
}

/// A line that could not be taken, with the request id when one was readable.
struct LineError: Error, Sendable {
    var id: Int64?
    var error: WireError

    /// Checks UTF-8 and JSON, and that the line is an object.
    static func object(from line: Data) throws(LineError) -> [String: JSONValue] {
        guard String(validating: line, as: UTF8.self) != nil else {
            throw LineError(id: nil, error: .protocolError(.invalidUTF8, "the line is not valid UTF-8"))
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(line)
        } catch {
            throw LineError(id: nil, error: .protocolError(.malformedJSON, "the line is not valid JSON: \(WireCoding.explain(error))"))
        }
        guard let object = value.objectValue else {
            throw LineError(id: nil, error: .protocolError(.notAnObject, "a line must be a JSON object, not \(value.displayString.prefix(40))"))
        }
        return object
    }
}

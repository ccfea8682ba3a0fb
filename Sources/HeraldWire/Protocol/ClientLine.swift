import Foundation

/// A line from a client, classified but with its params still encoded (the request's handler
/// decodes them once, into its own type).
package enum ClientLine: Sendable {
    case hello(ClientHello)
    case request(id: Int64, method: String, params: EncodedPayload)
    case callReply(callID: Int64, result: EncodedPayload, error: WireError?)

    /// Classifies one line. Throws `WireError` (domain `herald.protocol`) naming what is wrong;
    /// its `id` is the request id when one could be read.
    package static func parse(_ line: Data) throws(LineError) -> ClientLine {
        let object = try LineObject(line)
        if object.contains("hello") {
            do {
                return .hello(try HelloEnvelope<ClientHello>.hello(from: line))
            } catch {
                throw LineError(id: nil, error: .protocolError(.badParams, "hello: \(WireCoding.explain(error))"))
            }
        }
        if object.contains("reply") {
            guard let callID = object.integer("reply") else {
                throw LineError(id: nil, error: .protocolError(.badParams, "reply: expected an integer call number"))
            }
            let error = object.contains("error") ? (try? WireCoding.decode(ErrorEnvelope.self, from: line))?.error : nil
            return .callReply(callID: Int64(callID), result: object.payload("result"), error: error)
        }
        guard object.contains("id") else {
            throw LineError(id: nil, error: .protocolError(.badParams,
                "a line must be {\"hello\":…}, {\"id\":N,\"method\":…} or {\"reply\":N,…}; this one has none of hello, id, reply"))
        }
        guard let id = object.integer("id") else {
            if let message = JSONLineDiagnosis.oversizedInteger(in: line), message.hasPrefix("id: ") {
                throw LineError(id: nil, error: .protocolError(.badParams, message))
            }
            let found = object.value("id")?.displayString ?? "null"
            throw LineError(id: nil, error: .protocolError(.badParams, "id: expected an integer, found \(found)"))
        }
        guard object.contains("method") else {
            throw LineError(id: Int64(id), error: .protocolError(.badParams, "method: missing"))
        }
        guard let name = object.string("method") else {
            throw LineError(id: Int64(id), error: .protocolError(.badParams, "method: expected a string"))
        }
        return .request(id: Int64(id), method: name, params: object.payload("params"))
    }
}

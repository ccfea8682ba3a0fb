import Foundation

/// A line from the server, classified but with its result or params still encoded (the caller
/// waiting for it decodes them once, into its own type).
package enum ServerLine: Sendable {
    case hello(ServerHello)
    case reply(id: Int64?, result: EncodedPayload, error: WireError?)
    case event(WireEvent)
    case call(callID: Int64, method: String, params: EncodedPayload)

    package static func parse(_ line: Data) throws(LineError) -> ServerLine {
        let object = try LineObject(line)
        do {
            if object.contains("hello") {
                return .hello(try HelloEnvelope<ServerHello>.hello(from: line))
            }
            if object.contains("event") {
                return .event(try WireCoding.decode(EventEnvelope.self, from: line).event)
            }
            if let call = object.integer("call"), let method = object.string("method") {
                return .call(callID: Int64(call), method: method, params: object.payload("params"))
            }
            if object.contains("error") {
                let envelope = try WireCoding.decode(ErrorEnvelope.self, from: line)
                return .reply(id: envelope.id, result: object.payload("result"), error: envelope.error)
            }
            if let id = object.integer("id") {
                return .reply(id: Int64(id), result: object.payload("result"), error: nil)
            }
        } catch {
            throw LineError(id: nil, error: .protocolError(.badParams, WireCoding.explain(error)))
        }
        throw LineError(id: nil, error: .protocolError(.badParams, "unrecognised line from the server"))
    }
}

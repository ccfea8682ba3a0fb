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

    /// A line the framing dropped for being over `maximumLineLength`, as the reply it was: an
    /// error for the request whose id its first bytes show (`{"id":7,"result":…` — the server
    /// writes `id` first), so the caller is told instead of waiting forever. `nil` when the head
    /// shows no id (an event: nobody waits for it).
    package static func tooLong(length: Int, head: Data, maximumLineLength: Int) -> ServerLine? {
        guard let id = RequestIDScan.id(inHead: head) else { return nil }
        let limit = maximumLineLength
        let error = WireError.protocolError(.lineTooLong,
            "the center's reply is over the line limit of \(limit) bytes (\(limit >> 20) MiB) and could not be read "
                + "(\(length) bytes and more); the center may be older than this herald: restart it with this herald, "
                + "or ask for less")
        return .reply(id: id, result: EncodedPayload(line: head, member: nil), error: error)
    }

    /// A framed item from the server: a line parsed, a line too long turned into its request's
    /// error (`tooLong`); `nil` for what cannot be read (skipped).
    package static func parse(_ item: LineBuffer.Item, maximumLineLength: Int) -> ServerLine? {
        switch item {
        case .line(let data): return try? parse(data)
        case .tooLong(let length, let head): return tooLong(length: length, head: head, maximumLineLength: maximumLineLength)
        }
    }
}

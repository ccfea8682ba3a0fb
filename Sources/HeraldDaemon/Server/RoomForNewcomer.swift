import Foundation
import HeraldWire

/// Who is closed when a client connects while the server already serves its limit of
/// connections, so the newcomer always gets in unless every connection is busy:
///
/// 1. the client that connected first among those that never said hello;
/// 2. else the client silent longest among those that said hello and wait for nothing — no
///    request of theirs in flight, no subscription, no app or extension connected (a script
///    that opened a connection and forgot it);
/// 3. else the client silent longest among those that listen (a user interface or status line
///    subscribed to events, an app waiting for its calls): they reconnect by themselves.
///
/// A client with a request in flight is never chosen (its answer is owed); when every client
/// has one, the newcomer is refused (`tooManyConnections`).
///
/// ```swift
/// if let leaving = RoomForNewcomer.choose(among: sessions, now: Date()) { … }
/// ```
struct RoomForNewcomer {
    let session: ServerSession
    /// Whether it had said hello (else it is closed for not having said it).
    let saidHello: Bool
    /// How long it had been silent.
    let silentFor: TimeInterval

    static func choose(among sessions: [ServerSession], now: Date) -> RoomForNewcomer? {
        let open = sessions.filter { !$0.connection.isClosing }
        if let silent = open.filter({ $0.hello == nil }).min(by: { $0.connectedAt < $1.connectedAt }) {
            return RoomForNewcomer(session: silent, saidHello: false, silentFor: now.timeIntervalSince(silent.connectedAt))
        }
        let idle = open.map { ($0, $0.activity) }.filter { !$1.hasRequestsInFlight }
        let plain = idle.filter { !$0.1.isListening }
        guard let chosen = (plain.isEmpty ? idle : plain).min(by: { $0.1.lastHeard < $1.1.lastHeard }) else { return nil }
        return RoomForNewcomer(session: chosen.0, saidHello: true, silentFor: now.timeIntervalSince(chosen.1.lastHeard))
    }

    /// The log line.
    var logLine: String {
        "\(session.label): closed to make room, " + (saidHello
            ? "silent for \(Int(silentFor.rounded())) s with no request in flight"
            : "without a hello after \(Int((silentFor * 1000).rounded())) ms")
    }

    /// What the closed client is told.
    func error(limit: Int) -> WireError {
        let hello = "{\"hello\":{\"protocol\":\(WireCoding.protocolVersion),\"role\":\"cli\"}}"
        return .protocolError(.tooManyConnections, "closed: this herald daemon serves \(limit) connections, its limit, and "
            + (saidHello ? "this one had been silent longest (\(Int(silentFor.rounded())) s) with no request in flight; "
                + "connect again when you need the center"
                : "this one had not said hello; send \(hello) at once"))
    }
}

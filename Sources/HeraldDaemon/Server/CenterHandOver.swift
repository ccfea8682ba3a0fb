import Foundation
import HeraldSystem
import HeraldWire
#if canImport(Glibc)
import Glibc
#endif

/// The asking side of a hand-over: a `herald daemon` that finds the center's lock held asks the
/// daemon on the socket to hand the center over (`handOver`). A daemon started on demand agrees:
/// its reply brings the listening socket, and it stops — finishing its requests, committing,
/// releasing the lock — while clients wait in the socket's backlog. One started by hand or by a
/// supervisor refuses, and so does one that is not there.
///
/// ```swift
/// let handed = try CenterHandOver.ask(socketPath: path)
/// let lock = try CenterLock.acquire(stateDirectory: dir, holder: "herald daemon", waitingUpTo: 90)
/// try await server.start(inherited: handed.listener)
/// ```
public enum CenterHandOver {
    /// What the daemon that handed over sent.
    public struct Handed: Sendable {
        /// Its listening socket, now this process's.
        public let listener: InheritedListener
        /// Its pid.
        public let previousPID: Int32
    }

    /// Why no hand-over happened.
    public struct Refused: Error, CustomStringConvertible {
        public let reason: String
        /// The daemon answered that it does not hand over (started by hand or by a supervisor).
        public var byDaemon = false
        public var description: String { reason }
    }

    /// How long the asker waits for the answer (it comes at once; a daemon that does not answer
    /// in this time is stuck).
    static let answerTimeout: Double = 10

    /// Asks the daemon on `socketPath`; throws `Refused` with its reason when it will not. A
    /// daemon that holds the lock but is not listening yet (starting) is given `startGrace`
    /// seconds.
    public static func ask(socketPath: String, startGrace: Double = 10) throws -> Handed {
        let deadline = Date().addingTimeInterval(startGrace)
        var connected: UnixSocket?
        while connected == nil {
            do {
                connected = try UnixSocket.connectToServer(at: socketPath)
            } catch let error as Errno where error.meansNoServer && Date() < deadline {
                usleep(50_000)
            } catch let error as IPCError {
                throw Refused(reason: error.description)
            } catch {
                throw Refused(reason: "no daemon answers on \(socketPath) (\(error))")
            }
        }
        guard let socket = connected else { throw Refused(reason: "no daemon answers on \(socketPath)") }
        defer { socket.close() }
        var limit = timeval(tv_sec: Int(answerTimeout), tv_usec: 0)
        _ = setsockopt(socket.descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var output = try HelloEnvelope.line(ClientHello(role: .cli, client: "herald daemon (taking over)"))
        output.append(0x0A)
        output.append(try RequestEnvelope(id: 1, method: Methods.handOver.name, params: Empty()).line())
        output.append(0x0A)
        try output.withUnsafeBytes { try socket.writeAll($0) }

        var framing = LineBuffer(maximumLineLength: LineConnection.maximumLineLength)
        var received: [Int32] = []
        defer { received.forEach { _ = Glibc.close($0) } }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let read: (count: Int, descriptors: [Int32])
            do {
                read = try chunk.withUnsafeMutableBytes { try socket.receive(into: $0) }
            } catch {
                throw Refused(reason: "the daemon on \(socketPath) did not answer (\(error))")
            }
            received += read.descriptors
            guard read.count > 0 else {
                throw Refused(reason: "the daemon on \(socketPath) closed the connection without answering")
            }
            for case .line(let line) in framing.append(Data(chunk[0..<read.count])) {
                guard case .reply(let id, let result, let error)? = try? ServerLine.parse(line), id == 1 || error != nil else {
                    continue
                }
                if let error { throw Refused(reason: error.message, byDaemon: error.reason == IPCProtocolReason.handOverRefused.rawValue) }
                guard let descriptor = received.first,
                      let answer = try? result.result(HandOverResult.self) else {
                    throw Refused(reason: "the daemon on \(socketPath) answered without passing its socket")
                }
                let listener = try UnixSocket.adoptListener(descriptor: descriptor)
                received.removeFirst()
                return Handed(listener: InheritedListener(socket: listener, source: "handed over by pid \(answer.pid)",
                                                                ownsSocketFile: true),
                              previousPID: answer.pid)
            }
        }
    }
}

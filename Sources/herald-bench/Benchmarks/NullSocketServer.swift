import Foundation
import HeraldWire
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The floor of the socket figures: a server on a Unix socket that speaks the daemon's
/// protocol and does nothing — it answers a client's hello with its own and every request with
/// one canned `post` result carrying the request's id, at once, from a thread per connection in
/// a blocking `read`. What a post costs over it is the daemon's own work (the engine, the
/// store's commit, the event loop); what it costs itself is the kernel's and the client's.
///
/// ```swift
/// let server = try NullSocketServer(path: scratch.appendingPathComponent("null.sock").path)
/// defer { server.stop() }
/// let client = try await IPCClient.connect(socketPath: server.path, hello: ClientHello(role: .cli, client: "bench"))
/// ```
final class NullSocketServer: Sendable {
    let path: String
    private let listener: UnixSocket
    private let connections = Mutex<[UnixSocket]>([])

    /// Listens at `path` and serves every client until `stop()`.
    init(path: String) throws {
        self.path = path
        listener = try UnixSocket.listen(at: SocketAddress(path: path))
        let hello = try WireCoding.encode(HelloEnvelope(hello: ServerHello(server: "null", pid: getpid()))) + [0x0A]
        let result = try WireCoding.encode(PostResult(identifier: "b0", bundleIdentifier: "bench.null", date: Date()))
        let thread = Thread { [self] in
            while let socket = try? listener.accept() {
                connections.withLock { $0.append(socket) }
                let serving = Thread { Self.serve(socket, hello: hello, result: result) }
                serving.name = "null-socket.connection"
                serving.start()
            }
        }
        thread.name = "null-socket.accept"
        thread.start()
    }

    /// Closes the listener and every connection.
    func stop() {
        listener.shutdown()
        for socket in connections.withLock({ $0 }) { socket.shutdown() }
        unlink(path)
    }

    /// Reads lines and answers each at once, one write per read.
    private static func serve(_ socket: UnixSocket, hello: Data, result: Data) {
        var framing = LineBuffer(maximumLineLength: LineConnection.maximumLineLength)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var items: [LineBuffer.Item] = []
        while true {
            guard let count = try? chunk.withUnsafeMutableBytes({ try socket.read(into: $0) }), count > 0 else { break }
            items.removeAll(keepingCapacity: true)
            chunk.withUnsafeBytes { framing.append(UnsafeRawBufferPointer(rebasing: $0.prefix(count)), into: &items) }
            var output = Data()
            for case .line(let line) in items {
                switch try? ClientLine.parse(line) {
                case .hello?:
                    output.append(hello)
                case .request(let id, _, _)?:
                    output.append(EncodedResultLine.line(id: id, result: result))
                    output.append(0x0A)
                default:
                    continue
                }
            }
            guard (try? output.withUnsafeBytes({ try socket.writeAll($0) })) != nil else { break }
        }
        socket.close()
    }
}

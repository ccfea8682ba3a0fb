import Foundation
import HeraldSystem
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A TCP relay on a free loopback port in front of a real broker, which can make the broker look
/// stalled part-way through a packet: `stall()` sends each client connected now, at the next
/// packet boundary, the start of a PUBLISH that declares 268,435,455 bytes (MQTT's largest),
/// then one byte of it every half second and nothing else from the broker. What the client
/// sends still reaches the broker. Connections made later pass through untouched.
///
/// ```swift
/// let proxy = try StallingProxy(to: broker.port)
/// defer { proxy.stop() }
/// // connect to proxy.port …
/// proxy.stall()
/// ```
public final class StallingProxy: Sendable {
    public let port: Int
    private let listener: Int32
    private let targetPort: Int
    /// The connections taken so far, and whether `stop()` was called.
    private let state = Mutex<(relays: [Relay], stopped: Bool)>(([], false))

    /// One client connection and its connection to the broker.
    private final class Relay: Sendable {
        let client: Int32
        let broker: Int32
        /// Held while a packet goes to the client, so a stall starts at a packet boundary.
        let flags = Mutex<(stalled: Bool, closed: Bool)>((false, false))
        init(client: Int32, broker: Int32) {
            self.client = client
            self.broker = broker
        }

        var isClosed: Bool { flags.withLock { $0.closed } }

        func close() {
            flags.withLock { flags in
                guard !flags.closed else { return }
                flags.closed = true
                shutdown(client, Int32(SHUT_RDWR))
                shutdown(broker, Int32(SHUT_RDWR))
            }
        }
    }

    public init(to targetPort: Int) throws {
        self.targetPort = targetPort
        port = try MosquittoBroker.freePort()
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = MosquittoBroker.loopback(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard bound, listen(listener, 16) == 0 else {
            Glibc.close(listener)
            throw ProcessError("the proxy cannot listen on port \(port): \(Errno.current)")
        }
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "stalling-proxy"
        thread.start()
    }

    /// How many client connections it has taken.
    public var connectionCount: Int {
        state.withLock { $0.relays.count }
    }

    /// Stalls the connections open now (see the type's description).
    public func stall() {
        let open = state.withLock { $0.relays }.filter { !$0.isClosed }
        for relay in open {
            relay.flags.withLock { flags in
                flags.stalled = true
                // A PUBLISH (QoS 0) of 268,435,455 bytes, topic "herald", and the start of its payload.
                var header: [UInt8] = [0x30, 0xFF, 0xFF, 0xFF, 0x7F, 0x00, 0x06] + Array("herald".utf8)
                header += [UInt8](repeating: 0x78, count: 2000)
                _ = StallingProxy.sendAll(relay.client, header)
            }
            let trickle = Thread {
                while StallingProxy.sendAll(relay.client, [0x78]) {
                    Thread.sleep(forTimeInterval: 0.5)
                    if relay.isClosed { break }
                }
            }
            trickle.start()
        }
    }

    public func stop() {
        let all = state.withLock { state in
            state.stopped = true
            return state.relays
        }
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
        for relay in all { relay.close() }
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            let broker = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = MosquittoBroker.loopback(port: targetPort)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(broker, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            guard connected else {
                Glibc.close(client)
                Glibc.close(broker)
                continue
            }
            let relay = Relay(client: client, broker: broker)
            let isStopped = state.withLock { state in
                state.relays.append(relay)
                return state.stopped
            }
            if isStopped {
                relay.close()
                return
            }
            let done = DispatchGroup()
            for direction in [true, false] {
                done.enter()
                let pump = Thread {
                    if direction { StallingProxy.pumpFromClient(relay) } else { StallingProxy.pumpFromBroker(relay) }
                    relay.close()
                    done.leave()
                }
                pump.start()
            }
            done.notify(queue: .global()) {
                Glibc.close(client)
                Glibc.close(broker)
            }
        }
    }

    private static func pumpFromClient(_ relay: Relay) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(relay.client, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0, sendAll(relay.broker, Array(buffer[0..<count])) else { return }
        }
    }

    /// Forwards whole packets (so a stall starts at a packet boundary); once stalled, drops them.
    private static func pumpFromBroker(_ relay: Relay) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(relay.broker, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            pending += buffer[0..<count]
            while let length = packetLength(pending) {
                let packet = Array(pending[0..<length])
                let forwarded = relay.flags.withLock { $0.stalled || sendAll(relay.client, packet) }
                guard forwarded else { return }
                pending.removeFirst(length)
            }
        }
    }

    /// The length of the whole MQTT packet at the start of `bytes`, once it is all there.
    private static func packetLength(_ bytes: [UInt8]) -> Int? {
        var remaining = 0, multiplier = 1, index = 1
        while true {
            guard index < bytes.count, index <= 4 else { return nil }
            remaining += Int(bytes[index] & 0x7F) * multiplier
            multiplier *= 128
            index += 1
            if bytes[index - 1] & 0x80 == 0 { break }
        }
        return bytes.count >= index + remaining ? index + remaining : nil
    }

    private static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }
}

import Foundation
import HeraldCore
import HeraldSystem
import HeraldWire
#if canImport(Glibc)
import Glibc
#endif

/// Accepting clients: the peer's user id checked, the connection limit kept (someone makes room
/// for a newcomer: `RoomForNewcomer`), and a client refused in one error line when it cannot be
/// served.
extension IPCServer {
    /// On the loop: accepts every waiting client.
    func acceptWaiting() {
        guard let listener = state.withLock({ $0.isStopped ? nil : $0.listener }) else { return }
        while true {
            let socket: UnixSocket
            do {
                guard let next = try listener.acceptWaiting() else { return }
                socket = next
            } catch let error as Errno where error.rawValue == ECONNABORTED {
                continue
            } catch let error as Errno where error.rawValue == EMFILE || error.rawValue == ENFILE {
                refuseForLackOfDescriptors(listener)
                return
            } catch {
                configuration.log("accept failed: \(error)")
                return
            }
            admit(socket)
        }
    }

    /// Out of descriptors: the spare one makes room to accept one waiting client and tell it
    /// why it is refused (otherwise it would wait in the backlog, and the loop spin on it).
    func refuseForLackOfDescriptors(_ listener: UnixSocket) {
        let spare = state.withLock { state in
            defer { state.spare = -1 }
            return state.spare
        }
        if spare >= 0 { _ = Glibc.close(spare) }
        if let socket = try? listener.acceptWaiting() {
            configuration.log("refused a client: the daemon is out of file descriptors")
            refuse(socket, .protocolError(.tooManyConnections,
                "this herald daemon is out of file descriptors (\(connectionCount) connections); try again later"))
        }
        let again = open("/dev/null", O_RDONLY | O_CLOEXEC)
        state.withLock { $0.spare = again }
        // Still none left: the listener stays readable; the next round tries again after a pause.
        if again < 0 { usleep(10_000) }
    }

    func admit(_ socket: UnixSocket) {
        let peer: PeerCredentials
        do {
            peer = try socket.peerCredentials()
        } catch {
            socket.close()
            return
        }
        guard peer.uid == configuration.allowedUserID else {
            configuration.log("refused a client of user id \(peer.uid) (pid \(peer.pid))")
            refuse(socket, .protocolError(.permissionDenied,
                "this herald daemon serves user id \(configuration.allowedUserID) only; you are \(peer.uid)"))
            return
        }
        guard let loop = state.withLock({ $0.loop }) else {
            socket.close()
            return
        }
        let connection = EventLoopConnection(socket: socket, loop: loop, budget: partialLines)
        let now = Date()
        let (session, evicted) = state.withLock { state -> (ServerSession?, RoomForNewcomer?) in
            var evicted: RoomForNewcomer?
            if state.sessions.count >= configuration.maximumConnections {
                guard let leaving = RoomForNewcomer.choose(among: Array(state.sessions.values), now: now) else { return (nil, nil) }
                state.sessions.removeValue(forKey: leaving.session.number)
                evicted = leaving
            }
            state.nextSession += 1
            let session = ServerSession(number: state.nextSession, connection: connection, peer: peer, connectedAt: now)
            state.sessions[session.number] = session
            return (session, evicted)
        }
        if let evicted {
            configuration.log(evicted.logLine)
            evicted.session.sendLastError(evicted.error(limit: configuration.maximumConnections))
        }
        guard let session else {
            configuration.log("refused a client (pid \(peer.pid)): \(configuration.maximumConnections) connections already")
            refuse(socket, .protocolError(.tooManyConnections,
                "this herald daemon already serves \(configuration.maximumConnections) connections, its limit, each with a "
                + "request in flight; try again later"))
            return
        }
        do {
            try connection.start(onLine: { [weak self] item in
                self?.received(item, from: session)
            }, onOverflow: { [weak self] in
                self?.overflowed(session)
            }, onIncompleteLine: { [weak self] reason in
                self?.gaveUpLine(reason, of: session)
            }, onClose: { [weak self] in
                self?.closed(session)
            })
        } catch {
            configuration.log("\(session.label): could not be served: \(error)")
            _ = state.withLock { $0.sessions.removeValue(forKey: session.number) }
            socket.close()
        }
    }

    /// Writes one error line to a client that is not admitted, and closes it.
    func refuse(_ socket: UnixSocket, _ error: WireError) {
        if var line = try? WireCoding.encode(ErrorEnvelope(id: nil, error: error)) {
            line.append(0x0A)
            _ = try? line.withUnsafeBytes { try socket.writeAvailable($0) }
        }
        socket.close()
    }
}

import Foundation
import HeraldClient
import HeraldCore
import HeraldDaemon
import HeraldDemo
import HeraldStore
import HeraldWire

/// The demo's state directory as a center: emptied for `--fresh`, served on its socket.
enum DemoHome {
    /// Deletes everything in `home` except `keeping` (the lock the demo holds).
    static func empty(_ home: HeraldHome, keeping: String) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: home.url.path) where name != keeping {
            try FileManager.default.removeItem(at: home.url.appendingPathComponent(name))
        }
    }

    /// Serves the demo's engine on the home's socket, as `herald daemon` would; when that is not
    /// possible the demo runs on, and its log says why commands cannot reach it.
    static func serve(_ engine: NotificationEngine, home: HeraldHome) async -> DemoServer {
        let endpoint = DaemonEndpoint(explicitHome: home.url.path)
        do {
            let backend = try EngineBackend(engine: engine,
                                            commandsFile: home.url.appendingPathComponent("service-extensions.json"))
            await backend.installCommandHosts()
            var configuration = IPCServer.Configuration()
            configuration.serverName = "herald demo \(VersionCommand.version)"
            let server = IPCServer(socketPath: endpoint.socketPath, backend: backend, configuration: configuration)
            try await server.start()
            return DemoServer(server: server)
        } catch {
            DemoLog.shared.write("Demo", "commands cannot reach the demo: \(ErrorSentence.describe(error))")
            return DemoServer(server: nil)
        }
    }
}

/// The demo's socket server, if it started.
struct DemoServer: Sendable {
    let server: IPCServer?
    func stop() { server?.stop() }
}

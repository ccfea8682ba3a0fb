import Foundation
import HeraldClient
import HeraldWire

/// A command that follows the center for as long as it runs (`herald status --watch`, `herald
/// relay`): a blocking connection subscribed to every event, handed to `session`; when the
/// center goes, `lost` is told and it connects again — 0.1 s doubling to 3 s between attempts,
/// starting a center as every client does (unless `$HERALD_NO_SPAWN` is set).
struct CenterFollower {
    let location: CenterLocation
    /// The client's name in its hello (the daemon's log).
    let name: String

    /// Runs sessions until one returns (its exit status: the command is done), or `lost` says to
    /// stop (returning an exit status; `nil` connects again).
    func run(lost: (_ error: any Error) -> Int32?, session: (BlockingIPCClient) throws -> Int32) -> Int32 {
        var pause = 0.1
        while true {
            do {
                let client = try location.connectBlocking(role: .cli, client: name)
                defer { client.close() }
                pause = 0.1
                _ = try client.call(Methods.subscribe, SubscribeParams(bundleIdentifier: nil))
                return try session(client)
            } catch {
                if let status = lost(error) { return status }
                Thread.sleep(forTimeInterval: pause)
                pause = min(pause * 2, 3)
            }
        }
    }
}

import Foundation
import HeraldClient
import HeraldCore

/// The system used when nothing was installed: the running `herald` daemon, as on Apple's
/// platforms every app talks to the one notification center.
///
/// The socket is found as every Herald process finds it (`$HERALD_SOCKET`, `$HERALD_HOME`, …;
/// see `DaemonEndpoint`). When no daemon answers, one is started in the background if a `herald`
/// executable can be found (`$HERALD_EXECUTABLE`, `herald` on `$PATH`, or next to this program;
/// `$HERALD_NO_SPAWN` turns starting off). When the daemon can be neither reached nor started,
/// the program gets a private in-process center instead (`LocalSystem`) and one line on standard
/// error says so.
///
/// The choice is made once, on the first call; every call waits for it (`DeferredSystem`).
enum DefaultSystem {
    /// The default system for this process (connecting starts at once, in the background).
    static func make(environment: [String: String] = ProcessInfo.processInfo.environment) -> any NotificationSystem {
        let choice = Task { await choose(environment: environment) }
        return DeferredSystem { await choice.value }
    }

    /// The daemon when it answers (or can be started), else a private in-process center.
    static func choose(environment: [String: String]) async -> any NotificationSystem {
        let endpoint = DaemonEndpoint(environment: environment)
        let executable = DaemonLauncher.locateHerald(environment: environment)
        let remote = RemoteNotificationSystem { hello in
            try await endpoint.connect(hello: hello, executable: executable, environment: environment)
        }
        do {
            try await remote.connectNow()
            return remote
        } catch {
            let reason = executable == nil && environment["HERALD_NO_SPAWN"] == nil
                ? "no herald daemon answers on \(endpoint.socketPath) and no herald executable was found to start one (set HERALD_EXECUTABLE)"
                : ErrorSentence.describe(error)
            RemoteNotificationSystem.logToStandardError(
                "\(reason); using a private in-process notification center (notifications stay inside this program)")
            return LocalSystem.make()
        }
    }
}

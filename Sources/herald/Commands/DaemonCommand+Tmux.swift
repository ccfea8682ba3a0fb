import Foundation
import HeraldClient
import HeraldCore
import HeraldDaemon
import HeraldTmux
import HeraldUI

extension DaemonCommand {
    /// The daemon's way out to tmux ([tmux] in the configuration file, docs/REACH.md): banners as
    /// popups running `herald popup` (this executable, on this center's socket) or message lines
    /// on the most recently active client, and the status options. Logs what it does.
    static func openTmuxReach(user: UserConfiguration, engine: NotificationEngine, server: IPCServer,
                              location: CenterLocation) async -> TmuxReach {
        let settings = user.tmux
        let tmux = TmuxServer.locate(settings.server, environment: ProcessInfo.processInfo.environment)
        let reach = TmuxReach(configuration: TmuxReach.Configuration(
            settings: settings, server: tmux, herald: DaemonLauncher.currentExecutable,
            popupEnvironment: ["HERALD_SOCKET": location.socketPath, "HERALD_NO_SPAWN": "1", "HERALD_CONFIG": user.path],
            markerDirectory: location.home.url.path, rules: user.rules,
            popupHeight: { record, app, width in
                PopupBanner(record: record, app: app, timeout: 0, keyGrace: 0, now: Date()).height(width: width)
            },
            interfacePanes: { server.attachedInterfacePanes },
            log: { DaemonLog.write($0) }))
        if let tmux {
            let banners = settings.banners == .off ? "no banners" : "banners as \(settings.banners.rawValue)s"
            DaemonLog.write("tmux: \(banners)\(settings.statusOptions ? ", status options" : "") on the server at "
                            + "\(tmux.socketPath) (whenever it runs)")
        } else {
            DaemonLog.write(settings.server == .off ? "tmux: off" : "tmux: no tmux program on PATH")
        }
        await reach.start(engine: engine)
        return reach
    }
}

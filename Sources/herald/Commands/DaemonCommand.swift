import Foundation
import HeraldBroker
import HeraldCore
import HeraldDaemon
import HeraldDBus
import HeraldStore
import HeraldSystem
import HeraldWire
import TerminalKit

/// `herald daemon`: the center itself, serving the socket, in the foreground.
enum DaemonCommand: HeraldCommand {
    static let name = "daemon"
    static let summary = "run the notification center (engine, store, socket) in the foreground"
    static let help = """
    Usage: herald [--home DIR] daemon [--prompt wait|allow|deny] [--rate-limit N] [--dbus | --no-dbus | --dbus-replace]
                  [--broker URL [--broker-password-file FILE] [--broker-ca FILE] [--broker-cert FILE --broker-key FILE]]
                  [--on-demand]

    Runs the notification center in the foreground, for a supervisor (systemd, runit, a tmux
    window): the engine with its SQLite store in the state directory, serving the socket that
    `herald`, `herald post`, `herald push` and Swift apps using UNUserNotificationCenter talk to.
    Logs go to standard error. SIGINT or SIGTERM stops it: it answers the requests it is running
    (up to 10 s), and pending requests are kept in the store and fire when it starts again.

    Settings: every option below has a key in the configuration file's [daemon] or [broker]
    section (docs/CONFIGURATION.md); an option overrides its key. So a daemon started by hand, by a
    supervisor or by a client in the background is the same center. A mistake in [daemon] or
    [broker] stops the daemon, naming the line (`herald config` checks the file the same way).

    One center per state directory: the daemon holds a lock (herald.lock) in it while it runs.
    When a daemon started on demand (below) holds it, this one takes the center over: the other
    stops accepting, passes its listening socket here, answers what it was asked, commits and
    exits; clients connecting meanwhile wait in the socket's queue and are served here. When a
    daemon started by hand or by a supervisor, or a running `herald demo`, holds it, this one
    refuses, naming that process and its pid (exit status 1).

    You rarely need to start it yourself: when no daemon answers, `herald` and the posting
    commands start one in the background (`herald daemon --on-demand`, its log in DIR/daemon.log)
    — or, when a supervisor runs the center, ask it to: `systemctl --user start herald.service`
    when herald.service or herald.socket is enabled ([daemon] start says otherwise).
    `scripts/install.sh --systemd` installs herald.service, herald.socket (socket activation: the
    daemon serves the socket systemd passes in LISTEN_FDS) and the D-Bus service file.

    Socket: $HERALD_SOCKET, else DIR/herald.sock when --home or $HERALD_HOME is given, else
    $XDG_RUNTIME_DIR/herald/herald.sock, else herald.sock in the state directory. The socket's
    directory is private (0700), the socket 0600, and clients of other users are refused.

    Permission prompts: an app's requestAuthorization is shown by every `herald ui` attached
    to the daemon; the first answer counts. With no UI attached the prompt waits until one
    attaches (or the app quits: then nothing is remembered and the app is asked again).

    Desktop notifications: when a session bus is reachable ($DBUS_SESSION_BUS_ADDRESS) and
    libdbus is installed, the daemon also serves org.freedesktop.Notifications, so notify-send and
    every program using libnotify post here; their actions, replies and dismissals go back to them.
    If another notification server holds the name, one log line names it and Herald serves the
    name when that server leaves.

    Broker: with --broker (or $HERALD_BROKER, or [broker] url) the daemon also takes
    notifications from an MQTT broker, posted from other machines with `herald post --broker` or
    any MQTT client, and keeps the devices on one prefix in step (an answer, a dismissal or a read
    mark on one is handled on all). It keeps a persistent session (client id from
    DIR/broker-device-id, QoS 1), so what is posted while it is down arrives when it is back; it
    reconnects with backoff and logs one line per change. See docs/BROKER.md.

    Options:
    \(DaemonOptions.help)
    \(BrokerOptions.help)
                       (each broker option has its key in [broker]: url, password-file, ca, cert, key)

    Examples:
      herald daemon
      herald daemon --prompt allow      # no UI at hand: let apps that ask notify
      HERALD_SOCKET=/tmp/h.sock herald --home /tmp/h daemon
      herald daemon --broker mqtts://alice@broker.example.org --broker-password-file ~/.config/herald/broker-password
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        // SIGUSR2 asks a daemon started on demand to hand over (`serve` watches it); it never
        // stops any other daemon.
        signal(SIGUSR2, SIG_IGN)
        // A log on a pipe whose reader left fails its writes (dropped, `LineWriter`) instead of
        // killing the daemon; sockets never raise it (`MSG_NOSIGNAL`).
        signal(SIGPIPE, SIG_IGN)
        let user = UserConfiguration()
        let options: DaemonOptions
        do {
            options = try DaemonOptions.resolve(&arguments, file: user.daemon)
        } catch let error as ConfigError {
            return refuse(user, [error])
        }
        try arguments.finish()
        guard user.daemonErrors.isEmpty else { return refuse(user, user.daemonErrors) }

        let location = CenterLocation(context)
        try location.home.create()
        var listener: InheritedListener?
        do {
            listener = try InheritedListener.fromSupervisor()
        } catch {
            printError("herald daemon: \(error)")
            return ExitStatus.failure
        }
        if let passed = listener?.path, passed != location.socketPath {
            DaemonLog.write("WARNING: the socket passed by the supervisor is \(passed), but clients here look for "
                            + "\(location.socketPath); give the socket unit that path (or set HERALD_SOCKET)")
        }
        // One center per state directory: a second daemon (or a demo) on this home refuses, unless
        // the one serving was started on demand: then it hands the center over.
        let holder = options.onDemand ? onDemandHolder : "herald daemon"
        let lock: CenterLock
        do {
            lock = try CenterLock.acquire(stateDirectory: location.home.url, holder: holder)
        } catch let error as CenterLockError {
            guard case .held(_, let pid, let holding) = error, !options.onDemand else { throw error }
            if listener != nil {
                // The supervisor bound the path anew: the daemon started on demand is asked by signal.
                guard let pid, holding == onDemandHolder else { throw error }
                DaemonLog.write("asking the daemon started on demand (pid \(pid)) to hand the center over (SIGUSR2)")
                kill(pid, SIGUSR2)
                lock = try CenterLock.acquire(stateDirectory: location.home.url, holder: holder,
                                              waitingUpTo: IPCServer.Configuration().requestDeadline + 30)
                return try await serve(user: user, options: options, location: location, lock: lock, listener: listener)
            }
            let handed: CenterHandOver.Handed
            do {
                handed = try CenterHandOver.ask(socketPath: location.socketPath)
            } catch let refusal as CenterHandOver.Refused {
                // (A daemon that will not hand over is what the lock's message describes.)
                printError("herald daemon: \(error)" + (refusal.byDaemon ? "" : " (it did not hand the center over: \(refusal))"))
                return ExitStatus.failure
            }
            DaemonLog.write("taking the center over from the daemon started on demand (pid \(handed.previousPID)); "
                            + "waiting for it to finish its requests")
            listener = handed.listener
            lock = try CenterLock.acquire(stateDirectory: location.home.url, holder: holder,
                                          waitingUpTo: IPCServer.Configuration().requestDeadline + 30)
        }
        return try await serve(user: user, options: options, location: location, lock: lock, listener: listener)
    }

    /// The lock holder's name of a daemon started on demand (the lock file's record).
    static let onDemandHolder = "herald daemon --on-demand"

    /// Serves the center (its lock taken) until a signal or a hand-over stops it.
    private static func serve(user: UserConfiguration, options: DaemonOptions, location: CenterLocation, lock: CenterLock,
                              listener: InheritedListener?) async throws -> Int32 {
        defer { lock.release() }
        // Retention is applied once the daemon serves (below), not as the store opens: at a
        // million rows finding what is past the limits takes longer than a start should.
        let store = try SQLiteStore(home: location.home, options: SQLiteStoreOptions(applyRetentionOnOpen: false))
        for line in user.errorLines { DaemonLog.write("config: " + line) }
        var configuration = EngineConfiguration()
        configuration.rules = user.rules
        configuration.unreadablePending = { DaemonLog.write("pending: \($0)") }
        let sounds = DaemonOutputs.install(into: &configuration, home: location.home.url.path, socketPath: location.socketPath,
                                           sound: user.daemon.sound, log: { DaemonLog.write($0) })
        // Prompts wait in the engine for a UI's answer (or the configured one, when none is attached).
        let unattendedAnswer: Bool? = switch options.prompt {
        case .wait: nil
        case .allow: true
        case .deny: false
        }
        let attendance = PromptAttendance(unattendedAnswer: unattendedAnswer, grace: 2, log: { DaemonLog.write($0) })
        let engine = try NotificationEngine(store: store, clock: SystemClock(), prompter: nil,
                                            attachmentsDirectory: location.home.attachmentsDirectory,
                                            configuration: configuration)
        let backend = try EngineBackend(engine: engine,
                                        commandsFile: location.home.url.appendingPathComponent("service-extensions.json"))
        await backend.installCommandHosts()
        await attendance.watch(backend)

        // What ends this run: a signal, or (a daemon started on demand) a hand-over.
        let (stops, stop) = AsyncStream.makeStream(of: String.self)
        var serverConfiguration = IPCServer.Configuration()
        serverConfiguration.appCallTimeout = configuration.delegateTimeout
        serverConfiguration.serverName = "herald \(VersionCommand.version)"
        serverConfiguration.log = { DaemonLog.write($0) }
        serverConfiguration.promptAttendance = attendance
        serverConfiguration.postRate = options.rateLimit == 0
            ? nil : RateLimit(perSecond: Double(options.rateLimit), burst: options.rateLimit * 10)
        if options.onDemand {
            serverConfiguration.onHandOver = { pid in stop.yield("handing over to pid \(pid)") }
        }
        let server = IPCServer(socketPath: location.socketPath, backend: backend, configuration: serverConfiguration)
        // SIGINT and SIGTERM are watched before anyone can see the daemon serve: one sent as
        // soon as a client got an answer is never lost while the watcher is set up.
        let signals = SignalWatcher(signals: [SIGINT, SIGTERM]) { number in stop.yield("signal \(number)") }
        do {
            try await server.start(inherited: listener)
        } catch let error as IPCError {
            printError("herald daemon: \(error)")
            return ExitStatus.failure
        }
        DaemonLog.write("herald \(VersionCommand.version) serving \(location.home.url.path) (pid \(getpid())"
                        + (options.onDemand ? ", started on demand: hands over to a herald daemon started later)" : ")"))
        DaemonLog.write("settings: \(options.summary) (\(user.path) and options)")
        DaemonLog.write("sound: \(sounds.summary)")

        let dbusDoor = options.desktopNotifications == .no ? nil : await DesktopNotificationsDoor.openAndLog(engine: engine, options: .init(
            replace: options.desktopNotifications == .replace,
            stagingDirectory: location.home.url.appendingPathComponent("dbus-images"),
            serverVersion: VersionCommand.version, postLimiter: server.postLimiter,
            playsSounds: { sounds.isAvailable }, eventLoop: server.eventLoop, log: { DaemonLog.write($0) }))
        // The broker front door (MQTT), when one is named.
        let brokerDoor = if let broker = options.broker {
            await BrokerDoor.openAndLog(settings: broker, stateDirectory: location.home.url, engine: engine,
                                        postLimiter: server.postLimiter, eventLoop: server.eventLoop,
                                        log: { DaemonLog.write($0) })
        } else { nil as BrokerDoor? }

        // The way out to tmux: popups, message lines, status options.
        let tmuxReach = await openTmuxReach(user: user, engine: engine, server: server, location: location)

        let scheduler = Task { await engine.run() }
        // The history past retention goes now, a step at a time beside the requests, the apps'
        // counts moved with it.
        Task.detached(priority: .utility) {
            do {
                let removed = try await engine.applyRetention(now: Date())
                if removed > 0 { DaemonLog.write("retention: removed \(removed) notifications past the history limits") }
            } catch {
                DaemonLog.write("WARNING: could not apply the history limits: \(error)")
            }
        }
        // Damage is reported, not discovered by a reader later (off the start path: a large
        // history takes seconds to check).
        Task.detached(priority: .background) {
            do {
                let report = try store.quickCheck()
                if !report.isIntact { DaemonLog.write("WARNING: \(report)") }
            } catch {
                DaemonLog.write("WARNING: could not check the database: \(error)")
            }
        }
        // SIGUSR2: a daemon whose supervisor passed it the socket takes the center over.
        if options.onDemand {
            Task {
                _ = await SignalWatcher.firstSignal(of: [SIGUSR2])
                server.leaveSocketFile()
                stop.yield("handing over: SIGUSR2 from a daemon with its own socket")
            }
        }
        var reasons = stops.makeAsyncIterator()
        let reason = await reasons.next() ?? "end"
        signals.cancel()   // (a second signal now has its default action: the process ends at once)
        DaemonLog.write("stopping (\(reason))")
        await dbusDoor?.close()
        await tmuxReach.stop()
        // Drain: the requests already firing are delivered and committed (each with its pending
        // row) before the process exits; the scheduler takes nothing new once cancelled.
        scheduler.cancel()
        brokerDoor?.close()
        await scheduler.value
        // What clients asked before the stop is answered before their connections close.
        await server.finishRequests(timeout: 10)
        server.stop()
        attendance.stop()
        do {
            try await engine.commitPendingWrites()
        } catch {
            DaemonLog.write("could not commit the last writes: \(error)")
        }
        return ExitStatus.success
    }

    /// The daemon's settings have mistakes: each is printed with its line, and it does not start.
    private static func refuse(_ user: UserConfiguration, _ errors: [ConfigError]) -> Int32 {
        for line in user.lines(errors) { printError("herald daemon: " + line) }
        printError("herald daemon: not started: fix [daemon] and [broker] (herald config checks the file)")
        return ExitStatus.failure
    }
}

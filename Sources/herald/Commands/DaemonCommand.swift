import Dispatch
import Foundation
import HeraldBroker
import HeraldCore
import HeraldDaemon
import HeraldDBus
import HeraldStore
import HeraldSystem
import HeraldWire

/// `herald daemon`: the center itself, serving the socket, in the foreground.
enum DaemonCommand: HeraldCommand {
    static let name = "daemon"
    static let summary = "run the notification center (engine, store, socket) in the foreground"
    static let help = """
    Usage: herald [--home DIR] daemon [--prompt allow|deny] [--rate-limit N] [--no-dbus | --dbus-replace]
                  [--broker URL [--broker-password-file FILE] [--broker-ca FILE] [--broker-cert FILE --broker-key FILE]]

    Runs the notification center in the foreground, for a supervisor (systemd, runit, a tmux
    window): the engine with its SQLite store in the state directory, serving the socket that
    `herald`, `herald post`, `herald push` and Swift apps using UNUserNotificationCenter talk to.
    Logs go to standard error. SIGINT or SIGTERM stops it; pending requests are kept in the
    store and fire when it starts again. SIGUSR1 logs how many posts shared each commit since
    the last SIGUSR1 ("commit groups: …").

    One center per state directory: the daemon holds a lock (herald.lock) in it while it runs;
    when another daemon or a running `herald demo` holds it, this one refuses, naming that
    process and its pid (exit status 1). `scripts/install.sh --systemd` runs it from login.

    You rarely need to start it yourself: `herald` and the posting commands start one in the
    background when none answers (its log is DIR/daemon.log).

    Socket: $HERALD_SOCKET, else DIR/herald.sock when --home or $HERALD_HOME is given, else
    $XDG_RUNTIME_DIR/herald/herald.sock, else herald.sock in the state directory. The socket's
    directory is private (0700), the socket 0600, and clients of other users are refused.

    Permission prompts: an app's requestAuthorization is shown by every `herald ui` attached
    to the daemon; the first answer counts. With no UI attached the prompt waits until one
    attaches (or the app quits: then nothing is remembered and the app is asked again).

    Desktop notifications: when a session bus is reachable ($DBUS_SESSION_BUS_ADDRESS) and
    libdbus is installed, the daemon also serves org.freedesktop.Notifications, so notify-send and
    every program using libnotify post here; their actions, replies and dismissals go back to them.
    If another notification server holds the name, one log line names it.

    Broker: with --broker (or $HERALD_BROKER) the daemon also takes notifications from an MQTT
    broker, posted from other machines with `herald post --broker` or any MQTT client, and keeps
    the devices on one prefix in step (an answer, a dismissal or a read mark on one is handled on
    all). It keeps a persistent session (client id from DIR/broker-device-id, QoS 1), so what is
    posted while it is down arrives when it is back; it reconnects with backoff and logs one line
    per change. See docs/BROKER.md.

    Options:
      --prompt allow|deny   how to answer prompts while no user interface is attached, after
                            a grace of 2 seconds (default: wait for a user interface)
      --rate-limit N        posts one app may make a second, in bursts of 10 × N (default
                            50, bursts of 500), whichever door they come through: the socket
                            (`herald post`, apps), D-Bus Notify and the broker share one count
                            per app. Past it a post is refused with an error naming the app
                            and the limit (rateLimited on the socket,
                            org.freedesktop.DBus.Error.LimitsExceeded to a D-Bus sender);
                            broker posts are held back to the rate instead (the broker keeps
                            the rest; one log line says so). 0 turns the limit off
    \(BrokerOptions.help)
      --no-dbus             do not serve org.freedesktop.Notifications
      --dbus-replace        take org.freedesktop.Notifications over from the server holding it
                            (when that server allows replacement, as dunst and mako do)

    Examples:
      herald daemon
      herald daemon --prompt allow      # no UI at hand: let apps that ask notify
      HERALD_SOCKET=/tmp/h.sock herald --home /tmp/h daemon
      herald daemon --broker mqtts://alice@broker.example.org --broker-password-file ~/.config/herald/broker-password
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        let prompt = try arguments.option("--prompt")
        let rate = try arguments.intOption("--rate-limit", in: 0...1_000_000)
        let noDBus = arguments.flag("--no-dbus")
        let replaceDBus = arguments.flag("--dbus-replace")
        if noDBus && replaceDBus { throw UsageError("--no-dbus and --dbus-replace cannot be used together") }
        if let prompt, prompt != "allow" && prompt != "deny" {
            throw UsageError("--prompt must be allow or deny, not '\(prompt)'")
        }
        let user = UserConfiguration()
        let broker = try BrokerOptions.parse(&arguments, fromEnvironment: true, configuration: user.file)
        try arguments.finish()

        let location = CenterLocation(context)
        try location.home.create()
        // One center per state directory: a second daemon (or a demo) on this home refuses.
        let lock = try CenterLock.acquire(stateDirectory: location.home.url, holder: "herald daemon")
        defer { lock.release() }
        let store = try SQLiteStore(home: location.home)
        for line in user.errorLines { DaemonLog.write("config: " + line) }
        var configuration = EngineConfiguration()
        configuration.rules = user.rules
        // Prompts wait in the engine for a UI's answer (or `--prompt`'s, when none is attached).
        let attendance = PromptAttendance(unattendedAnswer: prompt.map { $0 == "allow" }, grace: 2,
                                          log: { DaemonLog.write($0) })
        let engine = try NotificationEngine(store: store, clock: SystemClock(), prompter: nil,
                                            attachmentsDirectory: location.home.attachmentsDirectory,
                                            configuration: configuration)
        let backend = try EngineBackend(engine: engine,
                                        commandsFile: location.home.url.appendingPathComponent("service-extensions.json"))
        await backend.installCommandHosts()
        await attendance.watch(backend)

        var serverConfiguration = IPCServer.Configuration()
        serverConfiguration.appCallTimeout = configuration.delegateTimeout
        serverConfiguration.serverName = "herald \(VersionCommand.version)"
        serverConfiguration.log = { DaemonLog.write($0) }
        serverConfiguration.promptAttendance = attendance
        if let rate {
            serverConfiguration.postRate = rate == 0 ? nil : RateLimit(perSecond: Double(rate), burst: rate * 10)
        }
        let server = IPCServer(socketPath: location.socketPath, backend: backend, configuration: serverConfiguration)
        do {
            try await server.start()
        } catch let error as IPCError {
            printError("herald daemon: \(error)")
            return ExitStatus.failure
        }
        DaemonLog.write("herald \(VersionCommand.version) serving \(location.home.url.path) (pid \(getpid()))")

        let dbusDoor = noDBus ? nil : await DesktopNotificationsDoor.openAndLog(engine: engine, options: .init(
            replace: replaceDBus, stagingDirectory: location.home.url.appendingPathComponent("dbus-images"),
            serverVersion: VersionCommand.version, postLimiter: server.postLimiter, log: { DaemonLog.write($0) }))
        // The broker front door (MQTT), when one is named.
        let brokerDoor = if let broker {
            await BrokerDoor.openAndLog(settings: broker, stateDirectory: location.home.url, commandLine: server,
                                        center: backend, log: { DaemonLog.write($0) })
        } else { nil as BrokerDoor? }

        let scheduler = Task { await engine.run() }
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
        // SIGUSR1 logs how posts shared commits since the last time (herald-bench reads it).
        signal(SIGUSR1, SIG_IGN)
        let statistics = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .global())
        statistics.setEventHandler {
            Task { DaemonLog.write(await engine.takeCommitGroupStatistics().description) }
        }
        statistics.resume()
        let stopSignal = await SignalWatcher.firstSignal(of: [SIGINT, SIGTERM])
        statistics.cancel()
        DaemonLog.write("stopping (signal \(stopSignal))")
        await dbusDoor?.close()
        // Drain: the requests already firing are delivered and committed (each with its pending
        // row) before the process exits; the scheduler takes nothing new once cancelled.
        scheduler.cancel()
        brokerDoor?.close()
        await scheduler.value
        server.stop()
        attendance.stop()
        do {
            try await engine.commitPendingWrites()
        } catch {
            DaemonLog.write("could not commit the last writes: \(error)")
        }
        return ExitStatus.success
    }
}

/// One line per event on standard error, with the time; clients' text in it is escaped
/// (`LogText`), never written raw.
enum DaemonLog {
    static func write(_ message: String) {
        let stamp = Date().formatted(.iso8601.time(includingFractionalSeconds: true))
        FileHandle.standardError.write(Data("\(stamp) herald: \(LogText.escaped(message))\n".utf8))
    }
}

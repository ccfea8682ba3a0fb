import Dispatch
import Foundation
import HeraldCore
import HeraldDBus
import HeraldIPC
import HeraldStore

/// `herald daemon`: the center itself, serving the socket, in the foreground.
enum DaemonCommand: HeraldCommand {
    static let name = "daemon"
    static let summary = "run the notification center (engine, store, socket) in the foreground"
    static let help = """
    Usage: herald [--home DIR] daemon [--prompt allow|deny] [--no-dbus | --dbus-replace]

    Runs the notification center in the foreground, for a supervisor (systemd, runit, a tmux
    window): the engine with its SQLite store in the state directory, serving the socket that
    `herald`, `herald post`, `herald push` and Swift apps using UNUserNotificationCenter talk to.
    Logs go to standard error. SIGINT or SIGTERM stops it; pending requests are kept in the
    store and fire when it starts again.

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

    Options:
      --prompt allow|deny   how to answer prompts while no user interface is attached, after
                            a grace of 2 seconds (default: wait for a user interface)
      --no-dbus             do not serve org.freedesktop.Notifications
      --dbus-replace        take org.freedesktop.Notifications over from the server holding it
                            (when that server allows replacement, as dunst and mako do)

    Examples:
      herald daemon
      herald daemon --prompt allow      # no UI at hand: let apps that ask notify
      HERALD_SOCKET=/tmp/h.sock herald --home /tmp/h daemon
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        let prompt = try arguments.option("--prompt")
        let noDBus = arguments.flag("--no-dbus")
        let replaceDBus = arguments.flag("--dbus-replace")
        if noDBus && replaceDBus { throw UsageError("--no-dbus and --dbus-replace cannot be used together") }
        if let prompt, prompt != "allow" && prompt != "deny" {
            throw UsageError("--prompt must be allow or deny, not '\(prompt)'")
        }
        try arguments.finish()

        let location = CenterLocation(context)
        try location.home.create()
        let store = try SQLiteStore(home: location.home)
        let configuration = EngineConfiguration()
        let prompter = RelayingPrompter(unattendedAnswer: prompt.map { $0 == "allow" }, grace: 2,
                                        log: { DaemonLog.write($0) })
        let engine = try NotificationEngine(store: store, clock: SystemClock(), prompter: prompter,
                                            attachmentsDirectory: location.home.attachmentsDirectory,
                                            configuration: configuration)
        let backend = try EngineBackend(engine: engine,
                                        commandsFile: location.home.url.appendingPathComponent("service-extensions.json"))
        await backend.installCommandHosts()

        var serverConfiguration = IPCServer.Configuration()
        serverConfiguration.appCallTimeout = configuration.delegateTimeout
        serverConfiguration.serverName = "herald \(VersionCommand.version)"
        serverConfiguration.log = { DaemonLog.write($0) }
        serverConfiguration.prompter = prompter
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
            serverVersion: VersionCommand.version, log: { DaemonLog.write($0) }))

        let scheduler = Task { await engine.run() }
        let signal = await waitForTerminationSignal()
        DaemonLog.write("stopping (signal \(signal))")
        await dbusDoor?.close()
        scheduler.cancel()
        server.stop()
        return ExitStatus.success
    }

    /// Suspends until SIGINT or SIGTERM; returns the signal number.
    private static func waitForTerminationSignal() async -> Int32 {
        let queue = DispatchQueue(label: "herald.daemon.signals")
        let numbers = [SIGINT, SIGTERM]
        let sources = numbers.map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: number, queue: queue)
        }
        let received = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            let once = OnceFlag()
            for (number, source) in zip(numbers, sources) {
                source.setEventHandler {
                    if once.claim() { continuation.resume(returning: number) }
                }
                source.resume()
            }
        }
        for source in sources { source.cancel() }
        return received
    }
}

/// One line per event on standard error, with the time.
enum DaemonLog {
    static func write(_ message: String) {
        let stamp = Date().formatted(.iso8601.time(includingFractionalSeconds: true))
        FileHandle.standardError.write(Data("\(stamp) herald: \(message)\n".utf8))
    }
}

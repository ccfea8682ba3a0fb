import Dispatch
import Foundation
import HeraldCore
import HeraldPreview
import HeraldSystem
import Synchronization
import TerminalKit

/// The terminal UI as the `herald` executable starts it: a terminal from the driver (ncurses in
/// `herald`), the UI loop on its own thread, effects against the center, the center's events in
/// (permission prompts among them), and the terminal restored on every way out (quit, SIGINT,
/// SIGTERM, SIGHUP, errors, crashes).
///
/// Everything reaches the model through the inbox (`MessageQueue`), which wakes the loop: the
/// center's events (forwarded here), the results of effects (`EffectRunner.send`), and whatever
/// the host sends or forwards (log lines, the connection's state).
///
/// ```swift
/// let inbox = MessageQueue()                        // inbox.log("…") appends to the log pane
/// try await TerminalApp.run(center: engine, driver: .curses, options: .init(ui: .fromEnvironment()),
///                           inbox: inbox) { line in
///     line == "invite" ? "Invitation sent" : nil   // nil: unknown command
/// }
/// ```
public enum TerminalApp {
    /// How to run the terminal UI.
    public struct Options: Sendable {
        /// Banner duration, mute, colours (`NO_COLOR`), log pane, extra command help.
        public var ui: UIConfiguration
        /// Report mouse clicks (buttons, rows). Shift-click still selects text in most terminals.
        public var mouse: Bool
        /// The terminal type; `nil` reads `TERM`.
        public var term: String?

        public init(ui: UIConfiguration = .fromEnvironment(), mouse: Bool = true, term: String? = nil) {
            self.ui = ui
            self.mouse = mouse
            self.term = term
        }
    }

    /// Runs the UI until the user quits (`q`, `:quit`), the terminal hangs up, or a
    /// SIGINT/SIGTERM/SIGHUP arrives. Throws when no terminal can be set up. The terminal is
    /// restored, and the inbox closed (its forwards end), before it returns.
    public static func run(center: any CenterControl, driver: TerminalDriver, options: Options = Options(),
                           inbox: MessageQueue = MessageQueue(),
                           commandHandler: CommandHandler? = nil) async throws {
        let worker = EffectWorker(runner: EffectRunner(center: center, commandHandler: commandHandler,
                                                       send: { inbox.send($0) }))
        let stop = StopFlag()
        let signals = SignalWatcher(signals: [SIGINT, SIGTERM, SIGHUP], onRepeat: driver.restoreNow) { _ in
            stop.set()
            inbox.wake()
        }
        inbox.forward(await center.events()) { .event($0) }
        defer {
            inbox.close()
            signals.cancel()
        }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let thread = Thread {
                do {
                    try runLoop(driver: driver, options: options, inbox: inbox, worker: worker, stop: stop)
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.name = "herald-ui"
            thread.start()
        }
        worker.cancel()
    }

    /// The loop, on its own thread; the terminal is shut down before this returns or throws.
    /// The first screen's loads are asked for before the terminal is set up: the center reads
    /// them while ncurses starts, and their answers wait in the inbox for the first frames.
    static func runLoop(driver: TerminalDriver, options: Options, inbox: MessageQueue, worker: EffectWorker,
                        stop: StopFlag) throws {
        worker.submit(together: AppModel(config: options.ui).startupEffects)
        let terminal = try driver.open(TerminalDriver.Settings(colors: options.ui.colors, mouse: options.mouse,
                                                               term: options.term))
        defer { terminal.shutdown() }
        var ui = options.ui
        ui.previewMode = PreviewColorMode.choose(colorTerm: ProcessInfo.processInfo.environment["COLORTERM"],
                                                 terminalColors: terminal.colorCount, noColor: !ui.colors)
        let program = UIProgram(model: AppModel(config: ui), backend: terminal, inbox: inbox,
                                performTogether: { worker.submit(together: $0) }, perform: { worker.submit($0) })
        program.run(loadsAskedFor: true, shouldStop: { stop.isSet })
    }
}

/// A flag set from a signal handler and read by the loop.
final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    func set() { flag.store(true, ordering: .relaxed) }
    var isSet: Bool { flag.load(ordering: .relaxed) }
}

import Dispatch
import Foundation
import HeraldCore
import HeraldPreview
import HeraldSystem
import Synchronization
import TerminalKit

/// The terminal UI as the `herald` executable starts it: a terminal from the driver (ncurses in
/// `herald`), the UI loop, effects against the center, the center's events in (permission
/// prompts among them), and the terminal restored on every way out (quit, SIGINT, SIGTERM,
/// SIGHUP, errors, crashes).
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
        /// Milliseconds a frame waits for input before it looks at the inbox again.
        public var frameMilliseconds: Int

        public init(ui: UIConfiguration = .fromEnvironment(), mouse: Bool = true, term: String? = nil,
                    frameMilliseconds: Int = 25) {
            self.ui = ui
            self.mouse = mouse
            self.term = term
            self.frameMilliseconds = frameMilliseconds
        }
    }

    /// Runs the UI until the user quits (`q`, `:quit`) or a SIGINT/SIGTERM/SIGHUP arrives.
    /// Throws when no terminal can be set up. The terminal is restored before it returns.
    public static func run(center: any CenterControl, driver: TerminalDriver, options: Options = Options(),
                           inbox: MessageQueue = MessageQueue(),
                           commandHandler: CommandHandler? = nil) async throws {
        let runner = EffectRunner(center: center, commandHandler: commandHandler,
                                  send: { inbox.send($0) })
        let worker = EffectWorker(runner: runner)
        let stop = StopFlag()
        let signals = SignalWatcher(signals: [SIGINT, SIGTERM, SIGHUP], onRepeat: driver.restoreNow) { _ in stop.set() }
        let events = Task {
            for await event in await center.events() { inbox.send(.event(event)) }
        }
        defer {
            events.cancel()
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
    static func runLoop(driver: TerminalDriver, options: Options, inbox: MessageQueue, worker: EffectWorker,
                        stop: StopFlag) throws {
        let terminal = try driver.open(TerminalDriver.Settings(colors: options.ui.colors, mouse: options.mouse,
                                                               term: options.term))
        defer { terminal.shutdown() }
        var ui = options.ui
        ui.previewMode = PreviewColorMode.choose(colorTerm: ProcessInfo.processInfo.environment["COLORTERM"],
                                                 terminalColors: terminal.colorCount, noColor: !ui.colors)
        let program = UIProgram(model: AppModel(config: ui), backend: terminal, inbox: inbox,
                                perform: { worker.submit($0) })
        program.run(frameMilliseconds: options.frameMilliseconds, shouldStop: { stop.isSet })
    }
}

/// A flag set from a signal handler and read by the loop.
final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    func set() { flag.store(true, ordering: .relaxed) }
    var isSet: Bool { flag.load(ordering: .relaxed) }
}

import Foundation
import HeraldCore
import TerminalKit

/// The UI loop (Bubble Tea's `Program`): reads terminal events, takes every message waiting in
/// the inbox, runs them through `AppModel.update`, hands effects out, and redraws once per frame
/// — only the cells that changed.
///
/// It owns the backend and runs on one thread. Tests drive it frame by frame with `step()`:
///
/// ```swift
/// let backend = TestBackend(width: 80, height: 24)
/// let program = UIProgram(model: AppModel(), backend: backend, inbox: MessageQueue()) { effect in … }
/// program.start()
/// backend.events = [.key(.char("?"))]
/// program.step()
/// ```
public final class UIProgram {
    public private(set) var model: AppModel
    public let backend: any TerminalBackend
    public let inbox: MessageQueue
    /// Where effects for the center go (the loop handles bell, flash and quit itself).
    let perform: @Sendable (Effect) -> Void
    let clock: @Sendable () -> Date
    /// The environment `o` decides by (`DISPLAY`, `WAYLAND_DISPLAY`, `PAGER`, `PATH`).
    public var environment = ProcessInfo.processInfo.environment
    private var previous: Buffer?
    private var lastTick = Date.distantPast
    /// Effects handed out, in order (for tests and debugging).
    public private(set) var effectLog: [Effect] = []
    /// Frames drawn.
    public private(set) var frames = 0

    public init(model: AppModel, backend: any TerminalBackend, inbox: MessageQueue,
                clock: @escaping @Sendable () -> Date = { Date() },
                perform: @escaping @Sendable (Effect) -> Void) {
        self.model = model
        self.backend = backend
        self.inbox = inbox
        self.clock = clock
        self.perform = perform
    }

    /// Takes the terminal's size, asks for the initial data and draws the first frame.
    public func start() {
        let size = backend.size()
        apply([.resize(width: size.width, height: size.height), .tick(clock())])
        dispatch(model.startupEffects)
        render()
    }

    /// One frame: waits up to `timeoutMilliseconds` for input, takes all input and messages,
    /// updates, runs effects, redraws. Returns `false` once the user quit.
    @discardableResult
    public func step(timeoutMilliseconds: Int = 0) -> Bool {
        var input: [Msg] = []
        if let event = backend.readEvent(timeoutMilliseconds: timeoutMilliseconds) {
            input.append(message(for: event))
            var extra = 0
            while extra < 256, let more = backend.readEvent(timeoutMilliseconds: 0) {
                input.append(message(for: more))
                extra += 1
            }
        }
        input += inbox.drain()
        // The clock moves first: keys and events are handled at the time they were read, not
        // at the last quiet frame's (up to 0.25 s earlier — which the key grace would count).
        var msgs: [Msg] = []
        let now = clock()
        if now.timeIntervalSince(lastTick) >= 0.25 || !input.isEmpty {
            msgs.append(.tick(now))
            lastTick = now
        }
        msgs += input
        if !msgs.isEmpty {
            apply(msgs)
            render()
        }
        return !model.quitRequested
    }

    /// Runs frames until the user quits (or `shouldStop` says so).
    public func run(frameMilliseconds: Int = 25, shouldStop: () -> Bool = { false }) {
        start()
        while step(timeoutMilliseconds: frameMilliseconds) && !shouldStop() {}
    }

    func message(for event: TerminalEvent) -> Msg {
        switch event {
        case .key(let key): return .key(key)
        case .mouse(let mouse): return .mouse(mouse)
        case .resize(let width, let height):
            backend.clear()
            previous = nil
            return .resize(width: width, height: height)
        }
    }

    /// Updates the model with every message, then hands out the effects (deduplicated).
    public func apply(_ msgs: [Msg]) {
        dispatch(model.update(batch: msgs))
    }

    func dispatch(_ effects: [Effect]) {
        let lastLoad = effects.lastIndex { if case .loadHistory = $0 { return true } else { return false } }
        var seen = Set<Effect>()
        for (i, effect) in effects.enumerated() {
            switch effect {
            case .loadHistory where i != lastLoad:
                continue
            case .loadApps, .loadCounts, .loadDoNotDisturb, .loadFocus, .bell, .flash:
                guard seen.insert(effect).inserted else { continue }
            default:
                break
            }
            effectLog.append(effect)
            switch effect {
            case .bell: backend.bell()
            case .flash: backend.flash()
            case .quit: break
            case .openAttachment(let attachment): open(attachment)
            default: perform(effect)
            }
        }
    }

    /// Opens an attachment: a desktop viewer in the background, a pager with the terminal
    /// handed over (then a full redraw), or a message in the status line.
    func open(_ attachment: AttachmentRecord) {
        switch AttachmentOpener.plan(for: attachment, environment: environment) {
        case .desktop(let command):
            inbox.send(.commandResult(AttachmentOpener.launch(command, fileName: attachment.fileName)))
        case .pager(let command):
            var failure: String?
            backend.suspend { failure = AttachmentOpener.runInTerminal(command) }
            previous = nil
            if let failure { inbox.send(.failed(failure)) }
        case .message(let text):
            inbox.send(.commandResult(text))
            inbox.send(.log(text))   // the log pane keeps the whole path when the status line is too narrow
        }
    }

    /// Draws the cells that changed since the last frame.
    public func render() {
        let next = model.view()
        let changes = previous.map { $0.diff(next) } ?? Buffer(area: .zero).diff(next)
        if !changes.isEmpty { backend.draw(changes) }
        backend.setCursor(model.cursorPosition)
        backend.flush()
        previous = next
        frames += 1
    }
}

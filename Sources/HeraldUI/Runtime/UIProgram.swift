import Foundation
import HeraldCore
import TerminalKit

/// The UI loop (Bubble Tea's `Program`). It sleeps until there is something to do — a key, a
/// click or a resize from the terminal, a message in the inbox, or the model's next timer
/// (`AppModel.nextTimer`) — then takes everything waiting, runs it through `AppModel.update`,
/// hands effects out and redraws only the cells that changed. An idle UI wakes once a minute.
///
/// It owns the backend and runs on one thread. Tests drive it frame by frame with `step()`,
/// which never waits:
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
    /// Where effects off the UI's thread go (`EffectWorker.submit`); the terminal's run here.
    let perform: @Sendable (Effect) -> Void
    /// Where a run of loads goes, to be asked for together (`EffectWorker.submit(together:)`);
    /// without it, each load goes through `perform`.
    let performTogether: (@Sendable ([Effect]) -> Void)?
    let clock: @Sendable () -> Date
    /// The environment `o` decides by (`DISPLAY`, `WAYLAND_DISPLAY`, `PAGER`, `PATH`).
    public var environment = ProcessInfo.processInfo.environment
    private var previous: Buffer?
    /// The last step stopped reading with terminal input left: the loop does not sleep.
    private var inputLeft = false
    /// The terminal hung up: the loop ends.
    public private(set) var terminalClosed = false
    /// Effects handed out, in order (for tests and debugging).
    public private(set) var effectLog: [Effect] = []
    /// Frames drawn.
    public private(set) var frames = 0
    /// Times `run` woke from waiting.
    public private(set) var wakeUps = 0

    /// Terminal events taken in one frame at most (a paste of thousands of characters is drawn
    /// as it comes, not after its end).
    static let eventsPerFrame = 256
    /// The longest sleep: a wall clock set back does not leave the header clock stale for long.
    static let longestWaitMilliseconds = 60_000
    /// How often the loop looks at the inbox when the inbox cannot wake it (no descriptors left).
    static let fallbackFrameMilliseconds = 25

    public init(model: AppModel, backend: any TerminalBackend, inbox: MessageQueue,
                clock: @escaping @Sendable () -> Date = { Date() },
                performTogether: (@Sendable ([Effect]) -> Void)? = nil,
                perform: @escaping @Sendable (Effect) -> Void) {
        self.model = model
        self.backend = backend
        self.inbox = inbox
        self.clock = clock
        self.performTogether = performTogether
        self.perform = perform
    }

    /// Takes the terminal's size, asks for the initial data and draws the first frame. When the
    /// host asked for the model's `startupEffects` already (`loadsAskedFor`), the answers in the
    /// inbox by now are in that frame.
    public func start(loadsAskedFor: Bool = false) {
        let size = backend.size()
        apply([.resize(width: size.width, height: size.height), .tick(clock())] + (loadsAskedFor ? inbox.drain() : []))
        if !loadsAskedFor { dispatch(model.startupEffects) }
        render()
    }

    /// Runs until the user quits, the terminal hangs up, or `shouldStop` says so (checked on
    /// every wake-up: whoever sets it wakes the loop with `MessageQueue.wake()`).
    /// `loadsAskedFor`: the host asked for the model's `startupEffects` before the terminal was
    /// set up (`TerminalApp`).
    public func run(loadsAskedFor: Bool = false, shouldStop: () -> Bool = { false }) {
        start(loadsAskedFor: loadsAskedFor)
        while !model.quitRequested && !terminalClosed && !shouldStop() {
            backend.waitForInput(wakeDescriptor: inbox.wakeDescriptor, timeoutMilliseconds: waitMilliseconds())
            wakeUps += 1
            step()
        }
    }

    /// How long the loop may sleep: until the model's next timer (rounded up to a whole
    /// millisecond, so it wakes when the timer is due, not just before); not at all when
    /// terminal input is left over; a frame at most when nothing can wake it.
    func waitMilliseconds() -> Int? {
        if inputLeft { return 0 }
        var wait = model.nextTimer.map { timer in
            Int(min(Double(Self.longestWaitMilliseconds), max(0, timer.timeIntervalSince(clock()) * 1000)).rounded(.up))
        }
        if !inbox.canWake { wait = min(wait ?? Self.fallbackFrameMilliseconds, Self.fallbackFrameMilliseconds) }
        return wait
    }

    /// One frame, without waiting: takes the terminal events and messages waiting, and — with
    /// them, when the model's timer is due, or when the wall clock was set back — the time;
    /// updates, runs effects, redraws. Returns `false` once the user quit.
    @discardableResult
    public func step() -> Bool {
        var msgs: [Msg] = []
        var events = 0
        while events < Self.eventsPerFrame, let event = backend.readEvent() {
            events += 1
            if let msg = message(for: event) { msgs.append(msg) }
        }
        inputLeft = events == Self.eventsPerFrame
        msgs += inbox.drain()
        let now = clock()
        if !msgs.isEmpty || model.nextTimer.map({ now >= $0 }) == true || now < model.now {
            // The time first: keys act on the screen as it is now (a banner's key grace, the status).
            apply([.tick(now)] + msgs)
            // A timer the frame made due (a reply closed on a banner whose time is up) goes now.
            if model.timerIsDue { apply([.tick(now)]) }
            render()
        }
        return !model.quitRequested
    }

    func message(for event: TerminalEvent) -> Msg? {
        switch event {
        case .key(let key): return .key(key)
        case .mouse(let mouse): return .mouse(mouse)
        case .resize(let width, let height):
            backend.clear()
            previous = nil
            return .resize(width: width, height: height)
        case .hangUp:
            terminalClosed = true
            return nil
        }
    }

    /// Updates the model with every message, then hands out the effects (deduplicated).
    public func apply(_ msgs: [Msg]) {
        dispatch(model.update(batch: msgs))
    }

    /// Hands out effects in order, deduplicated; loads one right after another go out together
    /// (`performTogether`).
    func dispatch(_ effects: [Effect]) {
        let lastLoad = effects.lastIndex { if case .loadHistory = $0 { return true } else { return false } }
        var seen = Set<Effect>()
        var loads: [Effect] = []
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
            if effect.isLoad {
                loads.append(effect)
                continue
            }
            handOut(&loads)
            if case .terminal(let terminalEffect) = effect.job {
                perform(terminalEffect)
            } else {
                perform(effect)
            }
        }
        handOut(&loads)
    }

    /// Hands out a run of loads: together when there is a way to, else one by one.
    private func handOut(_ loads: inout [Effect]) {
        if loads.count > 1, let performTogether {
            performTogether(loads)
        } else {
            for load in loads { perform(load) }
        }
        loads.removeAll()
    }

    /// Carries out an effect of the terminal's lane, here on the UI's thread.
    func perform(_ effect: TerminalEffect) {
        switch effect {
        case .bell: backend.bell()
        case .flash: backend.flash()
        case .quit: break
        case .open(let attachment): open(attachment)
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

import Foundation
import HeraldSystem
import TerminalKit

/// Runs a `PopupBanner` on a terminal (what `herald popup` shows inside a tmux popup) until it
/// is answered, closed, expires, or is settled elsewhere. The loop sleeps in the terminal's
/// `poll` until a key, the popup's next timer, or `wake` (the center's news).
///
/// ```swift
/// let outcome = try PopupProgram.run(popup, driver: .curses, theme: theme, wake: wake,
///                                    isSettled: { flag.isSet },
///                                    hooks: PopupProgram.Hooks(passOn: { keys in … }, shown: { … }))
/// ```
public enum PopupProgram {
    /// What the popup tells its host as it runs (on the loop's thread).
    public struct Hooks: Sendable {
        /// Keys it passes on, in order (typed before it took keys, or not its own).
        public var passOn: @Sendable ([Key]) -> Void
        /// The first frame is on screen.
        public var shown: @Sendable () -> Void

        public init(passOn: @escaping @Sendable ([Key]) -> Void, shown: @escaping @Sendable () -> Void = {}) {
            self.passOn = passOn
            self.shown = shown
        }
    }

    /// Runs `popup`; returns how it ended. `isSettled` says the notification needs the popup no
    /// more (answered elsewhere, removed, the center gone); it is asked when `wake` fires.
    /// Throws when no terminal can be set up.
    public static func run(_ popup: PopupBanner, driver: TerminalDriver, theme: Theme, wake: WakePipe,
                           isSettled: @escaping @Sendable () -> Bool, hooks: Hooks) throws -> PopupBanner.Outcome {
        let terminal = try driver.open(TerminalDriver.Settings(colors: theme.colors, mouse: false))
        defer { terminal.shutdown() }
        var popup = popup
        var previous: Buffer?
        var hasShown = false
        while true {
            let now = Date()
            if isSettled() { return .close }
            if case .finish(let outcome)? = popup.tick(at: now) { return outcome }
            let size = terminal.size()
            var frame = Buffer(width: size.width, height: size.height)
            let cursor = popup.render(into: &frame, at: now, theme: theme)
            let changes = (previous ?? Buffer(area: .zero)).diff(frame)
            if !changes.isEmpty { terminal.draw(changes) }
            terminal.setCursor(cursor)
            terminal.flush()
            previous = frame
            if !hasShown {
                hasShown = true
                hooks.shown()
            }
            let timeout = popup.nextTimer(after: now).map { max(0, Int(($0.timeIntervalSinceNow * 1000).rounded(.up))) }
            terminal.waitForInput(wakeDescriptor: wake.descriptor, timeoutMilliseconds: timeout)
            wake.drain()
            var passed: [Key] = []
            defer { if !passed.isEmpty { hooks.passOn(passed) } }
            while let event = terminal.readEvent() {
                switch event {
                case .key(let key):
                    switch popup.handle(key, at: Date()) {
                    case .taken: break
                    case .passOn(let key): passed.append(key)
                    case .finish(let outcome): return outcome
                    }
                case .resize:
                    terminal.clear()
                    previous = nil
                case .hangUp:
                    return .close
                case .mouse:
                    break
                }
            }
        }
    }
}

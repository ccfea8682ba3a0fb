import Foundation
import HeraldCore
import HeraldSystem
import Synchronization

/// Plays notifications' sounds through the user's sound server with libcanberra (loaded at run
/// time), for the daemon: `take` is the engine's sound output (`EngineConfiguration.soundOutput`).
///
/// A sound is taken only when libcanberra loads and a sound server is there
/// (`SoundSession`); otherwise `take` answers `false` and user interfaces ring the terminal
/// bell, as without this player. `[daemon] sound` (`DaemonSettings.Sound`), or `$HERALD_SOUND`
/// over it, changes that: `bell` leaves every sound to the bell, `off` silences them (no bell either). What is played: `SoundLookup`'s sources in order, then the
/// default sound. A critical sound plays at its volume (`criticalSoundNamed(_:withAudioVolume:)`);
/// a sound is stopped after `Limits.maximumDuration`. Sounds play one after the other on one
/// queue, and in a burst at most `Limits.waiting` wait: the rest of the burst is taken silently.
///
/// ```swift
/// let player = NotificationSoundPlayer(log: { DaemonLog.write($0) })
/// configuration.soundOutput = { player.take($0) }
/// ```
public final class NotificationSoundPlayer: Sendable {
    /// How long sounds play, how many wait, how long an unreachable sound server is left alone.
    public struct Limits: Sendable {
        /// Seconds after which a sound is stopped (Apple plays notification sounds under 30 s).
        public var maximumDuration: TimeInterval = 30
        /// Sounds waiting to play at most.
        public var waiting = 2
        /// Seconds before trying a sound server again after it could not be reached.
        public var retryDelay: TimeInterval = 30
        /// Seconds a sound may take to start before the server counts as stuck: sounds then
        /// leave the bell to user interfaces until it answers.
        public var startLimit: TimeInterval = 10
        public init() {}
    }

    private struct State {
        var library: Result<CanberraLibrary, DynamicLibraryError>?
        var waiting = 0
        var nextID: UInt32 = 0
        var unreachableUntil: Date?
        /// When the sound now being started began (a sound server that never answers holds it).
        var playingSince: Date?
    }

    private let environment: [String: String]
    private let mode: DaemonSettings.Sound
    /// Where `mode` came from, for the log: `HERALD_SOUND` or `[daemon] sound`.
    private let modeSource: String
    private let lookup: SoundLookup
    private let limits: Limits
    private let log: @Sendable (String) -> Void
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "herald.sound")
    /// The sound server's context, opened on first use (only `queue` takes it, so its `Mutex`
    /// is never contended).
    private let context = Mutex<CanberraContext?>(nil)

    /// A player for the session `environment` describes (its sound server, `XDG_DATA_HOME`),
    /// sounding as `configured` (`[daemon] sound`) unless `$HERALD_SOUND` names another way.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, configured: DaemonSettings.Sound = .auto,
                limits: Limits = Limits(), log: @escaping @Sendable (String) -> Void) {
        self.environment = environment
        if let named = environment["HERALD_SOUND"].flatMap({ DaemonSettings.Sound(rawValue: $0.lowercased()) }) {
            (mode, modeSource) = (named, "HERALD_SOUND=\(named.rawValue)")
        } else {
            (mode, modeSource) = (configured, "[daemon] sound = \(configured.rawValue)")
        }
        self.lookup = SoundLookup(environment: environment)
        self.limits = limits
        self.log = log
    }

    /// Whether sounds play through the sound server now (else the terminal bell rings): what
    /// the D-Bus front door advertises as its `sound` capability.
    public var isAvailable: Bool {
        guard mode == .auto, SoundSession.server(environment: environment) != nil, library() != nil else { return false }
        return state.withLock { $0.unreachableUntil.map { Date() >= $0 } ?? true }
    }

    /// One line for the daemon's log: how sounds are played.
    public var summary: String {
        switch mode {
        case .bell: return "\(modeSource): the terminal bell"
        case .off: return "\(modeSource): no sounds, no bell"
        case .auto: break
        }
        guard let server = SoundSession.server(environment: environment) else {
            return "no sound server (PULSE_SERVER unset, no $XDG_RUNTIME_DIR/pulse/native): the terminal bell"
        }
        if case .failure(let error)? = loadLibrary() { return "\(error): the terminal bell" }
        return "through \(server) (libcanberra); apps' sounds in \(lookup.soundsDirectory)/APP"
    }

    /// Takes `record`'s sound: `true` when it will play here (or a burst already has sounds
    /// waiting), `false` when user interfaces should ring the bell — also while a sound has
    /// not started for `Limits.startLimit` seconds (a sound server that does not answer).
    /// Never blocks.
    public func take(_ record: DeliveredRecord) -> Bool {
        guard mode != .off else { return true }   // silenced here: no bell either
        guard let sound = record.soundToPlay, isAvailable else { return false }
        enum Turn: Equatable { case play(UInt32), burst, stuck }
        let startLimit = limits.startLimit
        let turn: Turn = state.withLock { state in
            if let since = state.playingSince, Date().timeIntervalSince(since) > startLimit { return .stuck }
            guard state.waiting < limits.waiting else { return .burst }
            state.waiting += 1
            state.nextID &+= 1
            return .play(state.nextID)
        }
        guard case .play(let id) = turn else { return turn == .burst }
        let bundleIdentifier = record.bundleIdentifier
        queue.async { [self] in
            state.withLock { $0.playingSince = Date() }
            play(sound, bundleIdentifier: bundleIdentifier, id: id)
            state.withLock { state in
                state.waiting -= 1
                state.playingSince = nil
            }
        }
        return true
    }

    private func loadLibrary() -> Result<CanberraLibrary, DynamicLibraryError>? {
        state.withLock { state in
            if state.library == nil {
                state.library = Result { try CanberraLibrary.load() }.mapError {
                    $0 as? DynamicLibraryError ?? DynamicLibraryError(description: "\($0)")
                }
            }
            return state.library
        }
    }

    private func library() -> CanberraLibrary? {
        if case .success(let library)? = loadLibrary() { return library }
        return nil
    }

    // MARK: On the queue

    private func play(_ sound: SoundRecord, bundleIdentifier: String, id: UInt32) {
        if let volume = sound.volume, sound.isCritical, volume <= 0 { return }   // a critical sound at volume 0
        let decibels = sound.isCritical ? sound.volume.map { max(-60, 20 * log10(Double($0))) } : nil
        let requested = lookup.sources(for: sound, bundleIdentifier: bundleIdentifier)
        let fallback = SoundLookup.Source.themeEvent(SoundLookup.defaultEvent(for: sound))
        var reasons: [String] = []
        if let name = sound.name, !SoundLookup.isFileName(name) { reasons.append("\"\(name)\" is not a file name") }
        for source in requested + [fallback] {
            let name: String = switch source {
            case .themeEvent(let event): event
            case .file(let path): sound.name ?? URL(fileURLWithPath: path).lastPathComponent
            }
            guard let outcome = playOnce(source, id: id, name: name, decibels: decibels) else { return }
            switch outcome {
            case .played:
                if source == fallback && (sound.name != nil || sound.file != nil) {
                    log("sound \"\(sound.name ?? sound.file ?? "")\" of \(bundleIdentifier) not found "
                        + "(\(reasons.joined(separator: "; "))): the default sound played")
                }
                queue.asyncAfter(deadline: .now() + limits.maximumDuration) { [self] in
                    context.withLock { $0?.cancel(id: id) }
                }
                return
            case .unusable(let reason):
                reasons.append(reason)
            case .disconnected:
                return
            }
        }
        unreachable("nothing could be played for \(bundleIdentifier) (\(reasons.joined(separator: "; ")))")
    }

    /// Plays on the open context (opening one first; once more when the server went away).
    /// `nil` when no sound server can be reached: then none is tried for `Limits.retryDelay`.
    private func playOnce(_ source: SoundLookup.Source, id: UInt32, name: String,
                          decibels: Double?) -> CanberraContext.Outcome? {
        context.withLock { context in
            for attempt in 1...2 {
                guard let open = openContext(&context) else { return nil }
                let outcome = open.play(source, id: id, name: name, decibels: decibels)
                guard case .disconnected(let reason) = outcome else { return outcome }
                context = nil
                if attempt == 2 { unreachable("the sound server went away: \(reason)") }
            }
            return nil
        }
    }

    private func openContext(_ context: inout CanberraContext?) -> CanberraContext? {
        if let context { return context }
        guard let canberra = library() else { return nil }
        do {
            context = try CanberraContext(canberra)
        } catch {
            unreachable("cannot reach the sound server: \(error)")
        }
        return context
    }

    private func unreachable(_ reason: String) {
        log("sound: \(reason); the terminal bell rings instead for \(Int(limits.retryDelay)) s")
        let until = Date().addingTimeInterval(limits.retryDelay)
        state.withLock { $0.unreachableUntil = until }
    }
}

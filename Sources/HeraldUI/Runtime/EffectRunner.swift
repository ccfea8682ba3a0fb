import HeraldCore

/// Runs a `:` command the UI does not know (`invite Bob`, `badge 3`…). Returns the text for the
/// status line, or `nil` when the command is unknown; a thrown error is shown as an error.
public typealias CommandHandler = @Sendable (_ commandLine: String) async throws -> String?

/// What effects run against — the center and the host's command handler — and the door their
/// results go back through (`send`, the `MessageQueue`). Each effect's work is in `Effect.job`.
public struct EffectRunner: Sendable {
    public let center: any CenterControl
    public let send: @Sendable (Msg) -> Void
    public let commandHandler: CommandHandler?

    public init(center: any CenterControl, commandHandler: CommandHandler? = nil,
                send: @escaping @Sendable (Msg) -> Void) {
        self.center = center
        self.commandHandler = commandHandler
        self.send = send
    }

    /// Runs one effect's work now, whatever its lane (tests run effects this way, in an order
    /// they choose); a terminal effect is the loop's and does nothing here.
    public func perform(_ effect: Effect) async {
        switch effect.job {
        case .terminal: break
        case .inOrder(let work), .onItsOwn(let work): await run(work, for: effect)
        case .files(let work): work(self)
        }
    }

    /// Runs `work`; a failure comes back as `.effectFailed` (a change the center did not make is
    /// then loaded again).
    func run(_ work: EffectJob.Work, for effect: Effect) async {
        do {
            try await work(self)
        } catch {
            send(.effectFailed(effect, "\(effect.shortName) failed: \(ErrorSentence.describe(error))"))
        }
    }
}

import Dispatch
import HeraldCore

/// Runs effects on their lanes (`EffectJob`): the center's one after another on one task, in
/// the order they were asked for; `:` commands and prompt answers on a task each; file work one
/// at a time on its own queue. Terminal effects are the loop's (`UIProgram`).
public final class EffectWorker: Sendable {
    private let inOrder = SerialTaskQueue()
    private let runner: EffectRunner
    private let files = DispatchQueue(label: "herald-previews", qos: .utility)

    public init(runner: EffectRunner) {
        self.runner = runner
    }

    /// Queues an effect on its lane.
    public func submit(_ effect: Effect) {
        let runner = self.runner
        switch effect.job {
        case .terminal:
            break
        case .inOrder(let work):
            inOrder.add { await runner.run(work, for: effect) }
        case .onItsOwn(let work):
            Task { await runner.run(work, for: effect) }
        case .files(let work):
            files.async { work(runner) }
        }
    }

    /// Finishes the queued effects, then stops.
    public func finish() async {
        await inOrder.finish()
    }

    /// Stops at once.
    public func cancel() {
        inOrder.cancel()
    }
}

import Dispatch
import HeraldCore

/// Runs effects on their lanes (`EffectJob`): the center's one after another on one task, in
/// the order they were asked for (loads asked for together start together:
/// `submit(together:)`); `:` commands and prompt answers on a task each; file work one at a
/// time on its own queue. Terminal effects are the loop's (`UIProgram`).
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

    /// Queues loads (`Effect.isLoad`) on the center's lane as one job that starts them all at
    /// once: their requests leave together and each answer is taken as it comes, so a screen
    /// that needs five loads waits for the slowest, not for the five one after another. The
    /// lane goes on once all are in; changes stay one at a time. Anything else is queued alone.
    public func submit(together effects: [Effect]) {
        var loads: [(effect: Effect, work: EffectJob.Work)] = []
        for effect in effects {
            if effect.isLoad, case .inOrder(let work) = effect.job {
                loads.append((effect, work))
            } else {
                submit(effect)
            }
        }
        guard !loads.isEmpty else { return }
        let runner = self.runner
        let together = loads
        inOrder.add {
            await withTaskGroup(of: Void.self) { group in
                for load in together { group.addTask { await runner.run(load.work, for: load.effect) } }
            }
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

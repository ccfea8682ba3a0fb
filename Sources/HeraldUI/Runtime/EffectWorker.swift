import Dispatch

/// Runs effects on their lanes (`EffectJob`): the center's one after another on one task, in
/// the order they were asked for; `:` commands and prompt answers on a task each; file work one
/// at a time on its own queue. Terminal effects are the loop's (`UIProgram`).
public final class EffectWorker: Sendable {
    private let continuation: AsyncStream<(Effect, EffectJob.Work)>.Continuation
    private let task: Task<Void, Never>
    private let runner: EffectRunner
    private let files = DispatchQueue(label: "herald-previews", qos: .utility)

    public init(runner: EffectRunner) {
        let (stream, continuation) = AsyncStream<(Effect, EffectJob.Work)>.makeStream()
        self.continuation = continuation
        self.runner = runner
        task = Task {
            for await (effect, work) in stream { await runner.run(work, for: effect) }
        }
    }

    /// Queues an effect on its lane.
    public func submit(_ effect: Effect) {
        let runner = self.runner
        switch effect.job {
        case .terminal:
            break
        case .inOrder(let work):
            continuation.yield((effect, work))
        case .onItsOwn(let work):
            Task { await runner.run(work, for: effect) }
        case .files(let work):
            files.async { work(runner) }
        }
    }

    /// Finishes the queued effects, then stops.
    public func finish() async {
        continuation.finish()
        await task.value
    }

    /// Stops at once.
    public func cancel() {
        continuation.finish()
        task.cancel()
    }
}

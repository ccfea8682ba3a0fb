import Dispatch

/// Runs center effects one after another, in the order they were asked for (a response before
/// the reload that should see it); `:` commands run on their own so a slow one blocks nothing;
/// pictures are decoded one at a time on their own queue (blocking C calls stay off the
/// concurrency pool and the UI's thread).
public final class EffectWorker: Sendable {
    private let continuation: AsyncStream<Effect>.Continuation
    private let task: Task<Void, Never>
    private let runner: EffectRunner
    private let previews = DispatchQueue(label: "herald-previews", qos: .utility)

    public init(runner: EffectRunner) {
        let (stream, continuation) = AsyncStream<Effect>.makeStream()
        self.continuation = continuation
        self.runner = runner
        task = Task {
            for await effect in stream { await runner.perform(effect) }
        }
    }

    /// Queues an effect.
    public func submit(_ effect: Effect) {
        switch effect {
        case .runCommand:
            let runner = self.runner
            Task { await runner.perform(effect) }
        case .answerPrompt:
            Task { [runner] in await runner.perform(effect) }
        case .renderPreview, .readMediaInfo:
            let runner = self.runner
            previews.async { runner.performFileWork(effect) }
        default:
            continuation.yield(effect)
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

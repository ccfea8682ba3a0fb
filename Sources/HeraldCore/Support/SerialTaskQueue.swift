/// Runs async jobs one after another, in the order they were added, on one task: a job starts
/// when the previous one has finished, awaits included. The one serial queue of the code base —
/// the daemon's read-modify-write steps that span several engine calls, an app's center calls
/// (`UNUserNotificationCenter`), the user interface's effects that must keep their order.
///
/// ```swift
/// let queue = SerialTaskQueue()
/// queue.add { await engine.connect(…) }                 // in order, not awaited
/// let categories = try await queue.run { try await merge(…) }   // in order, awaited
/// await queue.waitForQueued()                          // the jobs added so far have run
/// await queue.finish()                                 // runs what is queued, then ends
/// ```
public final class SerialTaskQueue: Sendable {
    /// A job of the queue.
    public typealias Job = @Sendable () async -> Void

    private let continuation: AsyncStream<Job>.Continuation
    private let worker: Task<Void, Never>

    public init() {
        let (jobs, continuation) = AsyncStream.makeStream(of: Job.self, bufferingPolicy: .unbounded)
        self.continuation = continuation
        worker = Task {
            for await job in jobs { await job() }
        }
    }

    /// Queues `job`; returns whether it was taken (not once the queue is finished or cancelled).
    @discardableResult
    public func add(_ job: @escaping Job) -> Bool {
        if case .enqueued = continuation.yield(job) { return true }
        return false
    }

    /// Queues `body` and returns its result once it has run; throws `CancellationError` when the
    /// queue no longer takes jobs (finished or cancelled).
    public func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, any Error>, Never>) in
            let taken = add {
                do {
                    continuation.resume(returning: .success(try await body()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
            if !taken { continuation.resume(returning: .failure(CancellationError())) }
        }
        return try result.get()
    }

    /// Returns once every job added before the call has run (at once when the queue no longer
    /// takes jobs).
    public func waitForQueued() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            if !add({ continuation.resume() }) { continuation.resume() }
        }
    }

    /// Runs the jobs already added, then ends: later jobs are not taken.
    public func finish() async {
        continuation.finish()
        await worker.value
    }

    /// Ends at once: the job running is cancelled, the queued ones do not run (for a queue whose
    /// jobs nobody awaits: a `run` or `waitForQueued` whose job was still queued would not return).
    public func cancel() {
        continuation.finish()
        worker.cancel()
    }
}

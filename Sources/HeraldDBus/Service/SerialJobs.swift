/// Runs async jobs one after another, in the order they were added, on one task: the front
/// door's calls into the engine keep the order of the D-Bus calls that caused them.
final class SerialJobs: Sendable {
    typealias Job = @Sendable () async -> Void
    private let continuation: AsyncStream<Job>.Continuation
    private let worker: Task<Void, Never>

    init() {
        let (stream, continuation) = AsyncStream.makeStream(of: Job.self, bufferingPolicy: .unbounded)
        self.continuation = continuation
        worker = Task {
            for await job in stream { await job() }
        }
    }

    func add(_ job: @escaping Job) { continuation.yield(job) }

    /// Runs the jobs already added, then stops.
    func finish() async {
        continuation.finish()
        await worker.value
    }
}

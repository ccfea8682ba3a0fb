import HeraldWire
/// Runs async jobs one after another (an async mutex): a job starts when the previous one has
/// finished, awaits included. Used where a read-modify-write spans several engine calls.
actor AsyncSerialQueue {
    private var tail: Task<Void, Never>?

    func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let previous = tail
        let job = Task<T, any Error> {
            await previous?.value
            return try await body()
        }
        tail = Task { _ = try? await job.value }
        return try await job.value
    }
}

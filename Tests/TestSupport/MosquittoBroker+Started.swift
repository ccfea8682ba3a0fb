import MosquittoHarness

extension MosquittoBroker {
    /// A broker started and accepting connections, its start (a child process and a wait for
    /// its port) off the cooperative pool: the way async tests make one.
    ///
    /// ```swift
    /// let broker = try await MosquittoBroker.started()
    /// defer { broker.stop() }
    /// ```
    public static func started(users: [String: String] = [:], tls: TLS? = nil) async throws -> MosquittoBroker {
        try await offThePool { try MosquittoBroker(users: users, tls: tls) }
    }
}

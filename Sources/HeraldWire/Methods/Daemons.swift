import Foundation
import HeraldCore

// Between daemons and for diagnostics: the center handed over, commit statistics.

extension Methods {
    /// A `herald daemon` asks the daemon serving its state directory, started on demand, to hand
    /// the center over: the reply comes with the listening socket attached (`SCM_RIGHTS`), and
    /// the daemon then stops as for SIGTERM. A daemon started by hand or by a supervisor answers
    /// `handOverRefused`.
    public static let handOver = Method<Empty, HandOverResult>("handOver")
    /// How the writes since the last call shared store commits (`{"commits":120,"writes":960,
    /// "largest":8}`); the counts start afresh.
    public static let commitStatistics = Method<Empty, CommitGroupStatistics>("commitStatistics")
}

/// The reply to `handOver`: the pid of the daemon handing its center over (its listening socket
/// comes with this reply).
public struct HandOverResult: Codable, Sendable, Hashable {
    public var pid: Int32
    public init(pid: Int32) { self.pid = pid }
}

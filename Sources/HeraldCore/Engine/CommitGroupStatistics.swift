/// How well commits were shared: how many group commits, how many writes they carried, the
/// largest group (`NotificationEngine.takeCommitGroupStatistics()`; a client asks the daemon
/// with `Methods.commitStatistics`, as `herald-bench` does for `commit_group_mean` and
/// `commit_group_max`).
public struct CommitGroupStatistics: Codable, Sendable, Equatable, CustomStringConvertible {
    /// Group commits made.
    public var commits = 0
    /// Writes those commits carried.
    public var writes = 0
    /// The most writes one commit carried.
    public var largest = 0

    public init() {}

    /// Writes per commit (0 without commits).
    public var mean: Double { commits == 0 ? 0 : Double(writes) / Double(commits) }

    mutating func record(_ members: Int) {
        commits += 1
        writes += members
        largest = max(largest, members)
    }

    /// `commit groups: 120 commits of 960 writes, mean 8.0, largest 8`.
    public var description: String {
        "commit groups: \(commits) commits of \(writes) writes, mean \((mean * 10).rounded() / 10), largest \(largest)"
    }
}

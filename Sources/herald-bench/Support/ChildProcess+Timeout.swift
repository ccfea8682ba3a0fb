import HeraldSystem

extension ChildProcess {
    /// `wait()`, but the child is killed (SIGKILL) when it has not exited `seconds` after the
    /// call: a benchmark never waits forever for a program it started. Throws, naming `what`,
    /// when the child had to be killed.
    @discardableResult
    func wait(timeout seconds: Double, _ what: @autoclosure () -> String) throws -> Int32 {
        let (status, killed) = waitKilling(after: seconds)
        if killed { throw BenchUsageError("\(what()) did not finish within \(Int(seconds)) s (killed)") }
        return status
    }
}

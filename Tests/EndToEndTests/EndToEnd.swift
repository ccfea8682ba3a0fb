import Testing

/// Every end-to-end suite is nested here and runs one test at a time.
///
/// These tests drive real processes and wait for them synchronously (polling a tmux screen,
/// reading a child's output). Swift Testing runs them on the cooperative thread pool, which has
/// one thread per core — two on this machine kind — so two such tests at once would stall every
/// async test in the process. Serialized, they hold at most one thread.
@Suite(.serialized) struct EndToEnd {}

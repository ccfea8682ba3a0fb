import Testing

/// Every end-to-end suite is nested here and runs one test at a time.
///
/// These tests drive real processes — daemons, tmux servers, user interfaces — and poll them with
/// deadlines (a screen, a log, a history). They await every program off the cooperative pool
/// (`runProgram`, `offThePool`), so none holds a thread of it; they run one at a time so that
/// their processes do not compete for the machine's cores with each other's deadlines.
@Suite(.serialized) struct EndToEnd {}

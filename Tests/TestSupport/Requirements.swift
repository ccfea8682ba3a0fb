import Testing

/// Tests that need something the machine may lack (a program, a library) say so in a trait, so
/// that where it is missing the run lists them as skipped, with the reason — never as passed.
///
/// ```swift
/// @Suite(.requiring("dbus-daemon", "notify-send")) struct NotifyTests { … }
/// @Test(.skipped(because: MosquittoBroker.unavailableReason)) func brokerPost() throws { … }
/// ```
extension Trait where Self == ConditionTrait {
    /// Runs only where every one of `programs` is installed (`Programs.which`).
    public static func requiring(_ programs: String..., sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        requiring(programs, sourceLocation: sourceLocation)
    }

    /// Runs only where every one of `programs` is installed (`Programs.which`).
    public static func requiring(_ programs: [String], sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        skipped(because: Programs.missing(programs), sourceLocation: sourceLocation)
    }

    /// Skipped when `reason` is not `nil` (what is missing, e.g. `MosquittoBroker.unavailableReason`).
    public static func skipped(because reason: String?, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        .enabled(if: reason == nil, Comment(rawValue: reason ?? ""), sourceLocation: sourceLocation)
    }
}

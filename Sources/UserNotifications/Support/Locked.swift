import Synchronization

/// A value behind a `Mutex` that may hold what is not `Sendable` — the center's state, whose
/// delegate is any object the app gives (Apple's delegates are not `Sendable`); a `Mutex` of
/// such a value cannot take it from the caller's region. Every access is one short critical
/// section; state of `Sendable` values uses `Mutex` directly.
final class Locked<Value>: @unchecked Sendable {
    private let lock = Mutex(())
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { _ in try body(&value) }
    }
}

/// Carries a non-Sendable value across an isolation boundary where we know it is safe (the
/// value is only used on the far side, or is documented as thread-safe by Apple).
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

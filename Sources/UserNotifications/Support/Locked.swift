import Foundation

/// A value behind a lock, for the few mutable fields shared across threads (the center's
/// delegate and queue, the registry). Kept tiny: every access is one short critical section.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// Carries a non-Sendable value across an isolation boundary where we know it is safe (the
/// value is only used on the far side, or is documented as thread-safe by Apple).
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

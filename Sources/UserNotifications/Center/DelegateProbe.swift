import Foundation
import Synchronization

/// Tells the center whether the delegate implements a method: the protocol's default
/// implementations mark the probe of the task they run in. The center calls each form with a
/// fresh probe (see `DelegateBridge`).
final class DelegateProbe: Sendable {
    @TaskLocal static var current: DelegateProbe?

    private let flag = Mutex(false)

    func markUnimplemented() { flag.withLock { $0 = true } }

    var isUnimplemented: Bool { flag.withLock { $0 } }
}

/// Set while the center is inside a delegate call, so center calls the delegate makes there
/// (e.g. `deliveredNotifications()` in `willPresent`) do not wait behind the operation that is
/// waiting for the delegate.
enum DelegateContext {
    @TaskLocal static var isActive = false
}

import HeraldWire
import Synchronization

/// The apps the server has seen the center know. The engine never forgets an app, so once one
/// is known, `post` and `push` skip asking (`apps()`) and registering it again.
final class KnownApps: Sendable {
    private let apps = Mutex(Set<String>())

    func contains(_ bundleIdentifier: String) -> Bool { apps.withLock { $0.contains(bundleIdentifier) } }
    func insert(_ bundleIdentifier: String) { _ = apps.withLock { $0.insert(bundleIdentifier) } }
}

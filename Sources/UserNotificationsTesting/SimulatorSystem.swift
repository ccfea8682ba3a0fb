import Foundation
import HeraldCore

/// The system the simulator installs: the engine, behind a gate that first applies the
/// simulator's pending settings (the observer, the foreground state, the service extension),
/// so a property set on the simulator takes effect before the app's next call.
// unchecked: restates `DeferredSystem`'s (a subclass must); its own stored property is a `let` of an actor.
final class SimulatorSystem: DeferredSystem, @unchecked Sendable {
    let engine: NotificationEngine

    init(engine: NotificationEngine, prepare: @escaping @Sendable () async -> Void) {
        self.engine = engine
        super.init {
            await prepare()
            return engine
        }
    }
}

import Testing
import UserNotificationsTesting

/// Every suite of this target is nested here: serialized, and holding the center lock.
@Suite(.serialized, .simulatorIsolation)
struct DelegateShapes {}

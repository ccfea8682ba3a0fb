import Testing
import UserNotificationsTesting

/// Every suite of this target is nested here: serialized, and holding the simulator lock (tests
/// that install a notification system never overlap, in this target or another).
@Suite(.serialized, .simulatorIsolation)
struct UNTests {}

// App code as apps write it, importing only `UserNotifications` (and the simulator, as an app's
// tests do). This target builds in Swift 6 language mode and `AppCodeSwift5Tests` builds the
// same files (links to these) in Swift 5 mode, both treating every warning as an error: what
// compiles cleanly against Apple's SDK must compile cleanly here.
import Testing
import UserNotificationsTesting

/// Every suite of this target is nested here: serialized, and holding the center lock.
@Suite(.serialized, .simulatorIsolation)
struct AppCode {}

// UserNotifications re-exports Foundation, as Apple's framework does, so app code that imports
// only `UserNotifications` finds `NSObject`, `Date`, `DateComponents` and friends.
@_exported import Foundation

// Apple's option sets, enums and `UNError` are declared in `UserNotificationsValues` (the engine
// speaks them too) and re-exported here: to app code they are UserNotifications' own types,
// usable anywhere, default argument values included, in either language mode.
//
// HeraldCore is deliberately *not* re-exported: the engine's types stay out of app code.
@_exported import UserNotificationsValues

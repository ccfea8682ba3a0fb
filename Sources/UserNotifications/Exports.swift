// UserNotifications re-exports Foundation, as Apple's framework does, so app code that imports
// only `UserNotifications` finds `NSObject`, `Date`, `DateComponents` and friends.
//
// HeraldCore is deliberately *not* re-exported: the engine's types stay out of app code. The
// Apple-named values it defines are re-exported one by one in `SharedValues.swift`.
@_exported import Foundation

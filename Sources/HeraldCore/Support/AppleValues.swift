// The engine speaks Apple's values (authorization options, presentation options, interruption
// levels, `UNError`, …): they are declared in `UserNotificationsValues` and re-exported here, so
// every module that imports HeraldCore sees them as part of the engine's API.
@_exported import UserNotificationsValues

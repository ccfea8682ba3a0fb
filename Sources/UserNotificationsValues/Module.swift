// Apple's UserNotifications value types — the option sets, the enums and `UNError` — declared
// once, here. `UserNotifications` re-exports this module, so app code that imports only
// `UserNotifications` sees them as Apple's framework declares them (every member usable
// anywhere, default argument values included); `HeraldCore` re-exports it too, because the
// engine speaks the same values. Nothing else belongs here: only Apple-named types, since
// everything in this module lands in every app's namespace.

/// Placeholder until this module lands.
enum UserNotificationsTestingPlaceholder {}

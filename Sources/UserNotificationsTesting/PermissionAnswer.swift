/// How the simulated user answers the permission prompt.
///
/// ```swift
/// simulator.permissionAnswer = .deny
/// let granted = try await center.requestAuthorization(options: [.alert])   // false
/// ```
public enum PermissionAnswer: Sendable, Hashable {
    /// The user taps Allow.
    case allow
    /// The user taps Don't Allow.
    case deny
}

import Foundation

/// Why a Focus change was refused. The message names the field and the limit.
///
/// ```swift
/// throw FocusError.invalid(field: "name", reason: "is empty")
/// ```
public enum FocusError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A value is malformed or out of range.
    case invalid(field: String, reason: String)
    /// No Focus mode has this name.
    case unknownMode(String)
    /// The built-in Do Not Disturb mode cannot be removed or renamed.
    case builtInMode(String)

    public var description: String {
        switch self {
        case .invalid(let field, let reason): return "\(field): \(reason)"
        case .unknownMode(let name): return "no Focus mode is named '\(name)' (herald focus list shows them)"
        case .builtInMode(let name): return "'\(name)' is built in: it can be edited but not removed"
        }
    }
}

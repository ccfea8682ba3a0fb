import Foundation
import HeraldCore

// Do Not Disturb and Focus (`CenterControl`).

extension Methods {
    /// Whether any Focus is on.
    public static let doNotDisturb = Method<Empty, Bool>("doNotDisturb")
    public static let setDoNotDisturb = Method<DoNotDisturbParams, Empty>("setDoNotDisturb")
    /// Focus modes, the Focus that is on, the summaries' state.
    public static let focus = Method<Empty, FocusOverview>("focus")
    /// `{"turnOn":{"name":"Work","end":{"duration":{"seconds":3600}}}}`, `{"turnOff":{}}`,
    /// `{"saveMode":{"mode":{…}}}`, `{"removeMode":{"name":"Work"}}`,
    /// `{"setSummaryTimes":{"times":["08:00","18:00"]}}`; the result is the new overview.
    public static let changeFocus = Method<FocusChange, FocusOverview>("changeFocus")
}

public struct DoNotDisturbParams: Codable, Sendable, Hashable {
    public var isOn: Bool
    public init(isOn: Bool) { self.isOn = isOn }
}

extension DoNotDisturbParams: ParamsWithoutIdentifiers {}

extension CenterRequests {
    /// `false` when the daemon cannot be asked.
    public func doNotDisturb() async -> Bool { (try? await call(Methods.doNotDisturb, Empty())) ?? false }

    public func setDoNotDisturb(_ isOn: Bool) async throws {
        _ = try await call(Methods.setDoNotDisturb, DoNotDisturbParams(isOn: isOn))
    }

    public func focusOverview() async throws -> FocusOverview { try await call(Methods.focus, Empty()) }

    public func changeFocus(_ change: FocusChange) async throws -> FocusOverview {
        try await call(Methods.changeFocus, change)
    }
}

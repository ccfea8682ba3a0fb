import Foundation
import UserNotifications

/// One delivery the simulator saw: which request fired and how it was presented. `options` is
/// what actually took effect after the delegate, authorization and settings: `[]` when nothing
/// was shown (for example a foreground delegate without `willPresent`).
///
/// ```swift
/// await simulator.advance(by: 60)
/// #expect(simulator.presentations.map(\.identifier) == ["reminder"])
/// #expect(simulator.presentations.last?.options == [.banner, .list, .sound])
/// ```
public struct SimulatedPresentation: Sendable, Hashable, CustomStringConvertible {
    /// The request identifier.
    public let identifier: String
    /// What took effect: `.banner`, `.list`, `.sound`, `.badge`; `[]` when not shown.
    public let options: UNNotificationPresentationOptions
    /// The app that posted it.
    public let bundleIdentifier: String
    /// When it was delivered (simulated time).
    public let date: Date
    /// The notification's title, for readable test failures.
    public let title: String

    public init(identifier: String, options: UNNotificationPresentationOptions, bundleIdentifier: String,
                date: Date, title: String) {
        self.identifier = identifier
        self.options = options
        self.bundleIdentifier = bundleIdentifier
        self.date = date
        self.title = title
    }

    public var description: String {
        "\(identifier) [\(bundleIdentifier)] options=\(options.rawValue) \"\(title)\""
    }
}

import Foundation

/// A short message in the status line (a command's result, an error), shown for a few seconds.
public struct StatusMessage: Sendable, Hashable {
    public var text: String
    public var isError: Bool
    public var date: Date
    public init(_ text: String, isError: Bool = false, date: Date) {
        self.text = text
        self.isError = isError
        self.date = date
    }
}

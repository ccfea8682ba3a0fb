/// What notifications are grouped by in the list: the app, then the thread.
public struct GroupKey: Sendable, Hashable {
    public var bundleIdentifier: String
    public var threadIdentifier: String
    public init(bundleIdentifier: String, threadIdentifier: String) {
        self.bundleIdentifier = bundleIdentifier
        self.threadIdentifier = threadIdentifier
    }
}

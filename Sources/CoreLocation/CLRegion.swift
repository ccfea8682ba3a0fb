/// A geographic area the system watches for entry and exit. Use `CLCircularRegion` for a real
/// area; a bare `CLRegion` has no shape (a location trigger with one never fires).
///
/// ```swift
/// let region = CLCircularRegion(center: office, radius: 100, identifier: "office")
/// region.notifyOnExit = false
/// ```
open class CLRegion: NSObject, NSCopying {
    /// The app's name for the region; location triggers need it to be unique.
    public let identifier: String
    /// Whether entering the region counts (default `true`).
    open var notifyOnEntry: Bool = true
    /// Whether leaving the region counts (default `true`).
    open var notifyOnExit: Bool = true

    /// Makes a region with no shape, identified by `identifier`.
    public init(identifier: String) {
        self.identifier = identifier
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = CLRegion(identifier: identifier)
        copy.notifyOnEntry = notifyOnEntry
        copy.notifyOnExit = notifyOnExit
        return copy
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CLRegion, type(of: other) == type(of: self) else { return false }
        return identifier == other.identifier && notifyOnEntry == other.notifyOnEntry
            && notifyOnExit == other.notifyOnExit
    }

    open override var hash: Int { identifier.hashValue }

    open override var description: String { "CLRegion (identifier:'\(identifier)')" }
}

import HeraldCore

/// The Focus screen: which mode row is selected.
public struct FocusScreenState: Sendable, Hashable {
    public var selectedRow: Int = 0
    public init(selectedRow: Int = 0) { self.selectedRow = selectedRow }
}

/// The list narrowed to the notifications a summary lists (Focus or scheduled summary).
public struct HeldFilter: Sendable, Hashable {
    /// The list title ("Work ended — 12 held").
    public var title: String
    /// Most relevant first, as the summary lists them.
    public var deliveryIDs: [Int64]
    public init(title: String, deliveryIDs: [Int64]) {
        self.title = title
        self.deliveryIDs = deliveryIDs
    }
}

import HeraldCore

/// One row of the notification list: a single notification, or a collapsed group standing for
/// several (shown as its newest item with "+N more" or the category's summary).
public struct ListRow: Sendable, Hashable {
    public var group: GroupKey
    /// The notification the row shows.
    public var record: DeliveredRecord
    /// All notifications of the group, newest first (only the shown one when the group is expanded).
    public var members: [DeliveredRecord]
    /// How many notifications the group has in total.
    public var groupCount: Int
    /// Whether the group is expanded (every member has its own row).
    public var isExpanded: Bool
    /// Whether this row is the first of its group.
    public var isGroupHead: Bool

    /// The notifications the row stands for (what `d` deletes).
    public var deliveryIDs: [Int64] { members.map(\.deliveryID) }
    /// Hidden behind a collapsed group.
    public var moreCount: Int { isExpanded ? 0 : groupCount - 1 }
}

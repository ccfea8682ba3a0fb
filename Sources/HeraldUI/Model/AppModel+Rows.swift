import HeraldCore

extension AppModel {
    /// The list rows: history grouped by app then thread, groups ordered by their newest item,
    /// each collapsed to its newest item unless expanded.
    public var listRows: [ListRow] {
        var order: [GroupKey] = []
        var members: [GroupKey: [DeliveredRecord]] = [:]
        for record in history {
            let key = GroupKey(bundleIdentifier: record.bundleIdentifier, threadIdentifier: record.content.threadIdentifier)
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(record)
        }
        var rows: [ListRow] = []
        rows.reserveCapacity(order.count)
        for key in order {
            let items = members[key] ?? []
            guard let newest = items.first else { continue }
            if items.count > 1 && expandedGroups.contains(key) {
                for (i, item) in items.enumerated() {
                    rows.append(ListRow(group: key, record: item, members: [item], groupCount: items.count,
                                        isExpanded: true, isGroupHead: i == 0))
                }
            } else {
                rows.append(ListRow(group: key, record: newest, members: items, groupCount: items.count,
                                    isExpanded: false, isGroupHead: true))
            }
        }
        return rows
    }

    /// The index of the selected row in `rows` (the row showing or standing for the selected delivery).
    public func selectedRowIndex(in rows: [ListRow]) -> Int? {
        guard let id = selectedDeliveryID else { return rows.isEmpty ? nil : 0 }
        return rowIndex(of: id, in: rows)
    }

    /// The index of the row showing `deliveryID` in `rows`, else of its collapsed group's row.
    public func rowIndex(of deliveryID: Int64, in rows: [ListRow]) -> Int? {
        if let exact = rows.firstIndex(where: { $0.record.deliveryID == deliveryID }) { return exact }
        return rows.firstIndex(where: { $0.members.contains { $0.deliveryID == deliveryID } })
    }

    /// The selected row, if the list is not empty.
    public var selectedRow: ListRow? {
        let rows = listRows
        return selectedRowIndex(in: rows).map { rows[$0] }
    }

    /// How many notifications of the window share `record`'s app and thread.
    public func threadCount(of record: DeliveredRecord) -> Int {
        history.reduce(0) {
            $0 + ($1.bundleIdentifier == record.bundleIdentifier
                  && $1.content.threadIdentifier == record.content.threadIdentifier ? 1 : 0)
        }
    }
}

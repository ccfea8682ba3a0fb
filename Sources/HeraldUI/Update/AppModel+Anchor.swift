extension AppModel {
    /// The delivery on the first visible list row: what the reader is looking at.
    var firstVisibleDelivery: Int64? {
        let rows = listRows
        return rows.indices.contains(listScroll) ? rows[listScroll].record.deliveryID : nil
    }

    /// After notifications arrived: scrolls so the row that was first visible (`anchor`) still
    /// is, and counts the arrival in `arrivalsAbove` when its row ends up above the visible ones.
    ///
    /// A list that fits its pane has nothing to anchor (it shows every row, the new one first);
    /// a full one keeps its rows still, and `k` or `g` bring the new rows into view.
    mutating func keepFirstVisibleRow(_ anchor: Int64?, arrived deliveryIDs: [Int64]) {
        let rows = listRows
        guard let anchor, let index = rowIndex(of: anchor, in: rows) else { return }
        listScroll = index
        keepSelectionVisible()
        for id in deliveryIDs {
            if let arrived = rowIndex(of: id, in: rows), arrived < listScroll { arrivalsAbove += 1 }
        }
    }
}

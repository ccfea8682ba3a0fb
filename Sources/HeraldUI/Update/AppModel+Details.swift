import Foundation
import HeraldCore

/// Whole records for the detail pane. A page of history comes in a list's form — records over
/// 8 KiB shortened (`HistoryListForm`), so 300 rows of 64 KiB bodies fit in one reply — and
/// the selected notification's whole record is asked for by its id when the pane shows it.
extension AppModel {
    /// How many whole records are kept (the latest selected).
    static let wholeRecordLimit = 16

    /// The record as the detail pane shows it: the whole one once it has come (with the
    /// list's state — read, in the list — which events keep current), else the row's.
    func shownRecord(_ record: DeliveredRecord) -> DeliveredRecord {
        guard let whole = wholeRecords[record.deliveryID] else { return record }
        var shown = record
        shown.request = whole.request
        return shown
    }

    /// Asks for the selected notification's whole record when its row is shortened and it has
    /// not been asked for yet (once per selection; a failure is shown and not retried).
    mutating func requestDetails() -> [Effect] {
        guard disconnection == nil, let id = selectedRecord?.deliveryID, shortenedIDs.contains(id),
              wholeRecords[id] == nil, detailRequested != id else { return [] }
        detailRequested = id
        return [.loadDetail(deliveryID: id)]
    }

    /// A whole record arrived.
    mutating func detailLoaded(_ record: DeliveredRecord) {
        guard shortenedIDs.contains(record.deliveryID) else { return }
        if wholeRecords.count >= Self.wholeRecordLimit {
            let selected = selectedRecord?.deliveryID
            for id in wholeRecords.keys where id != selected { wholeRecords[id] = nil }
        }
        wholeRecords[record.deliveryID] = record
    }

    /// A new page replaced the window: what it shortened, and the whole records still in it.
    mutating func pageLoaded(shortened: Set<Int64>) {
        let ids = Set(history.map(\.deliveryID))
        shortenedIDs = shortened.intersection(ids)
        wholeRecords = wholeRecords.filter { shortenedIDs.contains($0.key) }
        if let asked = detailRequested, !shortenedIDs.contains(asked) { detailRequested = nil }
        historyLoadError = nil
    }

    /// An event brought a notification's whole record (`updated`): its row is whole from now on.
    mutating func rowBecameWhole(_ deliveryID: Int64) {
        shortenedIDs.remove(deliveryID)
        wholeRecords[deliveryID] = nil
    }
}

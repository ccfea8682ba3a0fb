import Foundation

/// Banners from outside, as `dunstctl close` / `history-pop` and `makoctl dismiss` / `restore`
/// do them: closing banners wherever they show, and showing a closed one again. Banners are
/// drawn by the center's user interfaces (the terminal UI, tmux popups, the terminal relay); the
/// engine tells them with `.bannersClosed` and `.bannerRestored`.
extension NotificationEngine {
    /// Closes the banners of these deliveries wherever they show; the notifications stay in the
    /// list as they are. Returns the ids no notification in history has (nothing is done for
    /// them). A closed banner is the first `restoreBanner` brings back.
    public func closeBanners(deliveryIDs: [Int64]) async throws -> [Int64] {
        var known: [Int64] = []
        var unknown: [Int64] = []
        for id in deliveryIDs where !known.contains(id) && !unknown.contains(id) {
            if try store.delivered(id: id) != nil { known.append(id) } else { unknown.append(id) }
        }
        guard !known.isEmpty else { return unknown }
        seedRecentBanners()
        for id in known { recentBanners.note(id) }
        emit(.bannersClosed(deliveryIDs: known))
        return unknown
    }

    /// Closes every banner wherever it shows.
    public func closeAllBanners() async {
        emit(.bannersClosed(deliveryIDs: nil))
    }

    /// Shows again the banner most recently shown or closed, taking it off the list of banners to
    /// bring back (the next call brings the one before it). `nil` when there is none left (or
    /// every one left was deleted from history).
    public func restoreBanner() async throws -> DeliveredRecord? {
        seedRecentBanners()
        while let id = recentBanners.takeNewest() {
            guard let record = try store.delivered(id: id) else { continue }
            emit(.bannerRestored(record))
            return record
        }
        return nil
    }

    /// A banner was shown (`deliver`); `replaced` is the delivery it took the place of.
    func noteBannerShown(_ record: DeliveredRecord, replaced: Int64?) {
        if let replaced { recentBanners.forget(replaced) }
        if record.isKept && record.presentation.normalized.contains(.banner) { recentBanners.note(record.deliveryID) }
    }

    /// Reads, once, the banners of an earlier run of the center from history.
    private func seedRecentBanners() {
        guard !recentBanners.isSeeded else { return }
        let query = HistoryQuery(limit: RecentBanners.limit * 5)
        let earlier = (try? store.history(query)) ?? []
        recentBanners.seed(newestFirst: earlier.filter { $0.presentation.normalized.contains(.banner) }.map(\.deliveryID))
    }
}

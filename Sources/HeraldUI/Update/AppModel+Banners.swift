import Foundation
import HeraldCore

extension AppModel {
    /// Puts a banner on screen, or behind the current one.
    mutating func enqueueBanner(_ record: DeliveredRecord) {
        if banner.current == nil {
            showBanner(record)
        } else if banner.queue.count < config.maxQueuedBanners {
            banner.queue.append(record)
        }
    }

    mutating func showBanner(_ record: DeliveredRecord) {
        banner.current = record
        banner.shownAt = now
        banner.isSticky = app(record.bundleIdentifier)?.settings.alertStyle == .alert
            || record.content.traits?.bannerTimeout == 0   // a desktop notification that never expires
            || (record.content.traits != nil && record.content.interruptionLevel == .critical)
    }

    /// The current banner goes (into the list); the next queued one appears.
    mutating func advanceBanner() {
        if banner.queue.isEmpty {
            banner.current = nil
            banner.shownAt = nil
            banner.isSticky = false
        } else {
            showBanner(banner.queue.removeFirst())
        }
    }

    /// Removes a delivery from the banners (on screen or queued).
    mutating func removeBanner(deliveryID: Int64) {
        banner.queue.removeAll { $0.deliveryID == deliveryID }
        if banner.current?.deliveryID == deliveryID { advanceBanner() }
    }
}

import Foundation
import HeraldCore
import TerminalKit

extension AppModel {
    /// A new banner: it joins its app's waiting (or coalesced) banner when it has nothing to
    /// answer, else goes on top of the stack when there is room, else waits.
    mutating func enqueueBanner(_ record: DeliveredRecord) {
        let canCoalesce = config.coalesceBanners && actions(of: record).isEmpty
            && record.content.interruptionLevel != .timeSensitive && record.content.interruptionLevel != .critical
        if canCoalesce {
            let joinable: (BannerItem) -> Bool = { $0.canCoalesce && $0.bundleIdentifier == record.bundleIdentifier }
            if let i = banner.shown.firstIndex(where: { joinable($0) && $0.isCoalesced }) {
                banner.shown[i].absorb(record)
                banner.shown[i].shownAt = now   // a flood keeps its banner up
                return
            }
            if let i = banner.queue.lastIndex(where: joinable) {
                banner.queue[i].absorb(record)
                return
            }
        }
        let item = BannerItem(record: record, isSticky: isSticky(record), canCoalesce: canCoalesce)
        guard banner.queue.count < config.maxQueuedBanners else { return }   // still in history
        banner.queue.append(item)
        fillBannerStack()
    }

    /// Whether a banner for `record` stays until acted on. A timeout of its own (the sender's
    /// `expire_timeout`, a rule's `timeout`) wins over `[banners]`' timeout for its level.
    func isSticky(_ record: DeliveredRecord) -> Bool {
        let ownTimeout = record.content.traits?.bannerTimeout
        return app(record.bundleIdentifier)?.settings.alertStyle == .alert
            || ownTimeout == 0   // a desktop notification that never expires, or a rule's `timeout = 0`
            || (ownTimeout == nil && config.bannerTimeout(for: record.content.interruptionLevel) <= 0)
            || (ownTimeout == nil && record.content.traits != nil && record.content.interruptionLevel == .critical)
    }

    /// Moves waiting banners onto the stack (on top) while there is room and they fit.
    mutating func fillBannerStack() {
        while !banner.queue.isEmpty, banner.shown.count < max(1, config.maxBanners) {
            var item = banner.queue[0]
            item.shownAt = now
            let candidate = [item] + banner.shown
            guard banner.shown.isEmpty || bannerFrames(for: candidate).count == candidate.count else { break }
            banner.queue.removeFirst()
            banner.shown.insert(item, at: 0)
            // Alone on screen it takes keys at once (but a press meant for a focused banner that
            // went just before still meets the grace: `bannerTakes`).
            if banner.focusedID == nil { focusBanner(item.id, byUser: false) }
        }
    }

    /// After a resize: banners that no longer fit wait again (the oldest first), or more come on.
    mutating func fitBannerStack() {
        let fitting = max(1, bannerFrames(for: banner.shown).count)
        while banner.shown.count > fitting {
            var item = banner.shown.removeLast()
            item.shownAt = nil
            banner.queue.insert(item, at: 0)
            if banner.focusedID == item.id {
                loseFocusedBanner(item)
                focusBanner(banner.shown.first?.id, byUser: false)
            }
        }
        fillBannerStack()
    }

    /// Gives the keys to banner `id`; the user choosing a banner (`Tab`) ends any grace.
    mutating func focusBanner(_ id: Int64?, byUser: Bool) {
        banner.focusedID = id
        if byUser { banner.focusLostAt = nil }
    }

    /// The focused banner went (acted on, timed out, closed, pushed off a smaller screen): a
    /// press it would have taken, coming within the grace, was meant for it.
    mutating func loseFocusedBanner(_ item: BannerItem) {
        banner.focusLostAt = now
        banner.keysOfLostBanner = keysTaken(by: item)
    }

    /// The action keys a banner answers: Enter and x, and on a single notification its action
    /// numbers and, with a text-input action, r.
    func keysTaken(by item: BannerItem) -> Set<Key> {
        var keys: Set<Key> = [.enter, .char("x")]
        guard !item.isCoalesced else { return keys }
        for number in 0..<min(9, actions(of: item.record).count) { keys.insert(.char(Character(String(number + 1)))) }
        if category(of: item.record)?.textInputAction != nil { keys.insert(.char("r")) }
        return keys
    }

    /// Whether the focused banner takes `key` now: not when the key would have answered the
    /// focused banner that went less than `bannerKeyGrace` ago (see `BannerState`).
    func bannerTakes(_ key: Key) -> Bool {
        guard let lost = banner.focusLostAt, now.timeIntervalSince(lost) < config.bannerKeyGrace else { return true }
        return !banner.keysOfLostBanner.contains(key)
    }

    /// What the status line says when the grace held a press back.
    static let keyGraceMessage = "The keys moved to this banner — press again to act on it"

    /// `Tab` / `Shift-Tab` with several banners: the keys go to the next one down (or up).
    mutating func moveBannerFocus(by delta: Int) {
        guard !banner.shown.isEmpty else { return }
        let index = banner.focusedIndex ?? 0
        let count = banner.shown.count
        focusBanner(banner.shown[((index + delta) % count + count) % count].id, byUser: true)
    }

    /// Takes banner `id` off the screen (or out of the queue); the stack refills.
    mutating func closeBanner(id: Int64) {
        banner.queue.removeAll { $0.id == id }
        guard let index = banner.shown.firstIndex(where: { $0.id == id }) else { return }
        let item = banner.shown.remove(at: index)
        if banner.focusedID == id {
            let next = banner.shown.indices.contains(index) ? banner.shown[index] : banner.shown.last
            loseFocusedBanner(item)
            focusBanner(next?.id, byUser: false)
        }
        fillBannerStack()
    }

    /// Removes a delivery from the banners: its own banner closes; a coalesced one counts it out.
    mutating func removeBanner(deliveryID: Int64) {
        for item in banner.all where item.deliveryIDs.contains(deliveryID) {
            if item.count == 1 { closeBanner(id: item.id); continue }
            update(bannerWithID: item.id) { $0.deliveryIDs.removeAll { $0 == deliveryID } }
        }
    }

    /// Closes every banner of `bundleIdentifier` (every banner for `nil`).
    mutating func closeBanners(of bundleIdentifier: String?) {
        for item in banner.all where bundleIdentifier == nil || item.bundleIdentifier == bundleIdentifier {
            closeBanner(id: item.id)
        }
    }

    /// A banner's notification was replaced: the banner shows the new one, keeping its place.
    mutating func replaceBanner(deliveryID old: Int64, with record: DeliveredRecord) -> Bool {
        guard let item = banner.all.first(where: { $0.deliveryID == old }) else { return false }
        update(bannerWithID: item.id) { item in
            item.record = record
            item.deliveryIDs = item.deliveryIDs.map { $0 == old ? record.deliveryID : $0 }
        }
        return true
    }

    mutating func update(bannerWithID id: Int64, _ change: (inout BannerItem) -> Void) {
        if let i = banner.shown.firstIndex(where: { $0.id == id }) { change(&banner.shown[i]) }
        if let i = banner.queue.firstIndex(where: { $0.id == id }) { change(&banner.queue[i]) }
    }

    /// Banners whose time is up go into the list (not one being replied to).
    mutating func expireBanners() {
        for item in banner.shown {
            if let expiry = bannerExpiry(item), now >= expiry { closeBanner(id: item.id) }
        }
    }

    /// Whether the input line is open for a reply to `item`'s notification (the banner waits).
    func isReplying(to item: BannerItem) -> Bool {
        if case .input(let input)? = overlay, case .reply(let id, _, _, _) = input.purpose { return item.deliveryID == id }
        return false
    }
}

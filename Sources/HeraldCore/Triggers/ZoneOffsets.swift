import Foundation
import Synchronization

/// A time zone's UTC offsets between 1970 and 2100 as a sorted list of transitions, so that the
/// offset at an instant — and whether an instant is near a transition — is a binary search
/// instead of a call into ICU. Built once per zone identifier from Foundation's own
/// `nextDaylightSavingTimeTransition(after:)` (which reports every offset change, not only
/// daylight saving ones) and cached for the life of the process.
///
/// ```swift
/// let berlin = ZoneOffsets.zone("Europe/Berlin")!
/// berlin.offset(at: 1_711_846_800)   // 7200 (CEST, just after the 2024 spring transition)
/// ```
final class ZoneOffsets: Sendable {
    /// The instants covered: 1970-01-01 up to 2100-01-01 (UTC seconds since 1970).
    static let coveredRange: Range<Int> = 0..<4_102_444_800

    /// UTC instants (seconds since 1970) at which the offset changes, ascending.
    let transitions: [Int]
    /// `offsets[i]` is in effect from `transitions[i - 1]` (or the start) to `transitions[i]`;
    /// one more element than `transitions`.
    let offsets: [Int]

    init(_ zone: TimeZone) {
        var transitions: [Int] = []
        var offsets = [zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(Self.coveredRange.lowerBound)))]
        var date = Date(timeIntervalSince1970: Double(Self.coveredRange.lowerBound))
        while let next = zone.nextDaylightSavingTimeTransition(after: date),
              next.timeIntervalSince1970 < Double(Self.coveredRange.upperBound) {
            let offset = zone.secondsFromGMT(for: next)
            if offset != offsets.last {
                transitions.append(Int(next.timeIntervalSince1970.rounded(.down)))
                offsets.append(offset)
            }
            date = next
        }
        self.transitions = transitions
        self.offsets = offsets
    }

    /// The index into `offsets` of the interval holding `instant`.
    private func interval(_ instant: Int) -> Int {
        var low = 0
        var high = transitions.count
        while low < high {
            let mid = (low + high) / 2
            if transitions[mid] <= instant { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The UTC offset in seconds at a UTC instant (seconds since 1970).
    func offset(at instant: Int) -> Int { offsets[interval(instant)] }

    /// Whether an offset change lies within `margin` seconds of `instant`.
    func isNearTransition(_ instant: Int, margin: Int) -> Bool {
        let i = interval(instant)
        if i < transitions.count && transitions[i] - instant < margin { return true }
        if i > 0 && instant - transitions[i - 1] < margin { return true }
        return false
    }

    // MARK: Cache

    private static let cache = Mutex<[String: ZoneOffsets]>([:])

    /// The table of a zone identifier (built on first use); `nil` for an unknown identifier.
    static func zone(_ identifier: String) -> ZoneOffsets? {
        if let cached = cache.withLock({ $0[identifier] }) { return cached }
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        let table = ZoneOffsets(zone)
        return cache.withLock { cache in
            if let raced = cache[identifier] { return raced }
            cache[identifier] = table
            return table
        }
    }
}

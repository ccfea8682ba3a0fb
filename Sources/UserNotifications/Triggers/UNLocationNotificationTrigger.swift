import CoreLocation
import Foundation
import HeraldCore

/// Fires when the device enters or leaves a region (per the region's `notifyOnEntry` /
/// `notifyOnExit`). On Linux the device's location is simulated: `herald location` or
/// `NotificationSimulator.move(to:)`.
///
/// Only `CLCircularRegion` has a shape; a trigger with a bare `CLRegion` never fires.
///
/// ```swift
/// let office = CLCircularRegion(center: CLLocationCoordinate2D(latitude: 37.33, longitude: -122.01),
///                               radius: 100, identifier: "office")
/// office.notifyOnExit = false
/// let trigger = UNLocationNotificationTrigger(region: office, repeats: false)
/// ```
// unchecked: a subclass of `UNNotificationTrigger` restates its conformance; only `let`s.
public final class UNLocationNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    private let storedRegion: CLRegion

    /// A copy of the region the trigger watches.
    public var region: CLRegion { storedRegion.copy() as? CLRegion ?? storedRegion }

    public init(region: CLRegion, repeats: Bool) {
        self.storedRegion = region.copy() as? CLRegion ?? region
        super.init(repeats: repeats)
    }

    init(regionRecord: RegionRecord, repeats: Bool) {
        let region = CLCircularRegion(center: CLLocationCoordinate2D(latitude: regionRecord.latitude,
                                                                     longitude: regionRecord.longitude),
                                      radius: regionRecord.radius, identifier: regionRecord.identifier)
        region.notifyOnEntry = regionRecord.notifyOnEntry
        region.notifyOnExit = regionRecord.notifyOnExit
        self.storedRegion = region
        super.init(repeats: repeats)
    }

    override var record: TriggerRecord {
        let circle = storedRegion as? CLCircularRegion
        return .location(RegionRecord(identifier: storedRegion.identifier, latitude: circle?.center.latitude ?? 0,
                                      longitude: circle?.center.longitude ?? 0, radius: circle?.radius ?? -1,
                                      notifyOnEntry: storedRegion.notifyOnEntry, notifyOnExit: storedRegion.notifyOnExit),
                         repeats: repeats)
    }

    public override var description: String {
        "<UNLocationNotificationTrigger: repeats: \(repeats), region: \(storedRegion)>"
    }
}

/// A circle on the Earth's surface: a centre and a radius in metres.
///
/// ```swift
/// let region = CLCircularRegion(center: CLLocationCoordinate2D(latitude: 37.33, longitude: -122.01),
///                               radius: 200, identifier: "campus")
/// region.contains(CLLocationCoordinate2D(latitude: 37.331, longitude: -122.01))   // true
/// ```
open class CLCircularRegion: CLRegion {
    /// The centre of the circle.
    public let center: CLLocationCoordinate2D
    /// The radius in metres.
    public let radius: CLLocationDistance

    /// The mean radius of the Earth (IUGG), used for great-circle distances.
    static let earthRadius: CLLocationDistance = 6_371_008.8

    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) {
        self.center = center
        self.radius = radius
        super.init(identifier: identifier)
    }

    /// Whether `coordinate` lies inside the circle (great-circle distance ≤ radius, haversine).
    open func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
        CLCircularRegion.distance(from: center, to: coordinate) <= radius
    }

    /// The great-circle distance between two coordinates, in metres (haversine formula).
    static func distance(from a: CLLocationCoordinate2D, to b: CLLocationCoordinate2D) -> CLLocationDistance {
        let lat1 = a.latitude * .pi / 180
        let lat2 = b.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, sqrt(h)))
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = CLCircularRegion(center: center, radius: radius, identifier: identifier)
        copy.notifyOnEntry = notifyOnEntry
        copy.notifyOnExit = notifyOnExit
        return copy
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CLCircularRegion else { return false }
        return super.isEqual(other) && center == other.center && radius == other.radius
    }

    open override var hash: Int { identifier.hashValue }

    open override var description: String {
        "CLCircularRegion (identifier:'\(identifier)', center:<\(center.latitude),\(center.longitude)>, radius:\(radius)m)"
    }
}

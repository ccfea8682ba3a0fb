/// A latitude or longitude, in degrees (WGS 84).
public typealias CLLocationDegrees = Double

/// A distance in metres.
public typealias CLLocationDistance = Double

/// A geographic coordinate: latitude and longitude in degrees.
///
/// ```swift
/// let cupertino = CLLocationCoordinate2D(latitude: 37.3349, longitude: -122.0090)
/// CLLocationCoordinate2DIsValid(cupertino)   // true
/// ```
public struct CLLocationCoordinate2D: Sendable, Hashable, Codable {
    /// Degrees north (positive) or south (negative) of the equator, −90…90.
    public var latitude: CLLocationDegrees
    /// Degrees east (positive) or west (negative) of the prime meridian, −180…180.
    public var longitude: CLLocationDegrees

    /// The coordinate (0, 0).
    public init() {
        self.latitude = 0
        self.longitude = 0
    }

    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A coordinate that is never valid, Apple's `kCLLocationCoordinate2DInvalid`.
public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)

/// Makes a coordinate, as Apple's C function does.
///
/// ```swift
/// let home = CLLocationCoordinate2DMake(52.52, 13.405)
/// ```
public func CLLocationCoordinate2DMake(_ latitude: CLLocationDegrees,
                                       _ longitude: CLLocationDegrees) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}

/// Whether a coordinate is a real place: latitude in −90…90, longitude in −180…180, no NaN.
///
/// ```swift
/// CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 91, longitude: 0))   // false
/// ```
public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
    (-90.0...90.0).contains(coordinate.latitude) && (-180.0...180.0).contains(coordinate.longitude)
}

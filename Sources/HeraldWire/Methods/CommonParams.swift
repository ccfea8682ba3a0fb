import Foundation
import HeraldCore

// Params shapes several methods share, and how a method's params put their identifiers in NFC
// (`CanonicalIdentifiers`): the daemon's dispatcher does it once, right after decoding, for
// every method (it serves only params that conform).

/// An empty object (`{}`): the params or result of messages that carry nothing.
public struct Empty: Codable, Sendable, Hashable {
    public init() {}
}

/// `{"bundleIdentifier":"com.example.app"}`
public struct AppParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    public init(bundleIdentifier: String) { self.bundleIdentifier = bundleIdentifier }
}

/// `{"bundleIdentifier":null}`: one app, or every app.
public struct OptionalAppParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String?
    public init(bundleIdentifier: String?) { self.bundleIdentifier = bundleIdentifier }
}

/// `{}`; the decoder reads any object as `Empty`.
extension Empty: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> Empty {
        try reader.beginObject()
        while try reader.nextKey() != nil { try reader.skipValue() }
        return Empty()
    }
}

/// Params whose one identifier is their app's.
protocol AppIdentifiedParams: CanonicalIdentifiers {
    var bundleIdentifier: String { get set }
}

extension AppIdentifiedParams {
    public func withCanonicalIdentifiers() -> Self {
        var params = self
        params.bundleIdentifier = CanonicalIdentifier.form(bundleIdentifier)
        return params
    }
}

/// Params whose one identifier is an app's, or none (every app).
protocol OptionalAppIdentifiedParams: CanonicalIdentifiers {
    var bundleIdentifier: String? { get set }
}

extension OptionalAppIdentifiedParams {
    public func withCanonicalIdentifiers() -> Self {
        var params = self
        params.bundleIdentifier = CanonicalIdentifier.form(bundleIdentifier)
        return params
    }
}

/// Params without identifiers.
protocol ParamsWithoutIdentifiers: CanonicalIdentifiers {}

extension ParamsWithoutIdentifiers {
    public func withCanonicalIdentifiers() -> Self { self }
}

extension Empty: ParamsWithoutIdentifiers {}
extension AppParams: AppIdentifiedParams {}
extension OptionalAppParams: OptionalAppIdentifiedParams {}

import Foundation

/// Written bytes as `Data`, by one copy of their memory (`Data(bytes:count:)`): `Data(bytes)`
/// from an array is generic code whose first run in a process makes type metadata from its
/// mangled name, which a short-lived client (`herald post`, three lines) would pay for.
enum LineBytes {
    /// `bytes` as `Data`: the same bytes `Data(bytes)` holds.
    static func data(_ bytes: [UInt8]) -> Data {
        bytes.withUnsafeBytes { raw in
            guard let start = raw.baseAddress, raw.count > 0 else { return Data() }
            return Data(bytes: start, count: raw.count)
        }
    }
}

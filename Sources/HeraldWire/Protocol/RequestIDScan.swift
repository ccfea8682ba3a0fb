import Foundation
import HeraldCore

/// Finds the request id at the start of a line that was too long to read:
/// `{"id":7,"method":"post",…` → 7, so the `lineTooLong` refusal answers the request the
/// client is waiting on. Clients write `id` first (sorted keys put it before `method` and
/// `params`); the head is read with `JSONReader` up to the id, and a head whose members before
/// the cut hold no whole id gets none.
package enum RequestIDScan {
    package static func id(inHead head: Data) -> Int64? {
        head.withUnsafeBytes { bytes in
            var reader = JSONReader(bytes: bytes, dates: WireCoding.dates)
            do {
                try reader.beginObject()
                while let key = try reader.nextKey() {
                    guard reader.key(key, is: "id") else {
                        try reader.skipValue()
                        continue
                    }
                    let id = try reader.integer(Int64.self)
                    // A head that ends inside the number cannot be trusted.
                    return reader.isAtEnd() ? nil : id
                }
            } catch {}
            return nil
        }
    }
}

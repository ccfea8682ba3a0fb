import Foundation

/// Finds the request id at the start of a line that was too long to read:
/// `{"id":7,"method":"post",…` → 7, so the `lineTooLong` refusal answers the request the
/// client is waiting on. Clients write `id` first (sorted keys put it before `method` and
/// `params`); a line whose head holds no id gets none.
package enum RequestIDScan {
    package static func id(inHead head: Data) -> Int64? {
        let text = String(decoding: head, as: UTF8.self)
        guard text.hasPrefix("{"), let key = text.range(of: "\"id\"") else { return nil }
        var rest = text[key.upperBound...].drop { $0 == " " }
        guard rest.first == ":" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " }
        let digits = rest.prefix { $0.isASCII && ($0.isNumber || $0 == "-") }
        // (A prefix that ends inside the number cannot be trusted.)
        guard !digits.isEmpty, digits.count < rest.count else { return nil }
        return Int64(digits)
    }
}

/// An integer's decimal digits appended to bytes, with no `String` made for it (`String(n)`
/// allocates one and formats through generic code). Not generic: a fresh process looks up no
/// type to run it.
///
/// ```swift
/// var bytes: [UInt8] = []
/// DecimalDigits.append(-42, to: &bytes)   // "-42"
/// ```
package enum DecimalDigits {
    package static func append(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // The digits, last first, at the end of a buffer wide enough for any 64-bit integer.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude != 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}

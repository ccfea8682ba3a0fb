import Foundation

/// A JSON array written element by element up to a byte budget: a reply is measured as it is
/// written, never built whole first and found too long afterwards.
///
/// ```swift
/// var array = BoundedJSONArray(budget: 1 << 20)
/// for json in elements where !array.append(json) { break }   // full
/// let bytes = array.finish()                                   // [e1,e2,…]
/// ```
struct BoundedJSONArray {
    /// The longest the finished array may be, in bytes.
    let budget: Int
    private(set) var json = Data("[".utf8)
    private(set) var count = 0

    init(budget: Int) { self.budget = budget }

    /// Bytes the finished array would have now.
    var finishedBytes: Int { json.count + 1 }

    /// Appends an element's JSON; `false`, and nothing appended, when the finished array and
    /// `reserving` bytes more (what the caller writes around it) would pass the budget.
    mutating func append(_ element: Data, reserving: Int = 0) -> Bool {
        let separator = count == 0 ? 0 : 1
        guard finishedBytes + separator + element.count + reserving <= budget else { return false }
        if separator > 0 { json.append(UInt8(ascii: ",")) }
        json.append(element)
        count += 1
        return true
    }

    /// The array, closed.
    func finish() -> Data { json + Data("]".utf8) }
}

/// The members of an object the fast codec has read so far: a repeated key is left to the
/// decoder (`JSONFastPathMiss`), and so is a missing required one.
package struct JSONFieldSet {
    private var bits: UInt32 = 0

    package init() {}

    /// Records field number `field` (0…31); a second time is a miss.
    package mutating func mark(_ field: UInt32) throws(JSONFastPathMiss) {
        let bit: UInt32 = 1 << field
        guard bits & bit == 0 else { throw JSONFastPathMiss() }
        bits |= bit
    }

    /// Whether every field in `required` (a mask of `1 << field`) was read.
    package func contains(_ required: UInt32) -> Bool { bits & required == required }
}

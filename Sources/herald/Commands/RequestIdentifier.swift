/// The identifier `herald post` gives a request when `--id` does not: a random (version 4)
/// UUID in the text `UUID().uuidString` writes — upper-case hexadecimal in groups of 8-4-4-4-12.
/// Made here from 128 random bits (`SystemRandomNumberGenerator`, the kernel's `getrandom`)
/// rather than through Foundation's `UUID`, whose generator and formatter a post would load
/// and run for these 36 characters.
enum RequestIdentifier {
    /// A new identifier.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        // The UUID's bytes 0–7 are `high` (most significant first), bytes 8–15 `low`.
        let high: UInt64 = generator.next() & ~0xF000 | 0x4000                                  // version 4
        let low: UInt64 = generator.next() & ~0xC000_0000_0000_0000 | 0x8000_0000_0000_0000     // variant 10
        return text(high: high, low: low)
    }

    /// The UUID whose bytes are `high` then `low` (each most significant first), as text.
    static func text(high: UInt64, low: UInt64) -> String {
        String(unsafeUninitializedCapacity: 36) { buffer in
            var index = 0
            for nibble in 0..<32 {
                if nibble == 8 || nibble == 12 || nibble == 16 || nibble == 20 {
                    buffer[index] = UInt8(ascii: "-")
                    index += 1
                }
                let word = nibble < 16 ? high : low
                let value = UInt8(truncatingIfNeeded: word >> UInt64(60 - 4 * (nibble % 16))) & 0xF
                buffer[index] = value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
                index += 1
            }
            return index
        }
    }
}

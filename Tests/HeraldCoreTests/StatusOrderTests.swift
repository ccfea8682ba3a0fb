import Foundation
@testable import HeraldCore
import Testing

/// The order of a status line's apps (`CenterStatus.unreadApps`: the most unread first, then by
/// name, then by bundle identifier) and the byte order it and the JSON writer's keys use
/// (`UTF8Order`).
@Suite struct StatusOrderTests {
    static func status(_ apps: [(bundle: String, name: String, unread: Int)]) -> CenterStatus {
        CenterStatus(unreadCounts: Dictionary(apps.map { ($0.bundle, $0.unread) }, uniquingKeysWith: { $1 }),
                     appNames: Dictionary(apps.map { ($0.bundle, $0.name) }, uniquingKeysWith: { $1 }),
                     focus: nil, newestUnread: nil)
    }

    @Test func appsComeMostUnreadFirstThenByNameThenByIdentifier() {
        let status = Self.status([("com.example.b", "Same", 2), ("com.example.a", "Same", 2), ("make", "", 2),
                                  ("com.example.mail", "Mail", 5), ("none", "Zero", 0), ("z", "Alpha", 1)])
        #expect(status.unreadApps.map(\.bundleIdentifier)
                == ["com.example.mail", "com.example.a", "com.example.b", "make", "z"])
    }

    @Test func theMergeSortAgreesWithTheStandardLibrarysSort() {
        var generator = SplitMix(seed: 7)
        for count in [0, 1, 2, 3, 17, 64, 100, 333, 1_000] {
            let apps = (0..<count).map { n in
                (bundle: "com.example.app\(n)", name: ["Mail", "make", "Build", "b", ""][Int(generator.next() % 5)],
                 unread: Int(generator.next() % 4) + 1)
            }
            let expected = apps.map {
                CenterStatus.AppUnread(bundleIdentifier: $0.bundle, name: $0.name.isEmpty ? $0.bundle : $0.name, unread: $0.unread)
            }.sorted { ($0.unread, $1.name, $1.bundleIdentifier) > ($1.unread, $0.name, $0.bundleIdentifier) }
            #expect(Self.status(apps).unreadApps == expected, "\(count) apps")
        }
    }

    @Test(arguments: [("Mail", "make"), ("", "a"), ("app", "apple"), ("app1", "app10"), ("Z", "a"), ("e", "é"),
                      ("é", "ë"), ("a\u{0}", "a\u{1}"), ("日本", "日本語"), ("😀", "😁"), ("same", "same")])
    func utf8OrderIsByteOrder(lhs: String, rhs: String) {
        let bytes = lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
        #expect(UTF8Order.precedes(lhs, rhs) == bytes)
        #expect(UTF8Order.precedes(rhs, lhs) == rhs.utf8.lexicographicallyPrecedes(lhs.utf8))
        #expect((UTF8Order.compare(lhs, rhs) == 0) == lhs.utf8.elementsEqual(rhs.utf8))
        // For text in composed form, String's own order agrees.
        #expect(UTF8Order.precedes(lhs, rhs) == (lhs < rhs))
    }

    @Test func sortedPositionsAreTheKeysInByteOrderTheEarlierOfEqualKeysFirst() {
        var generator = SplitMix(seed: 11)
        let pieces = ["com.example.", "app", "1", "10", "é", "e\u{301}", "日本", "😀", "", "Z", "a\u{0}"]
        for count in [0, 1, 2, 3, 17, 100, 1_000] {
            let keys = (0..<count).map { _ in
                (0..<Int(generator.next() % 4)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            }
            let expected = keys.indices.sorted { left, right in
                keys[left].utf8.elementsEqual(keys[right].utf8) ? left < right
                    : keys[left].utf8.lexicographicallyPrecedes(keys[right].utf8)
            }
            #expect(UTF8Order.sortedPositions(of: keys) == expected, "\(count) keys")
        }
    }

    @Test func aDictionaryIsWrittenInItsKeysByteOrderAsTheEncodersSortedKeys() throws {
        let members = Dictionary(uniqueKeysWithValues: (0..<300).map { ("com.example.app\($0 * 7 % 300)", $0 - 150) }
            + [("É", 1), ("e", 2), ("", 3), ("Z", Int.min), ("z", Int.max)])
        var writer = JSONWriter(dates: .secondsSince1970)
        try writer.dictionary(members) { writer, value throws(JSONFastPathMiss) in writer.integer(value) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(writer.bytes == Array(try encoder.encode(members)))
    }
}

/// A small deterministic generator for the tests above.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

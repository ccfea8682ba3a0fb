import Testing
@testable import HeraldUI

/// "1 more messages" / "1 new messages".
@Suite struct FormatStringPluralTests {
    @Test(arguments: [
        ("%u new messages", 1, "1 new message"),
        ("%u new messages", 2, "2 new messages"),
        ("%u more messages", 1, "1 more message"),
        ("%u replies from %@", 1, "1 reply from Ann"),
        ("%u boxes", 1, "1 box"),
        ("%u status", 1, "1 status"),
        ("Nothing to count", 1, "Nothing to count"),
    ])
    func theNounAfterACountOfOneIsSingular(format: String, count: Int, expected: String) {
        #expect(FormatString.apply(format, count: count, arguments: "Ann") == expected)
    }
}

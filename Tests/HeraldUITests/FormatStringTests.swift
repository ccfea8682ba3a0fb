@testable import HeraldUI
import Testing

@Suite struct FormatStringTests {
    @Test func formatStrings() {
        #expect(FormatString.apply("%u new messages from %@", count: 3, arguments: "Ann, Bob") == "3 new messages from Ann, Bob")
        #expect(FormatString.apply("%u more", count: 2, arguments: nil) == "2 more")
        #expect(FormatString.apply("100%% %lu", count: 7, arguments: nil) == "100% 7")
        #expect(FormatString.apply("odd %x", count: 1, arguments: nil) == "odd %x")
    }
}

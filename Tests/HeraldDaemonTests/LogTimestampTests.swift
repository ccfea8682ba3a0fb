import Foundation
import HeraldSystem
import Testing

/// The daemon log's time of day is what Foundation's ISO 8601 time style writes, in UTC.
@Suite struct LogTimestampTests {
    @Test(arguments: [(0, 0), (59, 999), (3_599, 500), (86_399, 7), (1_796_410_419, 487), (1_800_000_000, 0)])
    func theTimeOfDayMatchesTheISO8601Style(seconds: Int, milliseconds: Int) {
        // Half a millisecond on: both sides cut to the millisecond, neither rounds.
        let instant = timespec(tv_sec: seconds, tv_nsec: milliseconds * 1_000_000 + 500_000)
        let date = Date(timeIntervalSince1970: Double(seconds) + (Double(milliseconds) + 0.5) / 1_000)
        #expect(LogTimestamp.now(instant) == date.formatted(.iso8601.time(includingFractionalSeconds: true)))
    }

    @Test func nowIsTwelveCharactersOfTime() {
        let text = LogTimestamp.now()
        #expect(text.count == 12)
        #expect(text.enumerated().allSatisfy { index, character in
            [2, 5].contains(index) ? character == ":" : index == 8 ? character == "." : character.isNumber
        })
    }
}

import Foundation
import HeraldCore
import HeraldWire
import Testing

/// The Focus messages as docs/PROTOCOL.md spells them.
@Suite struct FocusWireTests {
    func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = WireCoding.encoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try WireCoding.decoder().decode(type, from: Data(text.utf8))
    }

    @Test func changesReadAsDocumented() throws {
        #expect(try decode(FocusChange.self, #"{"turnOn":{"name":"Work","end":{"duration":{"seconds":3600}}}}"#)
                == .turnOn(name: "Work", end: .duration(seconds: 3600)))
        #expect(try decode(FocusChange.self, #"{"turnOn":{"name":"Sleep","end":{"until":{"time":"07:00"}}}}"#)
                == .turnOn(name: "Sleep", end: .until(time: TimeOfDay(hour: 7))))
        #expect(try decode(FocusChange.self, #"{"turnOff":{}}"#) == .turnOff)
        #expect(try decode(FocusChange.self, #"{"setSummaryTimes":{"times":["08:00","18:00"]}}"#)
                == .setSummaryTimes(times: [TimeOfDay(hour: 8), TimeOfDay(hour: 18)]))
        let mode = try decode(FocusChange.self, #"{"saveMode":{"mode":{"name":"Work","allowedApps":["com.example.chat"],"allowsTimeSensitive":false,"schedule":{"weekdays":[2,3,4,5,6],"start":"09:00","end":"17:30"}}}}"#)
        #expect(mode == .saveMode(mode: FocusMode(name: "Work", allowedApps: ["com.example.chat"], allowsTimeSensitive: false,
                                                  schedule: FocusSchedule(weekdays: FocusSchedule.weekdaysOnly,
                                                                          start: TimeOfDay(hour: 9),
                                                                          end: TimeOfDay(hour: 17, minute: 30)))))
        #expect(throws: (any Error).self) {
            try decode(FocusChange.self, #"{"setSummaryTimes":{"times":["25:00"]}}"#)
        }
    }

    @Test func eventsAndOverviewWriteAsDocumented() throws {
        #expect(try json(WireEvent(.focusChanged(nil))) == #"{"focusChanged":{}}"#)
        #expect(try json(WireEvent(.focusChanged(FocusStatus(name: "Work", endsAt: Date(timeIntervalSince1970: 1_795_971_600),
                                                            isScheduled: false))))
                == #"{"focusChanged":{"focus":{"endsAt":1795971600,"isScheduled":false,"name":"Work"}}}"#)
        let overview = FocusOverview(modes: [.doNotDisturb], active: nil, heldCount: 0, summaryTimes: [TimeOfDay(hour: 8)],
                                     collectedCount: 0, nextSummaryAt: nil)
        #expect(try json(overview)
                == #"{"collectedCount":0,"heldCount":0,"modes":[{"allowedApps":[],"allowsTimeSensitive":true,"name":"Do Not Disturb"}],"summaryTimes":["08:00"]}"#)
    }
}

import Foundation
import HeraldCore
import TestSupport

/// A UTC date from its parts.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute,
                                              second: second))!
}

/// Calendar components in UTC on the Gregorian calendar (so tests do not depend on the machine).
func components(year: Int? = nil, month: Int? = nil, day: Int? = nil, hour: Int? = nil, minute: Int? = nil,
                second: Int? = nil, weekday: Int? = nil) -> CalendarComponents {
    CalendarComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                       weekday: weekday, calendarIdentifier: "gregorian", timeZoneIdentifier: "UTC")
}

func request(_ identifier: String, title: String = "Title", body: String = "Body", badge: Int? = nil,
             sound: SoundRecord? = nil, category: String = "", trigger: TriggerRecord? = nil,
             level: UNNotificationInterruptionLevel = .active) -> RequestRecord {
    RequestRecord(identifier: identifier,
                  content: ContentRecord(title: title, body: body, badge: badge, sound: sound,
                                         categoryIdentifier: category, interruptionLevel: level),
                  trigger: trigger)
}

func after(_ seconds: TimeInterval, repeats: Bool = false) -> TriggerRecord {
    .timeInterval(seconds: seconds, repeats: repeats)
}

extension Data {
    init(json: String) { self.init(json.utf8) }
}

/// Writes a file into a directory and returns its URL.
@discardableResult
func writeFile(_ directory: URL, _ name: String, bytes: [UInt8]) throws -> URL {
    let url = directory.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url
}

let pngBytes = [UInt8](PNGEncoder.onePixel)
let jpegBytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]
let gifBytes: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0]

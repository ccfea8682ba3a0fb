import Foundation
import HeraldCore

/// `calendar_next_per_s` vs `foundation_next_per_s`: `nextTriggerDate` for typical calendar
/// triggers (daily, weekly, monthly, every minute) through `CalendarMatcher.nextDate` (fast path,
/// Foundation as fallback) and through Foundation's `Calendar.nextDate` alone, on the same
/// components and dates.
enum CalendarBenchmarks {
    static func triggers(zone: String) -> [CalendarComponents] {
        func c(_ make: (inout CalendarComponents) -> Void) -> CalendarComponents {
            var components = CalendarComponents(calendarIdentifier: "gregorian", timeZoneIdentifier: zone)
            make(&components)
            return components
        }
        return [
            c { $0.hour = 8; $0.minute = 30 },                      // daily
            c { $0.weekday = 2; $0.hour = 9 },                       // weekly
            c { $0.day = 1; $0.hour = 9; $0.minute = 0 },            // monthly
            c { $0.second = 0 },                                     // every minute
        ]
    }

    /// Dates spread over 2025 (a fixed sequence, fractions of a second included).
    static func dates(_ count: Int) -> [Date] {
        (0..<count).map { i in
            Date(timeIntervalSince1970: 1_735_689_600 + Double((i &* 2_654_435_761) % 31_536_000) + Double(i % 7) / 8)
        }
    }

    static func run(_ options: BenchOptions, report: Report) {
        let components = triggers(zone: "Europe/Berlin")
        let fastCount = options.size(2_000_000)
        let foundationCount = options.size(200_000)
        let fastDates = dates(1 << 16)
        _ = CalendarMatcher.nextDate(after: fastDates[0], matching: components[0])   // builds the zone table

        var checksum = 0.0
        let fastSeconds = Measure.seconds {
            for i in 0..<fastCount {
                checksum += CalendarMatcher.nextDate(after: fastDates[i & 0xFFFF], matching: components[i & 3])?
                    .timeIntervalSince1970 ?? 0
            }
        }
        let foundationSeconds = Measure.seconds {
            for i in 0..<foundationCount {
                checksum += CalendarMatcher.foundationNextDate(after: fastDates[i & 0xFFFF], matching: components[i & 3])?
                    .timeIntervalSince1970 ?? 0
            }
        }
        // Same answers on the dates both measured.
        var mismatches = 0
        for i in 0..<min(foundationCount, 20_000) {
            let date = fastDates[i & 0xFFFF]
            if CalendarMatcher.nextDate(after: date, matching: components[i & 3])
                != CalendarMatcher.foundationNextDate(after: date, matching: components[i & 3]) { mismatches += 1 }
        }
        let fastRate = Double(fastCount) / fastSeconds
        let foundationRate = Double(foundationCount) / foundationSeconds
        report.add(Metric("calendar_next_per_s", label: "calendar next (fast path)", value: fastRate, unit: "/s"))
        report.add(Metric("foundation_next_per_s", label: "calendar next (Foundation)", value: foundationRate, unit: "/s"))
        report.add(Comparison(label: "calendar_next_per_s vs foundation_next_per_s",
                              measured: Report.format(fastRate) + " /s", baseline: Report.format(foundationRate) + " /s",
                              ratio: fastRate / foundationRate, goal: 10, direction: .higher))
        report.note("calendar: daily, weekly, monthly and every-minute triggers in Europe/Berlin; "
                    + "\(mismatches) differences from Foundation in \(min(foundationCount, 20_000)) checked")
        Measure.consume(checksum)
    }
}

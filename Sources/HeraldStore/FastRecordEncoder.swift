import Foundation
import HeraldCore

/// A hand-written JSON encoder for the hot record of the store, `delivered.record`
/// (`CompactDeliveredRecord`): the same JSON `RecordCoding` writes with `JSONEncoder` (sorted
/// keys, slashes unescaped, doubles as Foundation prints them), several times faster, because
/// it appends bytes instead of building a tree of boxed containers.
///
/// It covers what notifications usually carry — badge, sound, thread, category, level, a
/// `userInfo` of JSON values, time-interval and push triggers — and returns `nil` for the rest
/// (attachments, desktop traits, calendar and location triggers, non-finite numbers), which
/// `JSONEncoder` then encodes. `FastRecordEncoderTests` holds the two together on random records.
///
/// ```swift
/// let json = FastRecordEncoder.encode(compact) ?? (try coding.encode(compact))
/// ```
enum FastRecordEncoder {
    /// The JSON text of a record, or `nil` when it holds something this encoder leaves to `JSONEncoder`.
    static func encode(_ record: CompactDeliveredRecord) -> String? {
        var writer = Writer()
        writer.bytes.reserveCapacity(128)
        guard writer.compact(record) else { return nil }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    struct Writer {
        var bytes: [UInt8] = []

        mutating func raw(_ text: StaticString) {
            text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        mutating func string(_ value: String) {
            bytes.append(0x22)
            var value = value
            value.withUTF8 { utf8 in
                for byte in utf8 {
                    switch byte {
                    case 0x22: bytes.append(0x5C); bytes.append(0x22)
                    case 0x5C: bytes.append(0x5C); bytes.append(0x5C)
                    case 0x08: bytes.append(0x5C); bytes.append(0x62)
                    case 0x0C: bytes.append(0x5C); bytes.append(0x66)
                    case 0x0A: bytes.append(0x5C); bytes.append(0x6E)
                    case 0x0D: bytes.append(0x5C); bytes.append(0x72)
                    case 0x09: bytes.append(0x5C); bytes.append(0x74)
                    case 0..<0x20:
                        let hex: [UInt8] = Array("0123456789abcdef".utf8)
                        bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                    default: bytes.append(byte)
                    }
                }
            }
            bytes.append(0x22)
        }

        mutating func key(_ name: StaticString, first: Bool = false) {
            if !first { bytes.append(0x2C) }
            bytes.append(0x22)
            raw(name)
            bytes.append(0x22)
            bytes.append(0x3A)
        }

        mutating func integer<T: BinaryInteger>(_ value: T) { bytes.append(contentsOf: String(value).utf8) }

        mutating func bool(_ value: Bool) { if value { raw("true") } else { raw("false") } }

        /// A double as `JSONEncoder` writes it: its description without a trailing `.0`.
        mutating func double(_ value: Double) -> Bool {
            guard value.isFinite else { return false }
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            bytes.append(contentsOf: text.utf8)
            return true
        }

        mutating func float(_ value: Float) -> Bool {
            guard value.isFinite else { return false }
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            bytes.append(contentsOf: text.utf8)
            return true
        }

        /// The members in sorted key order, defaults (`nil`) left out, as `JSONEncoder` does.
        mutating func compact(_ r: CompactDeliveredRecord) -> Bool {
            guard r.attachments == nil, r.traits == nil else { return false }
            raw("{")
            let start = bytes.count
            if let badge = r.badge { key("badge", first: bytes.count == start); integer(badge) }
            if let category = r.categoryIdentifier { key("categoryIdentifier", first: bytes.count == start); string(category) }
            if let steps = r.dateSteps { key("dateSteps", first: bytes.count == start); integer(steps) }
            if let date = r.exactDate {
                key("exactDate", first: bytes.count == start)
                guard double(date.timeIntervalSinceReferenceDate) else { return false }
            }
            if let filter = r.filterCriteria { key("filterCriteria", first: bytes.count == start); string(filter) }
            if let level = r.interruptionLevel { key("interruptionLevel", first: bytes.count == start); integer(level.rawValue) }
            if let image = r.launchImageName { key("launchImageName", first: bytes.count == start); string(image) }
            if let score = r.relevanceScore {
                key("relevanceScore", first: bytes.count == start)
                guard double(score) else { return false }
            }
            if let sound = r.sound {
                key("sound", first: bytes.count == start)
                guard self.sound(sound) else { return false }
            }
            if let argument = r.summaryArgument { key("summaryArgument", first: bytes.count == start); string(argument) }
            if let count = r.summaryArgumentCount { key("summaryArgumentCount", first: bytes.count == start); integer(count) }
            if let target = r.targetContentIdentifier { key("targetContentIdentifier", first: bytes.count == start); string(target) }
            if let thread = r.threadIdentifier { key("threadIdentifier", first: bytes.count == start); string(thread) }
            if let trigger = r.trigger {
                key("trigger", first: bytes.count == start)
                guard self.trigger(trigger) else { return false }
            }
            if let userInfo = r.userInfo {
                key("userInfo", first: bytes.count == start)
                guard object(userInfo) else { return false }
            }
            if let types = r.userInfoTypes {
                key("userInfoTypes", first: bytes.count == start)
                guard object(types) else { return false }
            }
            raw("}")
            return true
        }

        mutating func sound(_ sound: SoundRecord) -> Bool {
            raw("{")
            if let file = sound.file { key("file", first: true); string(file) }
            key("isCritical", first: sound.file == nil); bool(sound.isCritical)
            key("isRingtone"); bool(sound.isRingtone)
            if let name = sound.name { key("name"); string(name) }
            if let volume = sound.volume { key("volume"); guard float(volume) else { return false } }
            raw("}")
            return true
        }

        mutating func trigger(_ trigger: TriggerRecord) -> Bool {
            switch trigger {
            case .timeInterval(let seconds, let repeats):
                raw("{\"timeInterval\":{\"repeats\":")
                bool(repeats)
                raw(",\"seconds\":")
                guard double(seconds) else { return false }
                raw("}}")
            case .push:
                raw("{\"push\":{}}")
            case .calendar, .location:
                return false
            }
            return true
        }

        mutating func object(_ object: [String: JSONValue]) -> Bool {
            raw("{")
            for (index, key) in object.keys.sorted().enumerated() {
                if index > 0 { raw(",") }
                string(key)
                raw(":")
                guard value(object[key]!) else { return false }
            }
            raw("}")
            return true
        }

        mutating func value(_ value: JSONValue) -> Bool {
            switch value {
            case .null: raw("null")
            case .bool(let flag): bool(flag)
            case .int(let number): integer(number)
            case .double(let number): return double(number)
            case .string(let text): string(text)
            case .array(let items):
                raw("[")
                for (index, item) in items.enumerated() {
                    if index > 0 { raw(",") }
                    guard self.value(item) else { return false }
                }
                raw("]")
            case .object(let members): return object(members)
            }
            return true
        }
    }
}

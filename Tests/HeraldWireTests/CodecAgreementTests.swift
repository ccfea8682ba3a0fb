import Foundation
import HeraldCore
@testable import HeraldStore
@testable import HeraldWire
import Testing
import TestSupport

/// One generic round-trip property test over every type with a hand-written codec
/// (`JSONFastCodable`), on the wire and in the store: random values — empty and unicode strings,
/// control characters, extreme numbers, optionals absent and present, nested JSON, every enum
/// case — written by the hand-written codec and by `JSONEncoder` must be the same bytes, and read
/// back by it and by `JSONDecoder` the same values; indented and damaged bytes must never be
/// read differently either (a miss leaves them to `Codable`). And every optional field of every
/// hand-coded type must have been generated present at least once, so a field added to a type
/// and forgotten in the generator fails here, and one forgotten in the hand-written codec fails
/// the byte comparison.
@Suite("The hand-written codec agrees with Codable")
struct CodecAgreementTests {
    /// What the check saw of one type.
    struct Outcome: Sendable, CustomStringConvertible {
        var values = 0, encoded = 0, decoded = 0
        /// What disagreed (the first few are reported).
        var disagreements: [String] = []
        /// `Type.field` of every optional field met in a hand-coded value, and those met present.
        var optionals: Set<String> = [], present: Set<String> = []
        var description: String { "\(values) values, \(encoded) encoded and \(decoded) decoded by the hand-written codec" }
    }

    /// One type under test, in one dialect.
    struct Subject: Sendable, CustomTestStringConvertible {
        let name: String
        /// The share of values the hand-written codec must write and read itself (the rest are
        /// shapes it leaves to `Codable` on purpose).
        let minimumShare: Double
        let check: @Sendable () throws -> Outcome
        var testDescription: String { name }
    }

    static func subject<T: JSONFastCodable & Equatable & SendableMetatype>(_ name: String, dates: JSONDateForm = WireCoding.dates, count: Int = 600,
                                                        minimumShare: Double = 0.5, seed: UInt64,
                                                        _ make: @escaping @Sendable (inout RandomWireValues) -> T) -> Subject {
        Subject(name: name + (dates == WireCoding.dates ? "" : " (store)"), minimumShare: minimumShare) {
            try check(count, seed: seed, dates: dates, make)
        }
    }

    /// Every hand-coded type of the wire and the store.
    static let subjects: [Subject] = [
        subject("PostParams", seed: 1) { $0.postParams() },
        subject("AddParams", seed: 2) { AddParams(bundleIdentifier: $0.string(), request: $0.request()) },
        subject("PostResult", minimumShare: 1, seed: 3) { $0.postResult() },
        subject("Empty", count: 5, minimumShare: 1, seed: 4) { _ in Empty() },
        subject("WireEvent", seed: 5) { $0.event() },
        subject("EventEnvelope", seed: 6) { EventEnvelope(event: $0.event()) },
        subject("ResponseRecord", seed: 7) { $0.response() },
        subject("ResponseAction", minimumShare: 1, seed: 8) { $0.response().action },
        subject("HelloEnvelope<ClientHello>", minimumShare: 1, seed: 9) { HelloEnvelope(hello: $0.clientHello()) },
        subject("HelloEnvelope<ServerHello>", minimumShare: 1, seed: 10) { HelloEnvelope(hello: $0.serverHello()) },
        subject("HistoryCounts", minimumShare: 1, seed: 11) { HistoryCounts(unread: $0.integer(), total: $0.integer()) },
        subject("HistoryPage", seed: 12) { $0.historyPage() },
        subject("[DeliveredRecord]", seed: 13) { values in (0..<Int.random(in: 0...3, using: &values.rng)).map { _ in values.delivered() } },
        subject("DeliveredRecord", seed: 14) { $0.delivered() },
        subject("RequestRecord", seed: 15) { $0.request() },
        subject("TriggerRecord", minimumShare: 0.9, seed: 16) { $0.trigger() ?? .push },
        subject("ContentRecord", seed: 17) { $0.content() },
        // A volume at the edge of `Float`'s range is the decoder's to judge.
        subject("SoundRecord", minimumShare: 0.8, seed: 18) { $0.sound() },
        subject("AttachmentRecord", minimumShare: 1, seed: 19) { $0.attachment() },
        subject("JSONValue", seed: 20) { JSONValue.object($0.userInfo()) },
        subject("PendingRecord", seed: 21) { $0.pending() },
        subject("StatusResult", seed: 27) { $0.statusResult() },
        subject("FocusStatus", minimumShare: 1, seed: 28) { $0.focusStatus() },
        subject("AppSettings", minimumShare: 1, seed: 29) { $0.appSettings() },
        subject("AppRecord", minimumShare: 1, seed: 30) { $0.appRecord() },
        subject("[AppRecord]", minimumShare: 1, seed: 31) { values in (0..<Int.random(in: 0...3, using: &values.rng)).map { _ in values.appRecord() } },
        subject("NotificationTraits", minimumShare: 1, seed: 34) { $0.traits() },
        subject("BodyStyle", minimumShare: 1, seed: 36) { $0.bodyStyle() },
        subject("[String: HistoryCounts]", minimumShare: 1, seed: 32) { values in
            var counts: [String: HistoryCounts] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &values.rng) { counts[values.string()] = HistoryCounts(unread: values.integer(), total: values.integer()) }
            return counts
        },
        // The store's rows, in its dialect (dates as seconds since 2001).
        subject("PendingRecord", dates: RecordCoding.dates, seed: 22) { $0.pending() },
        subject("CompactDeliveredRecord", dates: RecordCoding.dates, count: 1_500, seed: 23) { CompactDeliveredRecord($0.delivered()) },
        subject("DeliveredPayload", dates: RecordCoding.dates, seed: 24) { values in
            let delivered = values.delivered()
            return DeliveredPayload(request: delivered.request, date: delivered.date, presentation: delivered.presentation)
        },
        subject("ResponseRecord", dates: RecordCoding.dates, seed: 25) { $0.response() },
        subject("JSONValue", dates: RecordCoding.dates, seed: 26) { $0.jsonValue() },
        subject("AppRecord", dates: RecordCoding.dates, minimumShare: 1, seed: 33) { $0.appRecord() },
        subject("NotificationTraits", dates: RecordCoding.dates, minimumShare: 1, seed: 37) { $0.traits() },
    ]

    /// (Thousands of encodings: off the cooperative pool, so the other tests' tasks keep running.)
    @Test("a type's hand-written codec writes and reads what Codable does", arguments: subjects)
    func roundTrip(_ subject: Subject) async throws {
        let outcome = try await offThePool { try subject.check() }
        #expect(outcome.disagreements.isEmpty,
                "\(outcome.disagreements.count) disagreements, the first: \(outcome.disagreements.prefix(3).joined(separator: "\n"))")
        let needed = Int((Double(outcome.values) * subject.minimumShare).rounded(.down))
        #expect(outcome.encoded >= needed && outcome.decoded >= needed, "the hand-written codec handled too few: \(outcome)")
        let absent = outcome.optionals.subtracting(outcome.present).sorted()
        #expect(absent.isEmpty, "never generated present (add them to RandomWireValues): \(absent.joined(separator: ", "))")
    }

    /// Runs the round trips on `count` values from `make` in the dialect `dates`.
    static func check<T: JSONFastCodable & Equatable>(_ count: Int, seed: UInt64, dates: JSONDateForm,
                                                      _ make: (inout RandomWireValues) -> T) throws -> Outcome {
        var values = RandomWireValues(seed: seed)
        var outcome = Outcome()
        let pretty = dates.makeEncoder()
        pretty.outputFormatting.insert(.prettyPrinted)
        for _ in 0..<count {
            let value = make(&values)
            outcome.values += 1
            FieldCoverage.record(value, into: &outcome)
            let codable = try? dates.encoder.encode(value)
            let fast = JSONFastCodec.encode(value, dates: dates)
            guard let codable else {
                if fast != nil { outcome.disagreements.append("the hand-written codec encoded what the encoder refuses: \(value)") }
                continue
            }
            if let fast {
                outcome.encoded += 1
                if fast != codable {
                    outcome.disagreements.append("bytes differ:\n fast    \(String(decoding: fast, as: UTF8.self))\n codable \(String(decoding: codable, as: UTF8.self))")
                }
            }
            let reference = try dates.decoder.decode(T.self, from: codable)
            if let read = JSONFastCodec.decode(T.self, from: codable, dates: dates) {
                outcome.decoded += 1
                if read != reference { outcome.disagreements.append("values differ for \(String(decoding: codable, as: UTF8.self))") }
            }
            // Not the canonical bytes: indented, and damaged.
            for variant in [try pretty.encode(value), damaged(codable, using: &values.rng)] {
                guard let read = JSONFastCodec.decode(T.self, from: variant, dates: dates) else { continue }
                if read != (try? dates.decoder.decode(T.self, from: variant)) {
                    outcome.disagreements.append("the hand-written codec read \(String(decoding: variant, as: UTF8.self)) differently")
                }
            }
        }
        return outcome
    }

    /// One byte changed, removed or the text cut short.
    static func damaged(_ data: Data, using rng: inout SeededGenerator) -> Data {
        var bytes = [UInt8](data)
        guard !bytes.isEmpty else { return data }
        let index = Int.random(in: 0..<bytes.count, using: &rng)
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: bytes[index] = [UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: ","), UInt8(ascii: "1"), 0xC3, 0x00,
                                UInt8(ascii: "}"), UInt8(ascii: "e")].randomElement(using: &rng)!
        case 1: bytes.remove(at: index)
        default: bytes.removeSubrange(index...)
        }
        return Data(bytes)
    }
}

/// Which optional fields of hand-coded values were met, and which present (`Mirror`).
enum FieldCoverage {
    static func record(_ value: Any, into outcome: inout CodecAgreementTests.Outcome) {
        walk(value, owner: nil, into: &outcome)
    }

    /// `owner` names the hand-coded value whose fields (or enum payload) are being walked.
    private static func walk(_ value: Any, owner: String?, into outcome: inout CodecAgreementTests.Outcome) {
        if value is JSONValue || value is String || value is Date { return }
        let mirror = Mirror(reflecting: value)
        let isHandCoded = value is any JSONFastCodable
        let name = isHandCoded ? String(describing: type(of: value)) : owner
        switch mirror.displayStyle {
        case .struct, .class, .enum:
            for child in mirror.children {
                let field = "\(name ?? "?").\(child.label ?? "?")"
                if let inner = unwrap(child.value) {
                    if case .some(let present) = inner {
                        if isHandCoded { outcome.optionals.insert(field); outcome.present.insert(field) }
                        walk(present, owner: isHandCoded ? field : nil, into: &outcome)
                    } else if isHandCoded {
                        outcome.optionals.insert(field)
                    }
                } else {
                    walk(child.value, owner: isHandCoded ? field : nil, into: &outcome)
                }
            }
        case .tuple:
            // An enum case's labelled payload: its optionals belong to the case.
            for child in mirror.children {
                let field = "\(owner ?? "?").\(child.label ?? "?")"
                if let inner = unwrap(child.value) {
                    if owner != nil { outcome.optionals.insert(field) }
                    if case .some(let present) = inner {
                        if owner != nil { outcome.present.insert(field) }
                        walk(present, owner: nil, into: &outcome)
                    }
                } else {
                    walk(child.value, owner: nil, into: &outcome)
                }
            }
        case .collection, .dictionary, .set:
            for child in mirror.children { walk(child.value, owner: nil, into: &outcome) }
        default:
            return
        }
    }

    /// `.some(.some(x))` / `.some(.none)` for an optional, `nil` for anything else.
    private static func unwrap(_ value: Any) -> Any?? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return nil }
        return .some(mirror.children.first?.value)
    }
}

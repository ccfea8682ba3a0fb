import Foundation
import HeraldBroker
import HeraldCore
import HeraldStore
import HeraldWire

/// The JSON codec alone (`--only codec`), per message: the hand-written codec (`JSONFastCodec`)
/// against the `Codable` one (`JSONEncoder`/`JSONDecoder` in the same dialect) on the same values
/// — a `post`'s params, a `delivered` event, the list's first history page (`historyPage`, 300
/// deliveries: what a starting `herald` reads) and a stored pending request (what the daemon
/// reads 64,000 of at start, through `RecordCoding`). Microseconds per encode and per decode,
/// medians of batches. And the broker door's reading of a published post (`BrokerPost`: the
/// params plus a `message` id) through `WireCoding.decode`, against the fresh `JSONDecoder` it
/// used before (`wire_broker_post_decode_us`, `wire_broker_post_codable_decode_us`).
enum WireCodecBenchmarks {
    static let metricKeys = ["wire_post_encode_us", "wire_post_decode_us", "wire_post_codable_encode_us",
                             "wire_post_codable_decode_us", "wire_event_encode_us", "wire_event_decode_us",
                             "wire_event_codable_encode_us", "wire_event_codable_decode_us",
                             "wire_history_encode_us", "wire_history_decode_us", "wire_history_codable_encode_us",
                             "wire_history_codable_decode_us", "store_pending_encode_us", "store_pending_decode_us",
                             "store_pending_codable_encode_us", "store_pending_codable_decode_us",
                             "wire_broker_post_decode_us", "wire_broker_post_codable_decode_us"]

    static func run(_ options: BenchOptions, report: Report) throws {
        let request = RequestRecord(identifier: "b42", content: ContentRecord(title: "Bench 42", body: "socket benchmark post 42",
                                                                              sound: .default, userInfo: ["id": 42]))
        let post = PostParams(bundleIdentifier: "bench.single", request: request)
        let event = EventEnvelope(event: .delivered(notification: DeliveredRecord(deliveryID: 42, bundleIdentifier: "bench.single",
                                                                                  request: request, date: Date(),
                                                                                  presentation: [.banner, .list, .sound]),
                                                    replacedDeliveryID: nil))
        let iterations = max(100, options.size(20_000))
        try measure("wire_post", post, iterations: iterations, report: report)
        try measure("wire_event", event, iterations: iterations, report: report)
        try measure("wire_history", historyPage(), iterations: max(10, iterations / 300), report: report)
        let pending = PendingRecord(bundleIdentifier: "com.example.pending7",
                                    request: RequestRecord(identifier: "pending42",
                                                           content: ContentRecord(title: "Reminder 42", body: "due tomorrow"),
                                                           trigger: .timeInterval(seconds: 86_442, repeats: false)),
                                    scheduledAt: Date(), nextFireDate: Date().addingTimeInterval(86_442))
        try measure("store_pending", pending, dates: RecordCoding.dates, iterations: iterations, report: report)
        try measureBrokerPost(post, iterations: iterations, report: report)
    }

    /// The list's first page as `historyPage` sends it: 300 deliveries of a few apps, in the
    /// list's form.
    static func historyPage() -> HistoryPage {
        let base = Date(timeIntervalSince1970: 1_750_000_000)
        let records = (0..<300).map { n in
            var content = ContentRecord(title: "Build \(n) finished", subtitle: n % 3 == 0 ? "ci" : "",
                                        body: "deploy \(n) passed on runner-\(n % 7) — 412 tests, 0 failures",
                                        userInfo: n % 2 == 0 ? ["run": .int(n), "url": .string("https://ci.example.com/runs/\(n)")] : [:],
                                        threadIdentifier: "builds")
            content.categoryIdentifier = n % 5 == 0 ? "BUILD" : ""
            return DeliveredRecord(deliveryID: Int64(100_000 - n), bundleIdentifier: "com.example.app\(n % 4)",
                                   request: RequestRecord(identifier: "r\(n)", content: content),
                                   date: base.addingTimeInterval(-Double(n) * 61.5), presentation: [.banner, .list, .sound],
                                   isRead: n % 3 != 0)
        }
        return HistoryPage(records: records, shortened: [], isComplete: false)
    }

    /// A post as the broker door reads it: now `WireCoding.decode` (the fast codec), before a
    /// fresh `JSONDecoder` per message.
    private static func measureBrokerPost(_ post: PostParams, iterations: Int, report: Report) throws {
        let bytes = try WireCoding.encode(BrokerPost(post))
        guard JSONFastCodec.decode(BrokerPost.self, from: bytes, dates: WireCoding.dates)?.params == post else {
            throw BenchUsageError("the fast codec does not read the benchmark's broker post")
        }
        let fast = microseconds(iterations) { Measure.consume(try? WireCoding.decode(BrokerPost.self, from: bytes)) }
        let codable = microseconds(iterations) {
            Measure.consume(try? WireCoding.decoder().decode(PostParams.self, from: bytes))
        }
        report.add(Metric("wire_broker_post_decode_us", label: "broker post decode, WireCoding.decode", value: fast, unit: "µs",
                          direction: .lower))
        report.add(Metric("wire_broker_post_codable_decode_us", label: "broker post decode, a fresh JSONDecoder (before)",
                          value: codable, unit: "µs", direction: .lower))
        report.add(Comparison(label: "broker post decode, before ÷ now (\(bytes.count) B)",
                              measured: String(format: "%.2f µs", fast), baseline: String(format: "%.2f µs", codable),
                              ratio: codable / fast, goal: 3, direction: .higher))
    }

    /// `name` is the figures' prefix (`wire_post` → `wire_post_encode_us`, …).
    private static func measure<T: JSONFastCodable>(_ name: String, _ value: T, dates: JSONDateForm = WireCoding.dates,
                                                    iterations: Int, report: Report) throws {
        let encoder = dates.encoder, decoder = dates.decoder
        let bytes = try encoder.encode(value)
        guard JSONFastCodec.encode(value, dates: dates) == bytes, JSONFastCodec.decode(T.self, from: bytes, dates: dates) != nil else {
            throw BenchUsageError("the fast codec does not handle the benchmark's \(name) message")
        }
        let fastEncode = microseconds(iterations) { Measure.consume(JSONFastCodec.encode(value, dates: dates)) }
        let codableEncode = microseconds(iterations) { Measure.consume(try? encoder.encode(value)) }
        let fastDecode = microseconds(iterations) { Measure.consume(JSONFastCodec.decode(T.self, from: bytes, dates: dates)) }
        let codableDecode = microseconds(iterations) { Measure.consume(try? decoder.decode(T.self, from: bytes)) }
        report.add(Metric("\(name)_encode_us", label: "\(name) encode, fast codec", value: fastEncode, unit: "µs", direction: .lower))
        report.add(Metric("\(name)_decode_us", label: "\(name) decode, fast codec", value: fastDecode, unit: "µs", direction: .lower))
        report.add(Metric("\(name)_codable_encode_us", label: "\(name) encode, Codable", value: codableEncode, unit: "µs",
                          direction: .lower))
        report.add(Metric("\(name)_codable_decode_us", label: "\(name) decode, Codable", value: codableDecode, unit: "µs",
                          direction: .lower))
        report.add(Comparison(label: "\(name) encode, Codable ÷ fast codec (\(bytes.count) B)",
                              measured: String(format: "%.2f µs", fastEncode), baseline: String(format: "%.2f µs", codableEncode),
                              ratio: codableEncode / fastEncode, goal: 3, direction: .higher))
        report.add(Comparison(label: "\(name) decode, Codable ÷ fast codec (\(bytes.count) B)",
                              measured: String(format: "%.2f µs", fastDecode), baseline: String(format: "%.2f µs", codableDecode),
                              ratio: codableDecode / fastDecode, goal: 3, direction: .higher))
    }

    /// Median over ten batches of the time per call, in microseconds.
    private static func microseconds(_ iterations: Int, _ body: () -> Void) -> Double {
        let batch = max(10, iterations / 10)
        for _ in 0..<batch { body() }
        var samples: [Double] = []
        for _ in 0..<10 {
            let start = Measure.now()
            for _ in 0..<batch { body() }
            samples.append(Double(Measure.now() - start) / 1_000 / Double(batch))
        }
        return Measure.median(samples)
    }
}

import Foundation
import HeraldBroker
import HeraldCore
import HeraldWire

/// The wire codec alone, per message: the hand-written codec of the hot messages
/// (`WireFastCodec`) against the `Codable` one (`JSONEncoder`/`JSONDecoder` with the wire's
/// settings) on the same values — a `post`'s params and a `delivered` event. Microseconds per
/// encode and per decode, medians of batches. And the broker door's reading of a published post
/// (`BrokerPost`: the params plus a `message` id) through `WireCoding.decode`, against the fresh
/// `JSONDecoder` it used before (`wire_broker_post_decode_us`, `wire_broker_post_codable_decode_us`).
enum WireCodecBenchmarks {
    static let metricKeys = ["wire_post_encode_us", "wire_post_decode_us", "wire_post_codable_encode_us",
                             "wire_post_codable_decode_us", "wire_event_encode_us", "wire_event_decode_us",
                             "wire_event_codable_encode_us", "wire_event_codable_decode_us",
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
        try measure("post", post, iterations: iterations, report: report)
        try measure("event", event, iterations: iterations, report: report)
        try measureBrokerPost(post, iterations: iterations, report: report)
    }

    /// A post as the broker door reads it: now `WireCoding.decode` (the fast codec), before a
    /// fresh `JSONDecoder` per message.
    private static func measureBrokerPost(_ post: PostParams, iterations: Int, report: Report) throws {
        let bytes = try WireCoding.encode(BrokerPost(post))
        guard WireFastCodec.decode(BrokerPost.self, from: bytes)?.params == post else {
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

    private static func measure<T: WireFastCodable>(_ name: String, _ value: T, iterations: Int, report: Report) throws {
        let bytes = try WireCoding.codableEncode(value)
        guard WireFastCodec.encode(value) == bytes, WireFastCodec.decode(T.self, from: bytes) != nil else {
            throw BenchUsageError("the fast codec does not handle the benchmark's \(name) message")
        }
        let fastEncode = microseconds(iterations) { Measure.consume(WireFastCodec.encode(value)) }
        let codableEncode = microseconds(iterations) { Measure.consume(try? WireCoding.codableEncode(value)) }
        let fastDecode = microseconds(iterations) { Measure.consume(WireFastCodec.decode(T.self, from: bytes)) }
        let codableDecode = microseconds(iterations) { Measure.consume(try? WireCoding.codableDecode(T.self, from: bytes)) }
        report.add(Metric("wire_\(name)_encode_us", label: "\(name) encode, fast codec", value: fastEncode, unit: "µs", direction: .lower))
        report.add(Metric("wire_\(name)_decode_us", label: "\(name) decode, fast codec", value: fastDecode, unit: "µs", direction: .lower))
        report.add(Metric("wire_\(name)_codable_encode_us", label: "\(name) encode, Codable", value: codableEncode, unit: "µs",
                          direction: .lower))
        report.add(Metric("wire_\(name)_codable_decode_us", label: "\(name) decode, Codable", value: codableDecode, unit: "µs",
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

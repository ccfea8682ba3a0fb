import Foundation
import HeraldCore
@testable import HeraldWire
import Testing
import TestSupport

/// The hand-written codec of the hot messages against the `Codable` one, on thousands of random
/// values: the same bytes out, and the same value in — or a miss, so `Codable` decides. Inputs
/// that are not the canonical encoding (whitespace, damaged bytes) must never be read
/// differently either.
@Suite("Fast codec agrees with Codable")
struct FastCodecAgreementTests {
    /// Runs the agreement checks on `count` values from `make`; returns how many the fast codec
    /// encoded and decoded itself (the rest it left to `Codable`).
    static func check<T: JSONFastCodable & Equatable>(_ count: Int, seed: UInt64, dates: JSONDateForm = WireCoding.dates,
                                                      _ make: (inout RandomWireValues) -> T) throws -> (encoded: Int, decoded: Int) {
        var values = RandomWireValues(seed: seed)
        var encoded = 0, decoded = 0
        let pretty = dates.makeEncoder()
        pretty.outputFormatting.insert(.prettyPrinted)
        for _ in 0..<count {
            let value = make(&values)
            let codable = try? dates.encoder.encode(value)
            let fast = JSONFastCodec.encode(value, dates: dates)
            guard let codable else {
                #expect(fast == nil, "the fast codec encoded what the encoder refuses: \(value)")
                continue
            }
            if let fast {
                encoded += 1
                #expect(fast == codable, "bytes differ:\n fast    \(String(decoding: fast, as: UTF8.self))\n codable \(String(decoding: codable, as: UTF8.self))")
            }
            let reference = try dates.decoder.decode(T.self, from: codable)
            if let read = JSONFastCodec.decode(T.self, from: codable, dates: dates) {
                decoded += 1
                #expect(read == reference, "values differ for \(String(decoding: codable, as: UTF8.self))")
            }
            // Not the canonical bytes: indented, and damaged.
            for variant in [try pretty.encode(value), damaged(codable, using: &values.rng)] {
                guard let read = JSONFastCodec.decode(T.self, from: variant, dates: dates) else { continue }
                let expected = try? dates.decoder.decode(T.self, from: variant)
                #expect(read == expected, "the fast codec read \(String(decoding: variant, as: UTF8.self)) differently")
            }
        }
        return (encoded, decoded)
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

    @Test("post params")
    func postParams() throws {
        let counts = try Self.check(1_500, seed: 1) { $0.postParams() }
        #expect(counts.encoded > 700 && counts.decoded > 700, "the fast codec handled too few: \(counts)")
    }

    @Test("a method's own fast codec makes the request lines and reads the results as the generic path does")
    func typedFastCodec() throws {
        let codec = try #require(Methods.post.fastCodec, "Methods.post has no typed fast codec: every post pays the casts")
        #expect(Methods.historyCount.fastCodec == nil, "a method whose params have no fast codec got one")
        var values = RandomWireValues(seed: 11)
        var typed = 0
        for id in 1...500 {
            let params = values.postParams()
            let envelope = RequestEnvelope(id: Int64(id), method: Methods.post.name, params: params)
            let generic = try envelope.line()
            if let encoded = codec.encodeParams(params) {
                typed += 1
                #expect(try envelope.line(encodedParams: encoded) == generic)
            }
            let result = values.postResult()
            let bytes = try WireCoding.codableEncode(result)
            let payload = EncodedPayload(line: bytes, member: bytes)
            #expect(try payload.result(PostResult.self, fast: codec.decodeResult) == payload.result(PostResult.self))
        }
        #expect(typed > 250, "the typed codec handled too few posts: \(typed)")
    }

    @Test("add params")
    func addParams() throws {
        let counts = try Self.check(1_000, seed: 2) { AddParams(bundleIdentifier: $0.string(), request: $0.request()) }
        #expect(counts.encoded > 500 && counts.decoded > 500, "the fast codec handled too few: \(counts)")
    }

    @Test("post results and empty acknowledgements")
    func postResults() throws {
        let counts = try Self.check(1_500, seed: 3) { $0.postResult() }
        #expect(counts.encoded == 1_500 && counts.decoded == 1_500, "the fast codec handled too few: \(counts)")
        let empty = try Self.check(10, seed: 4) { _ in Empty() }
        #expect(empty.encoded == 10 && empty.decoded == 10)
    }

    @Test("events and their envelopes")
    func events() throws {
        let counts = try Self.check(1_500, seed: 5) { $0.event() }
        #expect(counts.encoded > 900 && counts.decoded > 900, "the fast codec handled too few: \(counts)")
        let envelopes = try Self.check(500, seed: 6) { EventEnvelope(event: $0.event()) }
        #expect(envelopes.encoded > 300 && envelopes.decoded > 300, "the fast codec handled too few: \(envelopes)")
    }

    @Test("history pages and lists, the replies a starting herald reads")
    func historyPages() throws {
        let pages = try Self.check(300, seed: 12) { values in
            HistoryPage(records: (0..<Int.random(in: 0...4, using: &values.rng)).map { _ in values.delivered() },
                        shortened: (0..<Int.random(in: 0...2, using: &values.rng)).map { _ in values.integer() },
                        isComplete: values.chance(0.5))
        }
        #expect(pages.encoded > 100 && pages.decoded > 100, "the fast codec handled too few: \(pages)")
        let lists = try Self.check(300, seed: 13) { values in (0..<Int.random(in: 0...4, using: &values.rng)).map { _ in values.delivered() } }
        #expect(lists.encoded > 100 && lists.decoded > 100, "the fast codec handled too few: \(lists)")
    }

    @Test("pending requests, in the store's dialect and the wire's")
    func pendingRequests() throws {
        for (seed, dates) in [(14, JSONDateForm.secondsSinceReferenceDate), (15, .secondsSince1970)] {
            let counts = try Self.check(1_000, seed: UInt64(seed), dates: dates) { $0.pending() }
            #expect(counts.encoded > 800 && counts.decoded > 800, "the fast codec handled too few in \(dates): \(counts)")
        }
    }

    @Test("responses")
    func responses() throws {
        let counts = try Self.check(1_000, seed: 7) { $0.response() }
        #expect(counts.encoded > 500 && counts.decoded > 500, "the fast codec handled too few: \(counts)")
    }

    @Test("hellos, both ways, in their envelopes")
    func hellos() throws {
        let clients = try Self.check(1_000, seed: 8) { values in
            HelloEnvelope(hello: ClientHello(role: values.pick(ClientRole.allCases), bundleIdentifier: values.maybe { $0.string() },
                                             client: values.maybe { $0.string() }, protocolVersion: values.integer()))
        }
        #expect(clients.encoded == 1_000 && clients.decoded == 1_000, "the fast codec handled too few: \(clients)")
        let servers = try Self.check(1_000, seed: 9) { values in
            HelloEnvelope(hello: ServerHello(server: values.string(), pid: values.integer(), protocolVersion: values.integer()))
        }
        #expect(servers.encoded == 1_000 && servers.decoded == 1_000, "the fast codec handled too few: \(servers)")
    }

    @Test("the clients' hello lines: the encoder's bytes, read as the decoder reads them")
    func helloLines() throws {
        var values = RandomWireValues(seed: 10)
        for _ in 0..<500 {
            let client = ClientHello(role: values.pick(ClientRole.allCases), bundleIdentifier: values.maybe { $0.string() },
                                     client: values.maybe { $0.string() }, protocolVersion: values.integer())
            #expect(try HelloEnvelope.line(client) == WireCoding.codableEncode(HelloEnvelope(hello: client)))
            let server = ServerHello(server: values.string(), pid: values.integer(), protocolVersion: values.integer())
            let line = try WireCoding.codableEncode(HelloEnvelope(hello: server))
            #expect(try HelloEnvelope<ServerHello>.hello(from: line) == server)
            for variant in [line, Self.damaged(line, using: &values.rng)] {
                let expected = try? WireCoding.codableDecode(HelloEnvelope<ServerHello>.self, from: variant).hello
                #expect((try? HelloEnvelope<ServerHello>.hello(from: variant)) == expected)
            }
        }
        // A member the fast codec does not know (a newer server's): the decoder reads the line.
        let newer = Data(#"{"hello":{"pid":7,"protocol":1,"server":"s","since":"later"}}"#.utf8)
        #expect(try HelloEnvelope<ServerHello>.hello(from: newer) == ServerHello(server: "s", pid: 7, protocolVersion: 1))
    }

    /// A new stored field must be written and read by the fast codec too (and made by
    /// `RandomWireValues`); enum cases need no count, the codec's `switch` stops compiling.
    @Test("the fast codec knows every field of the records it handles")
    func fieldCounts() {
        let request = RequestRecord(identifier: "i", content: ContentRecord())
        let delivered = DeliveredRecord(bundleIdentifier: "a", request: request, date: Date(), presentation: [])
        let counts: [(String, Int, Int)] = [
            ("ContentRecord", Mirror(reflecting: ContentRecord()).children.count, 18),
            ("SoundRecord", Mirror(reflecting: SoundRecord()).children.count, 5),
            ("AttachmentRecord", Mirror(reflecting: AttachmentRecord(identifier: "", path: "", type: "", size: 0, fileName: "")).children.count, 7),
            ("RequestRecord", Mirror(reflecting: request).children.count, 3),
            ("DeliveredRecord", Mirror(reflecting: delivered).children.count, 8),
            ("ResponseRecord", Mirror(reflecting: ResponseRecord(notification: delivered, action: .open, date: Date())).children.count, 5),
            ("PostParams", Mirror(reflecting: PostParams(bundleIdentifier: "a", request: request)).children.count, 4),
            ("AddParams", Mirror(reflecting: AddParams(bundleIdentifier: "a", request: request)).children.count, 2),
            ("PostResult", Mirror(reflecting: PostResult(identifier: "i", bundleIdentifier: "a", date: Date())).children.count, 5),
            ("HistoryCounts", Mirror(reflecting: HistoryCounts()).children.count, 2),
            ("ClientHello", Mirror(reflecting: ClientHello(role: .cli)).children.count, 4),
            ("ServerHello", Mirror(reflecting: ServerHello(server: "s", pid: 1)).children.count, 3),
        ]
        for (name, fields, known) in counts {
            #expect(fields == known, "\(name) has \(fields) stored fields, the fast codec knows \(known): add the new one to its fastEncode and fastDecode and to RandomWireValues")
        }
    }

    @Test("numbers at the edges read as the decoder reads them", arguments: [
        "1", "-0", "0.0", "1.0", "1e2", "1.5", "-1.5e-3", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "1e400", "1e-400", "-0.000e5", "123456789012345678901234567890", "1E+2", "0.1",
    ])
    func numbers(literal: String) throws {
        let data = Data("{\"k\":\(literal)}".utf8)
        let reference = try? WireCoding.codableDecode(JSONValue.self, from: data)
        if let read = JSONFastCodec.decode(JSONValue.self, from: data, dates: WireCoding.dates) { #expect(read == reference) }
        let badge = Data(#"{"bundleIdentifier":"a","date":\#(literal),"identifier":"i"}"#.utf8)
        let result = try? WireCoding.codableDecode(PostResult.self, from: badge)
        if let read = JSONFastCodec.decode(PostResult.self, from: badge, dates: WireCoding.dates) { #expect(read == result) }
    }
}

import Foundation
import HeraldCore
@testable import HeraldWire
import Testing
import TestSupport

/// The hot messages' fast paths must be invisible: the same bytes out, the same judgement in.
@Suite("Wire fast paths")
struct WireFastPathTests {
    static let request = RequestRecord(identifier: "b/1 \"q\" é",
                                       content: ContentRecord(title: "T", body: "line\nbreak", userInfo: ["k": [1, "x", nil]]))
    static let delivered = DeliveredRecord(deliveryID: 4, bundleIdentifier: "a", request: request,
                                           date: Date(timeIntervalSince1970: 1_700_000_000.25), presentation: [.banner])

    @Test("envelope lines are the bytes the wire encoder makes")
    func envelopeBytes() throws {
        let post = PostParams(bundleIdentifier: "bench.single", request: Self.request)
        #expect(try RequestEnvelope(id: 7, method: "post", params: post).line()
                == WireCoding.encode(RequestEnvelope(id: 7, method: "post", params: post)))
        #expect(try RequestEnvelope(id: -1, method: "odd \"name\"\n", params: Empty()).line()
                == WireCoding.encode(RequestEnvelope(id: -1, method: "odd \"name\"\n", params: Empty())))
        let result = PostResult(identifier: "b1", bundleIdentifier: "a", date: Date(timeIntervalSince1970: 1_795_967_555.153522))
        #expect(try ResultEnvelope(id: 3, result: result).line() == WireCoding.encode(ResultEnvelope(id: 3, result: result)))
        #expect(try ResultEnvelope(reply: 9, result: Empty()).line() == WireCoding.encode(ResultEnvelope(reply: 9, result: Empty())))
        #expect(try ResultEnvelope(id: 1, result: false).line() == WireCoding.encode(ResultEnvelope(id: 1, result: false)))
        #expect(try ResultEnvelope(id: 2, result: ["b": 2, "a": 1]).line()
                == WireCoding.encode(ResultEnvelope(id: 2, result: ["b": 2, "a": 1])))
        #expect(try ResultEnvelope(id: 4, reply: 5, result: "s").line()
                == WireCoding.encode(ResultEnvelope(id: 4, reply: 5, result: "s")))
        let willPresent = WillPresentParams(notification: Self.delivered)
        #expect(try CallEnvelope(call: 12, method: "willPresent", params: willPresent).line()
                == WireCoding.encode(CallEnvelope(call: 12, method: "willPresent", params: willPresent)))
        let event = EventEnvelope(event: WireEvent(.delivered(Self.delivered, replacedDeliveryID: nil)))
        #expect(try event.line() == WireCoding.encode(event))
    }

    @Test("the reader finds the members of plain JSON objects")
    func scannerMembers() throws {
        let line = Data(#" {"id":7, "method" : "post","params":{"a":[1,2.5,-0,{"b":null}],"c":"\u00e9\n"},"t":true} "#.utf8)
        let members = try #require(JSONReader.members(ofObjectIn: line))
        let text = { (range: Range<Int>) in String(decoding: line[range], as: UTF8.self) }
        #expect(members.map { text($0.key) } == ["id", "method", "params", "t"])
        #expect(members.map { text($0.value) } == ["7", #""post""#, #"{"a":[1,2.5,-0,{"b":null}],"c":"\u00e9\n"}"#, "true"])
        #expect(members.map(\.kind) == [.number(isInteger: true), .string(hasEscapes: false), .object, .literal])
    }

    @Test("the reader leaves everything doubtful to the decoder", arguments: [
        "", "{", "}", "[]", "\"s\"", "1", "{} x", "{}{}", "{\"a\"}", "{\"a\":}", "{\"a\":1,}", "{,}", "{\"a\":01}",
        "{\"a\":1.}", "{\"a\":.5}", "{\"a\":-}", "{\"a\":1e400}", "{\"a\":1e-400}", "{\"a\":tru}",
        "{\"a\":nul}", "{\"a\":[1,]}", "{\"a\":[,1]}", "{\"a\":\"\\x\"}", "{\"a\":\"\\u12\"}", "{\"a\":\"\\ud83d\"}",
        "{\"a\":\"\\ude00\\ud83d\"}", "{\"a\":\"tab\there\"}", "{\"a\\u0062\":1}", "{\"a\":1,\"a\":2}", "{'a':1}",
        "{\"a\":NaN}", "{\"a\":\"unterminated}",
        "{\"a\":" + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}",
    ])
    func scannerRejects(text: String) {
        #expect(JSONReader.members(ofObjectIn: Data(text.utf8)) == nil)
    }

    @Test("the reader takes what the decoder takes: exponents, long integers, NUL and surrogate-pair escapes", arguments: [
        "{\"a\":1e5}", "{\"a\":-2.5E-3}", "{\"a\":123456789012345678901}", "{\"a\":\"\\u0000\"}",
        "{\"a\":\"\\ud83d\\ude00\"}", "{\"a\":{\"b\\u0062\":[\"\\u00e9\"]}}",
    ])
    func scannerAccepts(text: String) throws {
        #expect(JSONReader.members(ofObjectIn: Data(text.utf8)) != nil)
        #expect(try JSONValue.parse(Data(text.utf8)).objectValue != nil)
    }

    @Test("the reader rejects invalid UTF-8 inside strings")
    func scannerUTF8() {
        #expect(JSONReader.members(ofObjectIn: Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC3, 0xA9, 0x22, 0x7D])) != nil)
        #expect(JSONReader.members(ofObjectIn: Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D])) == nil)
        #expect(JSONReader.members(ofObjectIn: Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x7D])) == nil)
        #expect(JSONReader.members(ofObjectIn: Data([0x7B, 0xC3, 0xA9, 0x7D])) == nil)
    }

    /// Random edits of real lines: whenever the reader takes a line, the generic parse takes it
    /// too, and `LineObject` reads its envelope keys exactly as the generic parse does.
    @Test("a line object reads what the generic parse reads")
    func lineObjectAgreesWithGenericParse() throws {
        let seeds = [
            try RequestEnvelope(id: 7, method: "post", params: PostParams(bundleIdentifier: "a", request: Self.request)).line(),
            Data(#"{"id":1.0,"method":"apps"}"#.utf8), Data(#"{"id":true,"method":"apps"}"#.utf8),
            Data(#"{"id":"x","method":7}"#.utf8), Data(#"{"reply":3,"result":{"options":3}}"#.utf8),
            Data(#"{"reply":2,"error":{"domain":"d","code":1,"message":"m"}}"#.utf8),
            Data(#"{"event":{"authorizationPromptResolved":{"promptID":7}}}"#.utf8),
            Data(#"{"call":3,"method":"will\u0050resent","params":{}}"#.utf8),
        ]
        let keys = ["id", "method", "reply", "call", "error", "hello", "event", "result", "params"]
        let alphabet = Array(#"{}[]":,.-+0123456789eEtruefalsn \"#.utf8) + [0xC3, 0xA9, 0xFF]
        var rng = SeededGenerator(seed: 7)
        var accepted = 0
        for round in 0..<4_000 {
            var bytes = [UInt8](seeds[round % seeds.count])
            for _ in 0..<Int.random(in: 0...3, using: &rng) where !bytes.isEmpty {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(alphabet.randomElement(using: &rng)!, at: at)
                default: bytes[at] = alphabet.randomElement(using: &rng)!
                }
            }
            let line = Data(bytes)
            let generic = String(validating: line, as: UTF8.self) == nil ? nil : (try? JSONValue.parse(line))?.objectValue
            let object = try? LineObject(line)
            #expect((object == nil) == (generic == nil), "\(String(decoding: line, as: UTF8.self))")
            guard let object, let generic else { continue }
            if JSONReader.members(ofObjectIn: line) != nil { accepted += 1 }
            for key in keys {
                #expect(object.contains(key) == (generic[key] != nil))
                #expect(object.integer(key) == generic[key]?.intValue)
                #expect(object.string(key) == generic[key]?.stringValue)
                #expect(object.keys(of: key).map(Set.init) == generic[key]?.objectValue.map { Set($0.keys) })
            }
        }
        #expect(accepted > 500)
    }

    @Test("a payload decodes from its own bytes, and errors still name the field under params")
    func payloads() throws {
        let good = try ClientLine.parse(Data(#"{"id":1,"method":"setBadge","params":{"bundleIdentifier":"a","count":3}}"#.utf8))
        guard case .request(_, _, let params) = good else { throw TestFailure("not a request") }
        #expect(params.member == Data(#"{"bundleIdentifier":"a","count":3}"#.utf8))
        #expect(try params.params(BadgeParams.self) == BadgeParams(bundleIdentifier: "a", count: 3))

        let bad = try ClientLine.parse(Data(#"{"id":2,"method":"setBadge","params":{"bundleIdentifier":"a","count":"three"}}"#.utf8))
        guard case .request(_, _, let badParams) = bad else { throw TestFailure("not a request") }
        do {
            _ = try badParams.params(BadgeParams.self)
            Issue.record("decoded")
        } catch {
            #expect(WireCoding.explain(error).hasPrefix("params.count"))
        }

        let none = try ClientLine.parse(Data(#"{"id":3,"method":"apps"}"#.utf8))
        guard case .request(_, _, let noParams) = none else { throw TestFailure("not a request") }
        #expect(noParams.member == nil)
        #expect(try noParams.params(Empty.self) == Empty())

        let reply = try ServerLine.parse(Data(#"{"id":4,"result":false}"#.utf8))
        guard case .reply(4, let result, nil) = reply else { throw TestFailure("not a reply") }
        #expect(try result.result(Bool.self) == false)
    }
}

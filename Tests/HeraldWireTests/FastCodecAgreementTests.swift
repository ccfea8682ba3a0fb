import Foundation
import HeraldCore
@testable import HeraldWire
import Testing
import TestSupport

/// The wire's uses of the hand-written codec: a method's own codec, the hello lines, numbers at
/// the edges (the round trips of every type are `CodecAgreementTests`).
@Suite("Fast codec on the wire")
struct FastCodecAgreementTests {
    @Test("a method's own fast codec makes the request lines and reads the results as the generic path does")
    func typedFastCodec() throws {
        let codec = try #require(Methods.post.fastCodec, "Methods.post has no typed fast codec: every post pays the casts")
        #expect(Methods.historyCount.fastCodec == nil, "a method whose params have no fast codec got one")
        // `herald status` is one call in a fresh process: its answer is read without JSONDecoder.
        #expect(Methods.status.fastCodec != nil, "Methods.status has no typed fast codec: every status line pays the decoder")
        // A user interface's start reads every app and every app's counts.
        #expect(Methods.apps.fastCodec != nil, "Methods.apps has no typed fast codec: every UI start pays the decoder")
        #expect(Methods.historyCounts.fastCodec != nil, "Methods.historyCounts has no typed fast codec")
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
            for variant in [line, CodecAgreementTests.damaged(line, using: &values.rng)] {
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

import Foundation
import HeraldCore
@testable import HeraldWire
import Testing
@testable import HeraldBroker

/// The broker door reads a published post as the socket reads a post's params: through the
/// hand-written codec (with `message` as one more key), agreeing with `Codable`, whose errors
/// still name the field when the bytes are beyond the codec.
@Suite struct BrokerPostTests {
    static let posts: [PostParams] = [
        PostParams(bundleIdentifier: "cron", request: RequestRecord(identifier: "backup", content: ContentRecord(title: "Backup done"))),
        PostParams(bundleIdentifier: "ci.deploy",
                   request: RequestRecord(identifier: "d-1", content: ContentRecord(title: "Deploy?", body: "main → prod",
                                                                                  userInfo: ["build": 42])),
                   category: CategoryRecord(identifier: "herald.post.d-1",
                                            actions: [ActionRecord(identifier: "approve", title: "Approve")]),
                   requireKnownApp: true),
    ]

    @Test func publishedPostsTakeTheFastCodecAndAgreeWithCodable() throws {
        for params in Self.posts {
            let bytes = try WireCoding.encode(BrokerPost(params, message: "m-1"))
            let fast = try #require(JSONFastCodec.decode(BrokerPost.self, from: bytes, dates: WireCoding.dates),
                                    "the fast codec missed \(String(decoding: bytes, as: UTF8.self))")
            #expect(fast == BrokerPost(params, message: "m-1"))
            #expect(fast == (try WireCoding.codableDecode(BrokerPost.self, from: bytes)))
            // A publisher that sends no message id (or not as text) still posts.
            let plain = try WireCoding.encode(params)
            #expect(try WireCoding.decode(BrokerPost.self, from: plain).params == params)
            var object = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
            object["message"] = 7
            let numbered = try JSONSerialization.data(withJSONObject: object)
            #expect(JSONFastCodec.decode(BrokerPost.self, from: numbered, dates: WireCoding.dates) == nil)
            #expect(try WireCoding.decode(BrokerPost.self, from: numbered) == BrokerPost(params, message: nil))
        }
    }

    @Test func aBadPostIsExplainedNamingTheField() throws {
        let bad = Data(#"{"bundleIdentifier":"cron","message":"m","request":{"identifier":"x","content":{"title":3}}}"#.utf8)
        #expect(JSONFastCodec.decode(BrokerPost.self, from: bad, dates: WireCoding.dates) == nil)
        do {
            _ = try WireCoding.decode(BrokerPost.self, from: bad)
            Issue.record("a title that is a number was read")
        } catch {
            #expect(WireCoding.explain(error).hasPrefix("request.content.title"), "\(WireCoding.explain(error))")
        }
    }
}

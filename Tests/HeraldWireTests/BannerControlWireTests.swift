import Foundation
import HeraldCore
import HeraldWire
import Testing

/// `closeBanners`, `restoreBanner` and their events as docs/PROTOCOL.md spells them.
@Suite struct BannerControlWireTests {
    func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try WireCoding.encode(value), as: UTF8.self)
    }

    func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try WireCoding.decoder().decode(type, from: Data(text.utf8))
    }

    @Test func paramsAndResultsReadAndWriteAsDocumented() throws {
        #expect(try json(CloseBannersParams(deliveryIDs: [7, 8])) == #"{"deliveryIDs":[7,8]}"#)
        #expect(try json(CloseBannersParams.all) == #"{"all":true}"#)
        #expect(try decode(CloseBannersParams.self, #"{"all":true}"#) == .all)
        #expect(try json(CloseBannersResult(unknown: [9])) == #"{"unknown":[9]}"#)
        #expect(try json(RestoreBannerResult(notification: nil)) == "{}")
    }

    @Test func eventsWriteAsDocumentedAndReadBack() throws {
        let closed = EventEnvelope(event: WireEvent(.bannersClosed(deliveryIDs: [7])))
        #expect(try json(closed) == #"{"event":{"bannersClosed":{"deliveryIDs":[7]}}}"#)
        #expect(try json(EventEnvelope(event: WireEvent(.bannersClosed(deliveryIDs: nil)))) == #"{"event":{"bannersClosed":{}}}"#)
        let record = DeliveredRecord(deliveryID: 7, bundleIdentifier: "make",
                                     request: RequestRecord(identifier: "a", content: ContentRecord(title: "Hi")),
                                     date: Date(timeIntervalSince1970: 1_795_967_555), presentation: [.banner, .list])
        let restored = try json(EventEnvelope(event: WireEvent(.bannerRestored(record))))
        #expect(restored.hasPrefix(#"{"event":{"bannerRestored":{"notification":{"#))
        #expect(try decode(EventEnvelope.self, restored).event.event == .bannerRestored(record))
        #expect(CenterEvent.bannersClosed(deliveryIDs: [1]).bundleIdentifier == nil)
        #expect(CenterEvent.bannerRestored(record).bundleIdentifier == "make")
    }
}

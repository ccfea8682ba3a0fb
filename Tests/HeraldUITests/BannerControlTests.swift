import Foundation
import HeraldCore
import Testing
@testable import HeraldUI

/// Banners closed and brought back from outside (`herald close`, `herald restore`).
@Suite struct BannerControlTests {
    func delivered(_ record: DeliveredRecord) -> Msg { .event(.delivered(record, replacedDeliveryID: nil)) }

    @Test func closedBannersLeaveTheScreenAndStayInTheList() {
        var model = Fixtures.model(history: [])
        _ = model.send(delivered(Fixtures.record(1)), delivered(Fixtures.record(2)), delivered(Fixtures.record(3)),
                       delivered(Fixtures.record(4)))
        _ = model.update(.event(.bannersClosed(deliveryIDs: [3, 4])))
        #expect(model.banner.shown.map(\.id) == [2, 1])
        #expect(model.banner.queue.isEmpty)
        #expect(model.history.map(\.deliveryID) == [4, 3, 2, 1])
        #expect(model.history.allSatisfy { !$0.isRead })
        _ = model.update(.event(.bannersClosed(deliveryIDs: nil)))
        #expect(model.banner.isEmpty)
    }

    @Test func aRestoredBannerShowsAgainOnce() {
        var model = Fixtures.model(history: [])
        _ = model.update(delivered(Fixtures.record(1)))
        _ = model.update(.event(.bannersClosed(deliveryIDs: nil)))
        #expect(model.banner.isEmpty)
        _ = model.update(.event(.bannerRestored(Fixtures.record(1))))
        #expect(model.banner.shown.map(\.deliveryID) == [1])
        _ = model.update(.event(.bannerRestored(Fixtures.record(1))))   // already up: not twice
        #expect(model.banner.all.count == 1)
        #expect(model.history.map(\.deliveryID) == [1])
    }
}

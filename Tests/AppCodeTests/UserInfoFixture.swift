import Foundation
import UserNotifications

/// A `userInfo` with every property-list type, nested too, as an app stores it.
enum UserInfoFixture {
    static let expiry = Date(timeIntervalSinceReferenceDate: 800_000_123.456_789_1)
    static let token = Data([0, 1, 2, 0xFE, 0xFF])

    static var values: [AnyHashable: Any] {
        [
            "name": "Pills",
            "count": 42,
            "big": Int64.max,
            "flag": true,
            "off": false,
            "ratio": 2.5,
            "whole": 2.0,
            "expiry": expiry,
            "token": token,
            "list": [1, "two", 3.0, expiry, token, false] as [Any],
            "nested": ["when": expiry, "blob": token, "depth": ["n": 7, "on": true] as [String: Any]] as [String: Any],
            "empty": [String: Any](),
        ]
    }

    /// What is wrong with `userInfo` compared with `values`, read as an app reads it (`nil`: nothing).
    static func mismatch(_ userInfo: [AnyHashable: Any]) -> String? {
        var problems: [String] = []
        func check(_ ok: Bool, _ what: String) { if !ok { problems.append(what) } }
        check(userInfo["name"] as? String == "Pills", "name")
        check(userInfo["count"] as? Int == 42, "count as Int")
        check(userInfo["count"] as? Double == 42, "count as Double")
        check(userInfo["big"] as? Int64 == Int64.max, "big")
        check(userInfo["flag"] as? Bool == true, "flag")
        check(userInfo["off"] as? Bool == false, "off")
        check(userInfo["ratio"] as? Double == 2.5, "ratio")
        check(userInfo["whole"] as? Double == 2.0, "whole")
        check(userInfo["expiry"] as? Date == expiry, "expiry as Date: \(String(describing: userInfo["expiry"]))")
        check(userInfo["token"] as? Data == token, "token as Data: \(String(describing: userInfo["token"]))")
        let list = userInfo["list"] as? [Any] ?? []
        check(list.count == 6, "list count")
        if list.count == 6 {
            check(list[0] as? Int == 1 && list[1] as? String == "two" && list[2] as? Double == 3.0, "list numbers")
            check(list[3] as? Date == expiry && list[4] as? Data == token && list[5] as? Bool == false, "list dates")
        }
        let nested = userInfo["nested"] as? [String: Any] ?? [:]
        check(nested["when"] as? Date == expiry && nested["blob"] as? Data == token, "nested")
        let depth = nested["depth"] as? [String: Any] ?? [:]
        check(depth["n"] as? Int == 7 && depth["on"] as? Bool == true, "nested depth")
        check((userInfo["empty"] as? [String: Any])?.isEmpty == true, "empty")
        check(userInfo.count == values.count, "\(userInfo.count) keys")
        return problems.isEmpty ? nil : problems.joined(separator: ", ")
    }
}

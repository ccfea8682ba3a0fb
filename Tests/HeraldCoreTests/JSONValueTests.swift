import Foundation
import Testing
@testable import HeraldCore

@Suite struct JSONValueTests {
    @Test func roundTripsEveryKind() throws {
        let value: JSONValue = ["s": "x", "i": 3, "d": 1.5, "b": true, "n": nil, "a": [1, "two"], "o": ["k": "v"]]
        let data = try JSONValue.encoder.encode(value)
        #expect(try JSONValue.parse(data) == value)
    }

    @Test func displayStringOfObjectsIsSortedJSON() {
        let value: JSONValue = ["b": 1, "a": 2]
        #expect(value.displayString == #"{"a":2,"b":1}"#)
    }
}

import Testing
@testable import HeraldBroker

@Suite struct BrokerAddressTests {
    @Test func defaultsFollowTheScheme() throws {
        let plain = try BrokerAddress.parse("mqtt://broker.example.org", loginName: "alice")
        #expect(plain.port == 1883 && !plain.usesTLS && plain.user == nil && plain.prefix == "herald/alice")
        let tls = try BrokerAddress.parse("mqtts://bob@broker.example.org", loginName: "alice")
        #expect(tls.port == 8883 && tls.usesTLS && tls.user == "bob" && tls.prefix == "herald/bob")
    }

    @Test func portAndPrefixFromTheURL() throws {
        let address = try BrokerAddress.parse("mqtt://ci@127.0.0.1:18830/team/herald/", loginName: "x")
        #expect(address.host == "127.0.0.1" && address.port == 18830 && address.prefix == "team/herald")
        #expect(address.description == "mqtt://ci@127.0.0.1:18830/team/herald")
    }

    @Test func refusesPasswordsWildcardsAndOtherSchemes() {
        #expect(throws: BrokerError.self) { try BrokerAddress.parse("mqtt://alice:secret@host") }
        #expect(throws: BrokerError.self) { try BrokerAddress.parse("http://host") }
        #expect(throws: BrokerError.self) { try BrokerAddress.parse("mqtt://host/herald/+") }
        #expect(throws: BrokerError.self) { try BrokerAddress.parse("mqtt://host/a//b") }
        #expect(throws: BrokerError.self) { try BrokerAddress.parse("mqtt://host:70000") }
        do {
            _ = try BrokerAddress.parse("mqtt://alice:secret@host")
        } catch {
            #expect("\(error)".contains("--broker-password-file"))
        }
    }
}

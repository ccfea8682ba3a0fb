import Testing
@testable import HeraldBroker

@Suite struct BrokerTopicsTests {
    let topics = BrokerTopics(prefix: "herald/alice")

    @Test func routesEachKindOfTopic() throws {
        #expect(try topics.route("herald/alice/post/ci-runner") == .post(sender: "ci-runner"))
        #expect(try topics.route("herald/alice/push/ci/build-42") == .push(sender: "ci", identifier: "build-42", bundleIdentifier: nil))
        #expect(try topics.route("herald/alice/push/ci/build-42/com.example.ci")
                == .push(sender: "ci", identifier: "build-42", bundleIdentifier: "com.example.ci"))
        #expect(try topics.route("herald/alice/handled/herald-0123456789abcdef") == .handled(sender: "herald-0123456789abcdef"))
        #expect(topics.push(sender: "ci", identifier: "b", bundleIdentifier: "app") == "herald/alice/push/ci/b/app")
    }

    @Test func refusesOtherTopicsAndSenders() {
        for topic in ["herald/bob/post/ci", "herald/alice/post", "herald/alice/post/ci/extra", "herald/alice/push/ci",
                      "herald/alice/other/ci", "herald/alice/post/bad sender", "herald/alice/post/\u{1B}[2J",
                      "herald/alice/post/" + String(repeating: "a", count: 65)] {
            #expect(throws: BrokerError.self, "\(topic)") { try topics.route(topic) }
        }
    }
}

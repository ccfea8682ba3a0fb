import Foundation
import HeraldCore
@testable import HeraldWire
@testable import HeraldClient
@testable import HeraldDaemon
import Synchronization
import Testing

@Suite("Command service extension host")
struct CommandServiceExtensionHostTests {
    static let request = RequestRecord(identifier: "p1", content: ContentRecord(title: "Secret", body: "(encrypted)",
                                                                              userInfo: ["ciphertext": "SGk="]))

    func run(_ command: String, timeLimit: TimeInterval = 10, expire: Bool = false) async -> ContentRecord {
        signal(SIGPIPE, SIG_IGN)
        let host = CommandServiceExtensionHost(command: command, timeLimit: timeLimit)
        return await withCheckedContinuation { continuation in
            Task {
                await host.start(Self.request) { continuation.resume(returning: $0) }
                if expire {
                    try? await Task.sleep(nanoseconds: 200_000_000)
                    await host.timeWillExpire()
                }
            }
        }
    }

    @Test("the command reads the request on stdin; keys it prints replace the content's")
    func modifies() async {
        let content = await run(#"id=$(sed -n 's/.*"identifier":"\([^"]*\)".*/\1/p'); printf '{"title":"Decrypted %s","userInfo":{"plain":"Hi"}}' "$id""#)
        #expect(content.title == "Decrypted p1")
        #expect(content.body == "(encrypted)")
        #expect(content.userInfo == ["plain": "Hi"])
    }

    @Test("a failing command, bad output, or a command past its time delivers the original content",
          arguments: ["exit 3", "echo not-json", "echo '[1]'", "cat >/dev/null; sleep 30"])
    func fallsBack(command: String) async {
        let content = await run(command, expire: command.contains("sleep"))
        #expect(content == Self.request.content)
    }
}

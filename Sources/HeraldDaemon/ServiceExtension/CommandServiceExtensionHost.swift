import Foundation
import HeraldCore
import HeraldSystem
import HeraldWire
import Synchronization

/// A notification service extension that is a shell command (`herald app --service-extension CMD`).
///
/// For each `mutable-content` push the command runs under `/bin/sh -c` with the request as JSON
/// on standard input (`{"identifier":…,"content":{"title":…,"body":…,"userInfo":{…},…}}`) and
/// prints the content to deliver as JSON on standard output. Keys it leaves out keep their
/// original values, so `{"title":"[decrypted] Hello"}` is a complete answer. A command that
/// fails, prints something else, or is still running when the time is up (`timeWillExpire`, or
/// `timeLimit` seconds) leaves the original content in place; its standard error goes to the
/// daemon's.
///
/// ```swift
/// let host = CommandServiceExtensionHost(command: "jq '.content | .title |= ascii_upcase'")
/// await engine.setServiceExtension(host, bundleIdentifier: "com.example.app")
/// ```
public final class CommandServiceExtensionHost: ServiceExtensionHost {
    /// The shell command.
    public let command: String
    /// A safety net in real seconds; the engine's own limit (30 s on its clock) normally comes first.
    public let timeLimit: TimeInterval

    private let running = Mutex<[ObjectIdentifier: Running]>([:])

    private final class Running: Sendable {
        let process: ChildProcess
        let original: ContentRecord
        let finish: @Sendable (ContentRecord) -> Void
        init(process: ChildProcess, original: ContentRecord, finish: @escaping @Sendable (ContentRecord) -> Void) {
            self.process = process
            self.original = original
            self.finish = finish
        }
    }

    public init(command: String, timeLimit: TimeInterval = 30) {
        self.command = command
        self.timeLimit = timeLimit
    }

    public func start(_ request: RequestRecord, contentHandler: @escaping @Sendable (ContentRecord) -> Void) async {
        let original = request.content
        let once = Mutex(false)
        let finish: @Sendable (ContentRecord) -> Void = { content in
            guard once.withLock({ done in defer { done = true }; return !done }) else { return }
            contentHandler(content)
        }
        let input: Data
        do {
            input = try WireCoding.encode(request)
        } catch {
            finish(original)
            return
        }
        let process: ChildProcess
        do {
            process = try ChildProcess("/bin/sh", ["-c", command], streams: .pipes)
        } catch {
            LineWriter.standardError.write("herald: service extension '\(command)' did not start: \(error)")
            finish(original)
            return
        }
        let running = Running(process: process, original: original, finish: finish)
        let key = ObjectIdentifier(running)
        self.running.withLock { $0[key] = running }
        let command = self.command
        Thread.detachNewThread { [weak self] in
            let (output, errors) = process.readOutputs(input: input)
            let status = process.wait()
            _ = self?.running.withLock { $0.removeValue(forKey: key) }
            // The extension's own messages, one log line each.
            for line in String(decoding: errors, as: UTF8.self).split(separator: "\n") {
                LineWriter.standardError.write("herald: service extension: " + line)
            }
            guard status == 0 else {
                LineWriter.standardError.write(
                    "herald: service extension '\(command)' failed (status \(status)); delivering the original content")
                finish(original)
                return
            }
            do {
                finish(try CommandServiceExtensionHost.merge(output, into: original))
            } catch {
                LineWriter.standardError.write("herald: service extension '\(command)' printed no usable JSON "
                    + "content (\(WireCoding.explain(error))); delivering the original content")
                finish(original)
            }
        }
        let limit = timeLimit
        Task { [weak self] in
            try? await Task.sleep(nanoseconds: Seconds.nanoseconds(limit))
            self?.stop(key)
        }
    }

    /// Ends every command still running; each delivers its original content at once (a child
    /// the shell started may linger until it exits; its output is ignored).
    public func timeWillExpire() async {
        let keys = running.withLock { Array($0.keys) }
        for key in keys { stop(key) }
    }

    private func stop(_ key: ObjectIdentifier) {
        guard let running = running.withLock({ $0.removeValue(forKey: key) }) else { return }
        running.process.signal(SIGTERM)
        running.finish(running.original)
    }

    /// Overlays the keys of the command's JSON object on the original content.
    static func merge(_ output: Data, into original: ContentRecord) throws -> ContentRecord {
        guard case .object(let changes) = try JSONValue.parse(output) else {
            throw IPCError.malformedMessage("the output is not a JSON object")
        }
        guard case .object(var base) = try JSONValue.parse(WireCoding.encode(original)) else {
            throw IPCError.malformedMessage("content did not encode as an object")
        }
        for (key, value) in changes { base[key] = value }
        return try WireCoding.decode(ContentRecord.self, from: WireCoding.encode(JSONValue.object(base)))
    }
}

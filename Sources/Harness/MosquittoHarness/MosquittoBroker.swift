import Foundation
import HeraldSystem
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A real mosquitto broker for one test or benchmark, on a free loopback port, with its own
/// directory (configuration, persistence, log), optionally TLS and a password file. Never a mock.
/// Shared by the tests (through TestSupport) and herald-bench.
///
/// ```swift
/// guard let reason = MosquittoBroker.unavailableReason else { … }
/// let broker = try MosquittoBroker(users: ["alice": "secret"])
/// defer { broker.stop() }
/// broker.url(user: "alice")     // "mqtt://alice@127.0.0.1:40123/herald/test"
/// ```
public final class MosquittoBroker: Sendable {
    /// TLS for the listener: files made by `TestCertificates`.
    public struct TLS: Sendable {
        public var caFile: String
        public var certificateFile: String
        public var keyFile: String
        public init(caFile: String, certificateFile: String, keyFile: String) {
            self.caFile = caFile
            self.certificateFile = certificateFile
            self.keyFile = keyFile
        }
    }

    /// When mosquitto writes its persistence file.
    public enum Persistence: Sendable {
        /// After every change (`autosave_on_changes true`, `autosave_interval 1`): a killed broker
        /// keeps what it acknowledged. The tests' choice (they kill brokers).
        case everyChange
        /// As Debian ships mosquitto: persistence on, saved every 30 minutes and at exit
        /// (`autosave_interval 1800`). What the benchmark measures against.
        case shippedDefault

        var configurationLines: [String] {
            switch self {
            case .everyChange: ["autosave_on_changes true", "autosave_interval 1"]
            case .shippedDefault: ["autosave_interval 1800"]
            }
        }
    }

    public static let executable = ["/usr/sbin/mosquitto", "/usr/bin/mosquitto"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    public static let publisher = ["/usr/bin/mosquitto_pub"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Why broker tests cannot run here (printed when they skip), or `nil`.
    public static var unavailableReason: String? {
        if executable == nil { return "mosquitto is not installed (apt-get install mosquitto mosquitto-clients)" }
        if publisher == nil { return "mosquitto_pub is not installed (apt-get install mosquitto-clients)" }
        if dlopen("libmosquitto.so.1", RTLD_NOW) == nil { return "libmosquitto.so.1 is missing (apt-get install libmosquitto1)" }
        return nil
    }

    /// Its own temporary directory (removed by `stop()`).
    public let directory: URL
    public let port: Int
    /// The topic prefix tests use.
    public let prefix: String
    public let tls: TLS?
    /// The running broker (`start`, until `kill`).
    private let process = Mutex<ChildProcess?>(nil)

    public init(users: [String: String] = [:], tls: TLS? = nil, prefix: String = "herald/test",
                persistence: Persistence = .everyChange) throws {
        guard MosquittoBroker.executable != nil else { throw ProcessError("mosquitto is not installed") }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-mosquitto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = try MosquittoBroker.freePort()
        self.prefix = prefix
        self.tls = tls
        var lines = [
            "listener \(port) 127.0.0.1",
            "allow_anonymous \(users.isEmpty)",
            "persistence true",
            "persistence_location \(directory.path)/",
        ] + persistence.configurationLines + [
            "max_queued_messages 0",
            "max_inflight_messages 0",
            "log_dest file \(directory.path)/mosquitto.log",
            // Started as root (CI), mosquitto would switch to the `mosquitto` user and lose its files.
            "user \(String(cString: getpwuid(getuid())!.pointee.pw_name))",
        ]
        if !users.isEmpty {
            let file = directory.appendingPathComponent("passwords").path
            _ = FileManager.default.createFile(atPath: file, contents: nil, attributes: [.posixPermissions: 0o600])
            for (user, password) in users {
                let result = try ProcessRunner.run("/usr/bin/mosquitto_passwd", ["-b", file, user, password])
                guard result.status == 0 else { throw ProcessError("mosquitto_passwd failed: \(result.output)") }
            }
            lines.append("password_file \(file)")
        }
        if let tls {
            lines += ["cafile \(tls.caFile)", "certfile \(tls.certificateFile)", "keyfile \(tls.keyFile)"]
        }
        try (lines.joined(separator: "\n") + "\n").write(to: configuration, atomically: true, encoding: .utf8)
        try start()
    }

    private var configuration: URL { directory.appendingPathComponent("mosquitto.conf") }

    /// `mqtt://USER@127.0.0.1:PORT/PREFIX` (`mqtts://USER@localhost:…` with TLS).
    public func url(user: String? = nil) -> String {
        let host = tls == nil ? "127.0.0.1" : "localhost"
        return "\(tls == nil ? "mqtt" : "mqtts")://\(user.map { "\($0)@" } ?? "")\(host):\(port)/\(prefix)"
    }

    /// Starts mosquitto and waits until it accepts connections.
    public func start() throws {
        let child = try ChildProcess(MosquittoBroker.executable!, ["-c", configuration.path], streams: .null)
        process.withLock { $0 = child }
        let deadline = Date().addingTimeInterval(10)
        while !MosquittoBroker.accepts(port: port) {
            guard Date() < deadline, child.isRunning else {
                let log = (try? String(contentsOf: directory.appendingPathComponent("mosquitto.log"), encoding: .utf8)) ?? ""
                throw ProcessError("mosquitto did not start on port \(port): \(log)")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Kills the broker with `signal` and waits for it to end.
    public func kill(_ signal: Int32 = SIGKILL) {
        let child = process.withLock { process in
            defer { process = nil }
            return process
        }
        child?.signal(signal)
        _ = child?.wait()
    }

    /// Stops the broker and removes its directory.
    public func stop() {
        kill(SIGTERM)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Publishes each of `lines` as one message at QoS 1 with `mosquitto_pub -l` (a real client in
    /// another language, as a user would).
    public func publishLines(_ lines: [String], topic: String, user: String? = nil, password: String? = nil) throws {
        var arguments = ["-h", "127.0.0.1", "-p", String(port), "-q", "1", "-t", topic, "-l"]
        if let user { arguments += ["-u", user] }
        if let password { arguments += ["-P", password] }
        let input = Data((lines.joined(separator: "\n") + "\n").utf8)
        let result = try ProcessRunner.run(MosquittoBroker.publisher!, arguments, input: input)
        guard result.status == 0 else { throw ProcessError("mosquitto_pub failed (\(result.status)): \(result.output)") }
    }

    /// The log so far (for failure messages).
    public var log: String {
        (try? String(contentsOf: directory.appendingPathComponent("mosquitto.log"), encoding: .utf8)) ?? ""
    }

    static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// A port nobody listens on now: bound to 0, read back, released.
    public static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ProcessError("socket failed: \(Errno.current)") }
        defer { close(descriptor) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw ProcessError("cannot find a free port: \(Errno.current)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}

/// A certificate authority and a server certificate for `localhost` (only), made with openssl
/// for a TLS test; and a second, unrelated CA the server's certificate does not chain to.
public struct TestCertificates: Sendable {
    public let caFile: String
    public let otherCAFile: String
    public let serverCertificateFile: String
    public let serverKeyFile: String

    public init(in directory: URL) throws {
        let dir = directory.path
        caFile = "\(dir)/ca.pem"
        otherCAFile = "\(dir)/other-ca.pem"
        serverCertificateFile = "\(dir)/server.pem"
        serverKeyFile = "\(dir)/server.key"
        try "subjectAltName=DNS:localhost\n".write(toFile: "\(dir)/san.cnf", atomically: true, encoding: .utf8)
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        let steps: [[String]] = [
            ["req", "-x509"] + ec + ["-keyout", "\(dir)/ca.key", "-out", caFile, "-days", "2", "-subj", "/CN=Herald Test CA"],
            ["req", "-x509"] + ec + ["-keyout", "\(dir)/other-ca.key", "-out", otherCAFile, "-days", "2", "-subj", "/CN=Other CA"],
            ["req"] + ec + ["-keyout", serverKeyFile, "-out", "\(dir)/server.csr", "-subj", "/CN=localhost"],
            ["x509", "-req", "-in", "\(dir)/server.csr", "-CA", caFile, "-CAkey", "\(dir)/ca.key", "-CAcreateserial",
             "-out", serverCertificateFile, "-days", "2", "-extfile", "\(dir)/san.cnf"],
        ]
        for step in steps {
            let result = try ProcessRunner.run("/usr/bin/openssl", step)
            guard result.status == 0 else { throw ProcessError("openssl \(step[0]) failed: \(result.output)") }
        }
    }
}

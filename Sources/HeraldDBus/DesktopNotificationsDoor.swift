import CDBus
import Foundation
import HeraldCore

/// The D-Bus front door: owns `org.freedesktop.Notifications` on the session bus so that every
/// Linux program that notifies (`notify-send`, libnotify, browsers, mail and chat clients) posts
/// into the engine, and gets its users' actions, replies and dismissals back as signals.
///
/// ```swift
/// switch await DesktopNotificationsDoor.open(engine: engine, options: .init(stagingDirectory: dir)) {
/// case .serving(let door): …; door.close()
/// case .nameTaken(let holder): log("org.freedesktop.Notifications is held by \(holder)")
/// case .unavailable(let reason): log("no D-Bus front door: \(reason)")
/// }
/// ```
public final class DesktopNotificationsDoor: Sendable {
    /// How the door connects.
    public struct Options: Sendable {
        /// The bus address; `nil` reads `DBUS_SESSION_BUS_ADDRESS`.
        public var address: String?
        /// Take the name over from a server that allows replacement (`--dbus-replace`).
        public var replace: Bool
        /// Where images from `image-data` are written as PNGs (and files copied) before the
        /// engine moves them into its attachment store.
        public var stagingDirectory: URL
        /// The version `GetServerInformation` reports.
        public var serverVersion: String
        /// One line per notable event (the daemon's log).
        public var log: @Sendable (String) -> Void

        public init(address: String? = nil, replace: Bool = false, stagingDirectory: URL, serverVersion: String = "1.0",
                    log: @escaping @Sendable (String) -> Void = { _ in }) {
            self.address = address
            self.replace = replace
            self.stagingDirectory = stagingDirectory
            self.serverVersion = serverVersion
            self.log = log
        }
    }

    /// What `open` found.
    public enum Outcome: Sendable {
        /// The door is open: Herald owns the name.
        case serving(DesktopNotificationsDoor)
        /// Another notification server owns the name (and would not give it up).
        case nameTaken(holder: String)
        /// No libdbus, no session bus, or the bus refused us.
        case unavailable(reason: String)
    }

    private let service: DesktopNotificationsService
    /// The name Herald has on the bus (":1.42").
    public var uniqueName: String { service.bus.uniqueName }

    private init(service: DesktopNotificationsService) {
        self.service = service
    }

    /// Loads libdbus, connects, claims the name and starts serving.
    public static func open(engine: NotificationEngine, options: Options,
                            environment: [String: String] = ProcessInfo.processInfo.environment) async -> Outcome {
        guard let address = options.address ?? environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else {
            return .unavailable(reason: "no session bus (DBUS_SESSION_BUS_ADDRESS is not set)")
        }
        do {
            let dbus = try DBusLibrary.load()
            let bus = try DBusConnectionLoop.connect(dbus, address: address)
            try bus.addMatch("type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged'")
            var flags = UInt32(HERALD_DBUS_NAME_FLAG_ALLOW_REPLACEMENT | HERALD_DBUS_NAME_FLAG_DO_NOT_QUEUE)
            if options.replace { flags |= UInt32(HERALD_DBUS_NAME_FLAG_REPLACE_EXISTING) }
            let reply = try bus.requestName(NotificationsInterface.busName, flags: flags)
            guard reply == Int32(HERALD_DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER)
                    || reply == Int32(HERALD_DBUS_REQUEST_NAME_REPLY_ALREADY_OWNER) else {
                let holder = bus.describeOwner(of: NotificationsInterface.busName)
                bus.start()
                bus.stop()
                return .nameTaken(holder: holder)
            }
            let service = DesktopNotificationsService(bus: bus, engine: engine, stagingDirectory: options.stagingDirectory,
                                                      serverVersion: options.serverVersion, log: options.log)
            bus.onMessage = { [unowned service] message in service.handle(message) }
            let log = options.log
            bus.onDisconnect = { log("D-Bus: the session bus went away; the D-Bus front door is closed") }
            await service.start()
            bus.start()
            return .serving(DesktopNotificationsDoor(service: service))
        } catch {
            return .unavailable(reason: "\(error)")
        }
    }

    /// Releases the name and closes the connection, after the engine calls already queued.
    public func close() async {
        service.bus.stop()
        await service.drain()
    }
}

extension DesktopNotificationsDoor {
    /// `open`, with one log line for whatever happened; the door when it is serving. What
    /// `herald daemon` calls.
    public static func openAndLog(engine: NotificationEngine, options: Options) async -> DesktopNotificationsDoor? {
        switch await open(engine: engine, options: options) {
        case .serving(let door):
            options.log("D-Bus: serving \(NotificationsInterface.busName) as \(door.uniqueName)")
            return door
        case .nameTaken(let holder):
            options.log("D-Bus: \(NotificationsInterface.busName) is held by \(holder); not serving it (--dbus-replace takes it over)")
            return nil
        case .unavailable(let reason):
            options.log("D-Bus: not serving \(NotificationsInterface.busName): \(reason)")
            return nil
        }
    }
}

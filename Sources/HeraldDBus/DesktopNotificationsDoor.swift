import CDBus
import Foundation
import HeraldCore
import HeraldSystem

/// The D-Bus front door: owns `org.freedesktop.Notifications` on the session bus so that every
/// Linux program that notifies (`notify-send`, libnotify, browsers, mail and chat clients) posts
/// into the engine, and gets its users' actions, replies and dismissals back as signals.
///
/// ```swift
/// switch await DesktopNotificationsDoor.open(engine: engine, options: .init(stagingDirectory: dir)) {
/// case .serving(let door, _): …; await door.close()
/// case .waiting(let door, let holder): log("held by \(holder)"); …; await door.close()
/// case .unavailable(let reason): log("no D-Bus front door: \(reason)")
/// }
/// ```
public final class DesktopNotificationsDoor: Sendable {
    /// How the door connects.
    public struct Options: Sendable {
        /// The bus address; `nil` reads `DBUS_SESSION_BUS_ADDRESS`.
        public var address: String?
        /// Take the name over from a server that allows replacement (`--dbus-replace`): another
        /// Herald does; dunst and mako ask for the name without allowing it, so they keep it.
        public var replace: Bool
        /// Where images from `image-data` are written as PNGs (and files copied) before the
        /// engine moves them into its attachment store.
        public var stagingDirectory: URL
        /// The version `GetServerInformation` reports.
        public var serverVersion: String
        /// One line per notable event (the daemon's log).
        public var log: @Sendable (String) -> Void
        /// The daemon's per-app post limit (`IPCServer.postLimiter`, shared with its other
        /// doors): a `Notify` past it is answered `org.freedesktop.DBus.Error.LimitsExceeded`,
        /// naming the app and the limit. `nil`: no limit.
        public var postLimiter: PostRateLimiter?
        /// Whether sounds are played now (through the sound server, not only the terminal bell):
        /// `GetCapabilities` lists `sound` only then.
        public var playsSounds: @Sendable () -> Bool
        /// The event loop that serves the bus connection (the daemon's, beside its socket
        /// clients); `nil`: a loop of the door's own.
        public var eventLoop: EventLoop?

        public init(address: String? = nil, replace: Bool = false, stagingDirectory: URL, serverVersion: String = "1.0",
                    postLimiter: PostRateLimiter? = nil, playsSounds: @escaping @Sendable () -> Bool = { false },
                    eventLoop: EventLoop? = nil, log: @escaping @Sendable (String) -> Void = { _ in }) {
            self.playsSounds = playsSounds
            self.eventLoop = eventLoop
            self.address = address
            self.replace = replace
            self.stagingDirectory = stagingDirectory
            self.serverVersion = serverVersion
            self.postLimiter = postLimiter
            self.log = log
        }
    }

    /// What `open` found.
    public enum Outcome: Sendable {
        /// The door is open: Herald owns the name. `displaced` names the server Herald took it
        /// over from (`--dbus-replace`), if any.
        case serving(DesktopNotificationsDoor, displaced: String?)
        /// Another notification server holds the name (and would not give it up): the door waits
        /// in the bus's queue and serves once that server leaves.
        case waiting(DesktopNotificationsDoor, holder: String)
        /// No libdbus, no session bus, or the bus refused us.
        case unavailable(reason: String)
    }

    private let service: DesktopNotificationsService
    /// The name Herald has on the bus (":1.42").
    public var uniqueName: String { service.bus.uniqueName }

    private init(service: DesktopNotificationsService) {
        self.service = service
    }

    /// Loads libdbus, connects, asks for the name and starts serving — at once, or when the
    /// server holding the name leaves. Herald allows replacement and stays queued, so a server
    /// that replaces it hands the name back when it quits.
    public static func open(engine: NotificationEngine, options: Options,
                            environment: [String: String] = ProcessInfo.processInfo.environment) async -> Outcome {
        guard let address = options.address ?? environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else {
            return .unavailable(reason: "no session bus (DBUS_SESSION_BUS_ADDRESS is not set)")
        }
        do {
            let dbus = try DBusLibrary.load()
            let bus = try DBusConnection.connect(dbus, address: address, loop: options.eventLoop)
            let name = NotificationsInterface.busName
            // Only what the door uses: connections leaving (senders gone; not the join of every
            // notify-send) and changes of our name's owner (who replaced Herald).
            let ownerChanged = "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged'"
            try bus.addMatch(ownerChanged + ",arg2=''")
            try bus.addMatch(ownerChanged + ",arg0='\(name)'")
            // Who holds it now, before asking (the holder is gone once replaced).
            let holder = bus.callBus("NameHasOwner", name)?.boolean == true ? bus.describeOwner(of: name) : nil
            var flags = UInt32(HERALD_DBUS_NAME_FLAG_ALLOW_REPLACEMENT)
            if options.replace { flags |= UInt32(HERALD_DBUS_NAME_FLAG_REPLACE_EXISTING) }
            let reply = try bus.requestName(name, flags: flags)
            let owns = reply == Int32(HERALD_DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER)
                || reply == Int32(HERALD_DBUS_REQUEST_NAME_REPLY_ALREADY_OWNER)
            let service = DesktopNotificationsService(bus: bus, engine: engine, stagingDirectory: options.stagingDirectory,
                                                      serverVersion: options.serverVersion, postLimiter: options.postLimiter,
                                                      playsSounds: options.playsSounds, log: options.log)
            service.ownsName = owns
            let log = options.log
            await service.start()
            bus.start(onMessage: { [unowned service] message in service.handle(message) },
                      onDisconnect: { log("D-Bus: the session bus went away; the D-Bus front door is closed") })
            let door = DesktopNotificationsDoor(service: service)
            if owns { return .serving(door, displaced: holder) }
            return .waiting(door, holder: holder ?? bus.describeOwner(of: name))
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
    /// `open`, with one log line for whatever happened; the door when it is serving or waiting
    /// for the name. What `herald daemon` calls.
    public static func openAndLog(engine: NotificationEngine, options: Options) async -> DesktopNotificationsDoor? {
        let name = NotificationsInterface.busName
        switch await open(engine: engine, options: options) {
        case .serving(let door, let displaced):
            options.log("D-Bus: serving \(name) as \(door.uniqueName)"
                        + (displaced.map { "; took it over from \($0)" } ?? ""))
            return door
        case .waiting(let door, let holder):
            options.log("D-Bus: \(name) is held by \(holder)" + (options.replace ? ", which does not allow replacement" : "")
                        + "; Herald serves it when that server leaves — stop that server to switch now"
                        + (options.replace ? "" : " (--dbus-replace takes the name only from a server that allows "
                                                  + "replacement, as another herald daemon does; dunst and mako do not)"))
            return door
        case .unavailable(let reason):
            options.log("D-Bus: not serving \(name): \(reason)")
            return nil
        }
    }
}

import Foundation
import HeraldCore
import Synchronization

/// The app's door to the notification center: ask permission, register categories, schedule
/// and remove requests, read what was delivered, set the badge, and receive foreground
/// notifications and responses through the `delegate`.
///
/// ```swift
/// let center = UNUserNotificationCenter.current()
/// center.delegate = appDelegate
/// let granted = try await center.requestAuthorization(options: [.alert, .sound, .badge])
/// let content = UNMutableNotificationContent()
/// content.title = "Hello"
/// try await center.add(UNNotificationRequest(identifier: "hello", content: content,
///                                            trigger: UNTimeIntervalNotificationTrigger(timeInterval: 5, repeats: false)))
/// ```
///
/// Calls are processed one at a time, in the order they were made (a `setNotificationCategories`
/// made before an `add` takes effect first). Completion handlers may run on any thread; delegate
/// methods run on the main actor. The center forwards everything to the installed notification
/// system (`NotificationSystemRegistry`), naming the app by its bundle identifier (`HeraldApp`).
///
/// The completion-handler methods are `@preconcurrency`, as Objective-C methods are when Swift
/// imports them: their handlers are `@Sendable`, but Swift 5 code that does not check
/// concurrency may capture and mutate locals in them without a diagnostic (Swift 6 warns).
// unchecked: Apple's API shape: an NSObject subclass, which Swift cannot check; `let`s and a Mutex.
public final class UNUserNotificationCenter: NSObject, @unchecked Sendable {
    /// Signature of the background-push handler `HeraldApplication` installs.
    typealias BackgroundPushHandler = @Sendable ([AnyHashable: Any],
                                                 @escaping @Sendable (UIBackgroundFetchResult) -> Void) -> Void

    private struct State {
        var isConnected = false
        var backgroundPushHandler: BackgroundPushHandler?
    }

    /// The center's calls into the system, in the order they were made.
    private let operations = SerialTaskQueue()
    let system: any NotificationSystem
    /// The app this center speaks for.
    let bundleIdentifier: String
    /// Real seconds a delegate may take to call its completion handler.
    let delegateTimeout: TimeInterval
    /// Whether to tell the system the app is in the foreground when it connects.
    private let startsInForeground: Bool
    private let state = Mutex(State())
    /// Read and written only inside `state.withLock`: the delegate (any object the app gives)
    /// is not `Sendable`, so it cannot be part of the Mutex's value.
    private nonisolated(unsafe) weak var storedDelegate: (any UNUserNotificationCenterDelegate)?
    private let bridge = DelegateBridge()

    @available(*, unavailable, message: "Use UNUserNotificationCenter.current()")
    public override init() {
        fatalError("Use UNUserNotificationCenter.current()")
    }

    init(system: any NotificationSystem, bundleIdentifier: String, delegateTimeout: TimeInterval,
         startsInForeground: Bool = false) {
        self.system = system
        self.bundleIdentifier = bundleIdentifier
        self.delegateTimeout = delegateTimeout
        self.startsInForeground = startsInForeground
        super.init()
        bridge.center = self
    }

    /// The center of the current app: the bundle identifier comes from `HeraldApp.$bundleIdentifier`
    /// when set, else `HERALD_BUNDLE_ID`, else the main bundle, else the executable's name.
    public class func current() -> UNUserNotificationCenter {
        NotificationSystemRegistry.center(for: HeraldApp.currentBundleIdentifier)
    }

    /// Receives foreground notifications and responses. Held weakly: keep your delegate alive.
    /// Set it before the app finishes launching; responses that arrived while the app was not
    /// running are handed over once it is set.
    public var delegate: (any UNUserNotificationCenterDelegate)? {
        get {
            nonisolated(unsafe) var delegate: (any UNUserNotificationCenterDelegate)?
            state.withLock { _ in delegate = storedDelegate }
            return delegate
        }
        set {
            nonisolated(unsafe) let delegate = newValue
            state.withLock { _ in storedDelegate = delegate }
            ensureConnected()
        }
    }

    /// Whether content extensions are supported: always `true`, as on Apple's platforms.
    public var supportsContentExtensions: Bool { true }

    // MARK: Authorization and settings

    /// Asks the user for permission (only the first call prompts; later calls return the stored
    /// answer). `.provisional` is granted without a prompt. Denial is `granted == false`.
    @preconcurrency
    public func requestAuthorization(options: UNAuthorizationOptions = [],
                                     completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        enqueue { center in
            do {
                let granted = try await center.system.requestAuthorization(options: options,
                                                                           bundleIdentifier: center.bundleIdentifier)
                completionHandler(granted, nil)
            } catch {
                completionHandler(false, error)
            }
        }
    }

    /// Asks the user for permission; returns whether it was granted.
    public func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        try await perform { center in
            try await center.system.requestAuthorization(options: options, bundleIdentifier: center.bundleIdentifier)
        }
    }

    /// Reads the app's authorization and notification settings.
    @preconcurrency
    public func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void) {
        enqueue { center in
            completionHandler(UNNotificationSettings(record: await center.system.appRecord(bundleIdentifier: center.bundleIdentifier)))
        }
    }

    /// Reads the app's authorization and notification settings.
    public func notificationSettings() async -> UNNotificationSettings {
        await perform { center in
            UNNotificationSettings(record: await center.system.appRecord(bundleIdentifier: center.bundleIdentifier))
        }
    }

    // MARK: Categories

    /// Registers the app's categories, replacing every category registered before.
    public func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {
        let records = categories.map(\.record).sorted { $0.identifier < $1.identifier }
        enqueue { center in
            await center.system.setCategories(records, bundleIdentifier: center.bundleIdentifier)
        }
    }

    /// Reads the registered categories.
    @preconcurrency
    public func getNotificationCategories(completionHandler: @escaping @Sendable (Set<UNNotificationCategory>) -> Void) {
        enqueue { center in
            let records = await center.system.categories(bundleIdentifier: center.bundleIdentifier)
            completionHandler(Set(records.map { UNNotificationCategory(record: $0) }))
        }
    }

    /// Reads the registered categories.
    public func notificationCategories() async -> Set<UNNotificationCategory> {
        let records = await perform { center in await center.system.categories(bundleIdentifier: center.bundleIdentifier) }
        return Set(records.map { UNNotificationCategory(record: $0) })
    }

    // MARK: Requests

    /// Schedules a request (or delivers it at once when it has no trigger). A pending request
    /// with the same identifier is replaced. The handler gets `nil` or a `UNError`
    /// (not authorized, an invalid attachment, …).
    @preconcurrency
    public func add(_ request: UNNotificationRequest,
                    withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        let record = request.recordToAdd
        enqueue { center in
            do {
                try await center.system.add(record, bundleIdentifier: center.bundleIdentifier)
                completionHandler?(nil)
            } catch {
                completionHandler?(error)
            }
        }
    }

    /// Schedules a request (or delivers it at once when it has no trigger); throws a `UNError`.
    public func add(_ request: UNNotificationRequest) async throws {
        let record = request.recordToAdd
        try await perform { center in try await center.system.add(record, bundleIdentifier: center.bundleIdentifier) }
    }

    /// Reads the requests waiting for their triggers.
    @preconcurrency
    public func getPendingNotificationRequests(completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void) {
        enqueue { center in
            let records = await center.system.pendingRequests(bundleIdentifier: center.bundleIdentifier)
            completionHandler(records.map { UNNotificationRequest(record: $0) })
        }
    }

    /// Reads the requests waiting for their triggers.
    public func pendingNotificationRequests() async -> [UNNotificationRequest] {
        let records = await perform { center in await center.system.pendingRequests(bundleIdentifier: center.bundleIdentifier) }
        return records.map { UNNotificationRequest(record: $0) }
    }

    /// Removes pending requests; identifiers that are not pending are ignored.
    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        enqueue { center in
            await center.system.removePendingRequests(identifiers: identifiers, bundleIdentifier: center.bundleIdentifier)
        }
    }

    /// Removes every pending request of the app.
    public func removeAllPendingNotificationRequests() {
        enqueue { center in await center.system.removeAllPendingRequests(bundleIdentifier: center.bundleIdentifier) }
    }

    // MARK: Delivered notifications

    /// Reads the app's notifications still in the center's list, newest first.
    @preconcurrency
    public func getDeliveredNotifications(completionHandler: @escaping @Sendable ([UNNotification]) -> Void) {
        enqueue { center in
            let records = await center.system.deliveredNotifications(bundleIdentifier: center.bundleIdentifier)
            completionHandler(records.map { UNNotification(record: $0) })
        }
    }

    /// Reads the app's notifications still in the center's list, newest first.
    public func deliveredNotifications() async -> [UNNotification] {
        let records = await perform { center in
            await center.system.deliveredNotifications(bundleIdentifier: center.bundleIdentifier)
        }
        return records.map { UNNotification(record: $0) }
    }

    /// Removes delivered notifications from the list (they stay in the center's history).
    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
        enqueue { center in
            await center.system.removeDeliveredNotifications(identifiers: identifiers,
                                                             bundleIdentifier: center.bundleIdentifier)
        }
    }

    /// Removes all of the app's delivered notifications from the list.
    public func removeAllDeliveredNotifications() {
        enqueue { center in await center.system.removeAllDeliveredNotifications(bundleIdentifier: center.bundleIdentifier) }
    }

    // MARK: Badge

    /// Sets the app's badge (`0` clears it). A negative count fails with
    /// `UNError(.badgeInputInvalid)` and changes nothing.
    @preconcurrency
    public func setBadgeCount(_ newBadgeCount: Int,
                              withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        enqueue { center in
            do {
                try await center.applyBadgeCount(newBadgeCount)
                completionHandler?(nil)
            } catch {
                completionHandler?(error)
            }
        }
    }

    /// Sets the app's badge (`0` clears it); throws `UNError(.badgeInputInvalid)` when negative.
    public func setBadgeCount(_ newBadgeCount: Int) async throws {
        try await perform { center in try await center.applyBadgeCount(newBadgeCount) }
    }

    private func applyBadgeCount(_ count: Int) async throws {
        guard count >= 0 else {
            throw UNError(.badgeInputInvalid, detail: "badge count must be 0 or more, got \(count)")
        }
        try await system.setBadgeCount(count, bundleIdentifier: bundleIdentifier)
    }

    // MARK: Internals used by HeraldApplication and the simulator

    var backgroundPushHandler: BackgroundPushHandler? {
        get { state.withLock { $0.backgroundPushHandler } }
        set {
            state.withLock { $0.backgroundPushHandler = newValue }
            ensureConnected()
        }
    }

    /// Runs an engine call in order with the center's other calls.
    func perform<Result: Sendable>(_ body: @escaping @Sendable (UNUserNotificationCenter) async throws -> Result)
        async rethrows -> Result {
        ensureConnected()
        await waitForQueue()
        return try await body(self)
    }

    /// Waits until every call made so far has been processed.
    func waitForQueue() async {
        guard !DelegateContext.isActive else { return }
        await operations.waitForQueued()
    }

    /// Queues an engine call behind the earlier ones. Inside a delegate call it runs at once
    /// (the queue may be waiting for that very delegate).
    private func enqueue(_ operation: @escaping @Sendable (UNUserNotificationCenter) async -> Void) {
        ensureConnected()
        enqueueRaw(operation)
    }

    private func enqueueRaw(_ operation: @escaping @Sendable (UNUserNotificationCenter) async -> Void) {
        if DelegateContext.isActive {
            Task { await operation(self) }
            return
        }
        operations.add { await operation(self) }
    }

    /// Registers the delegate bridge with the system once, before any other call.
    private func ensureConnected() {
        let needed = state.withLock { state -> Bool in
            if state.isConnected { return false }
            state.isConnected = true
            return true
        }
        guard needed else { return }
        let bridge = self.bridge
        enqueueRaw { center in
            await center.system.connect(bridge, bundleIdentifier: center.bundleIdentifier)
            if center.startsInForeground {
                await center.system.setForeground(true, bundleIdentifier: center.bundleIdentifier)
            }
        }
    }

    public override var description: String { "<UNUserNotificationCenter: \(bundleIdentifier)>" }
}

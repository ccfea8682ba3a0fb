import CoreLocation
import Foundation
import HeraldCore
import Synchronization
import UserNotifications

/// Runs your notification code against a private, in-memory notification center with a manual
/// clock, and acts as the user: answers the permission prompt, moves time, taps, picks actions,
/// types replies, dismisses, sends pushes and moves the device.
///
/// Making a simulator installs its center: from then on `UNUserNotificationCenter.current()`
/// (and `HeraldApplication.shared`) speak to it, as the app `bundleIdentifier`. Every method
/// returns only after what it caused has finished — triggers fired, `willPresent` and
/// `didReceive` completed.
///
/// ```swift
/// @Test func remindsAfterAMinute() async throws {
///     let simulator = NotificationSimulator(now: Date(timeIntervalSince1970: 0))
///     let center = UNUserNotificationCenter.current()
///     _ = try await center.requestAuthorization(options: [.alert, .sound])
///     let content = UNMutableNotificationContent()
///     content.title = "Stretch"
///     try await center.add(UNNotificationRequest(identifier: "stretch", content: content,
///                          trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false)))
///     await simulator.advance(by: 60)
///     #expect(simulator.presentations.map(\.identifier) == ["stretch"])
///     try await simulator.tap("stretch")   // your delegate's didReceive has run
/// }
/// ```
///
/// The simulator's center stays installed until the next simulator is made or
/// `NotificationSystemRegistry.reset()` is called (even if the simulator object itself goes away). Simulators
/// share that one process-wide installation: run tests that use them one at a time
/// (`CenterTestLock`, or `@Suite(.serialized)`).
public final class NotificationSimulator: Sendable {
    /// The app the simulated code is.
    public let bundleIdentifier: String
    /// The simulated center itself, for checks the simulator does not wrap.
    public let engine: NotificationEngine
    /// The manual clock (simulated time).
    public let clock: ManualClock
    /// Real seconds a push may wait on a service extension or background handler that has not
    /// answered before simulated time jumps to its deadline.
    public var stalledHandlerGrace: TimeInterval {
        get { shared.withLock { $0.grace } }
        set { shared.withLock { $0.grace = newValue } }
    }

    private let system: SimulatorSystem
    private let preparation: Preparation

    /// State the test thread and the engine share. The service extension is not `Sendable`; it
    /// is only stored and read under the mutex.
    // unchecked: holds the app's service extension (not Sendable), only ever inside `shared`'s Mutex.
    private struct Shared: @unchecked Sendable {
        var permissionAnswer: PermissionAnswer = .allow
        var isForeground = true
        var serviceExtension: UNNotificationServiceExtension?
        var serviceExtensionVersion = 0
        var presentations: [SimulatedPresentation] = []
        var badgeCount = 0
        var grace: TimeInterval = 0.3
    }

    private let shared = Mutex(Shared())

    /// Installs a fresh center whose clock starts at `now`.
    /// - Parameters:
    ///   - bundleIdentifier: the app `UNUserNotificationCenter.current()` speaks for.
    ///   - delegateTimeout: real seconds a delegate may take to call its completion handler
    ///     before the call counts as timed out (nothing is presented).
    public init(now: Date, bundleIdentifier: String = "com.example.app",
                delegateTimeout: TimeInterval = NotificationSystemRegistry.defaultDelegateTimeout) {
        self.bundleIdentifier = bundleIdentifier
        let clock = ManualClock(now: now)
        self.clock = clock
        let reference = SimulatorReference()
        let prompter = SimulatorPrompter(simulator: reference)
        let attachments = FileManager.default.temporaryDirectory
            .appendingPathComponent("herald-simulator-\(UUID().uuidString)")
        let engine: NotificationEngine
        do {
            engine = try NotificationEngine(store: InMemoryStore(), clock: clock, prompter: prompter,
                                            attachmentsDirectory: attachments,
                                            configuration: EngineConfiguration(delegateTimeout: delegateTimeout))
        } catch {
            fatalError("NotificationSimulator: the in-memory center failed to start: \(error)")
        }
        self.engine = engine
        let preparation = Preparation(simulator: reference)
        self.preparation = preparation
        let system = SimulatorSystem(engine: engine) { await preparation.run() }
        self.system = system
        reference.set(self)
        NotificationSystemRegistry.install(system, clock: clock, delegateTimeout: delegateTimeout,
                             bundleIdentifier: bundleIdentifier)
    }

    // MARK: The user's settings

    /// How the user answers the permission prompt (default `.allow`).
    public var permissionAnswer: PermissionAnswer {
        get { shared.withLock { $0.permissionAnswer } }
        set { shared.withLock { $0.permissionAnswer = newValue } }
    }

    /// Whether the app is in the foreground (default `true`): then `willPresent` is asked;
    /// otherwise the center presents by itself from the app's settings.
    public var isForeground: Bool {
        get { shared.withLock { $0.isForeground } }
        set { shared.withLock { $0.isForeground = newValue } }
    }

    /// The app's notification service extension, run for pushes with `mutable-content: 1`.
    public var serviceExtension: UNNotificationServiceExtension? {
        get { shared.withLock { $0.serviceExtension } }
        set {
            shared.withLock {
                $0.serviceExtension = newValue
                $0.serviceExtensionVersion += 1
            }
        }
    }

    // MARK: What happened

    /// Every delivery so far, oldest first, with what took effect (`[]` when nothing was shown).
    public var presentations: [SimulatedPresentation] { shared.withLock { $0.presentations } }

    /// The app's badge number.
    public var badgeCount: Int { shared.withLock { $0.badgeCount } }

    /// Simulated time.
    public var now: Date { clock.now() }

    // MARK: Time and place

    /// Moves simulated time forward; every trigger due on the way fires at its own time (a
    /// repeating trigger once per period), and the delegate calls finish before this returns.
    public func advance(by seconds: TimeInterval) async {
        await advance(to: clock.now().addingTimeInterval(max(0, seconds)))
    }

    /// Moves simulated time forward to `date` (never backwards).
    public func advance(to date: Date) async {
        await settle()
        var steps = 0
        while let next = await engine.nextFireDate(), next <= date, steps < 100_000 {
            steps += 1
            if next > clock.now() { clock.set(next) }
            await engine.fireDue()
        }
        if date > clock.now() { clock.set(date) }
        await engine.fireDue()
    }

    /// Moves the simulated device; location triggers whose region was entered or left fire.
    public func move(to coordinate: CLLocationCoordinate2D) async {
        await settle()
        await engine.moveDevice(to: coordinate.latitude, coordinate.longitude)
    }

    // MARK: Pushes

    /// Delivers an APNs-style payload (the `simctl push` format) to the app, through its service
    /// extension when the payload has `mutable-content: 1`. Returns the request identifier. An
    /// extension (or background handler) that does not answer within `stalledHandlerGrace` real
    /// seconds sees simulated time jump to its deadline (30 s), as if the user waited.
    @discardableResult
    public func push(_ payload: Data) async throws -> String {
        await settle()
        let engine = self.engine
        let bundle = bundleIdentifier
        let clock = self.clock
        let grace = stalledHandlerGrace
        let delivery = Task { try await engine.push(payload, bundleIdentifier: bundle) }
        let watchdog = Task {
            var waited: TimeInterval = 0
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 10_000_000)
                guard let wake = clock.nextWakeDate else { waited = 0; continue }
                waited += 0.01
                if waited >= grace {
                    clock.set(wake)
                    waited = 0
                }
            }
        }
        defer { watchdog.cancel() }
        return try await delivery.value
    }

    /// Delivers a push given as a JSON object.
    @discardableResult
    public func push(_ payload: [String: Any]) async throws -> String {
        try await push(JSONSerialization.data(withJSONObject: payload))
    }

    // MARK: Acting as the user

    /// Opens the newest delivered notification with this request identifier
    /// (`UNNotificationDefaultActionIdentifier`); returns when `didReceive` has finished.
    public func tap(_ id: String) async throws {
        try await respond(to: id, .open)
    }

    /// Picks one of the category's actions on the notification.
    public func perform(action: String, on id: String) async throws {
        try await respond(to: id, .action(action))
    }

    /// Types `text` into the category's text-input action and sends it.
    public func reply(_ text: String, on id: String) async throws {
        let delivery = try await newestDelivery(id)
        let categories = await engine.categories(bundleIdentifier: delivery.bundleIdentifier)
        let category = categories.first { $0.identifier == delivery.content.categoryIdentifier }
        guard let action = category?.textInputAction else {
            throw SimulatorError.noTextInputAction(identifier: id)
        }
        try await engine.respond(deliveryID: delivery.deliveryID,
                                 action: .reply(actionIdentifier: action.identifier, text: text))
    }

    /// Dismisses the notification explicitly; the delegate hears of it only when the category
    /// has `.customDismissAction`.
    public func dismiss(_ id: String) async throws {
        try await respond(to: id, .dismiss)
    }

    /// The user asks for the app's notification settings from a notification (or, with `nil`,
    /// from the center's settings): the delegate's `openSettingsFor` runs.
    public func openSettings(from id: String? = nil) async throws {
        var deliveryID: Int64?
        if let id { deliveryID = try await newestDelivery(id).deliveryID }
        await engine.openSettings(bundleIdentifier: bundleIdentifier, deliveryID: deliveryID)
    }

    private func respond(to id: String, _ action: ResponseAction) async throws {
        let delivery = try await newestDelivery(id)
        try await engine.respond(deliveryID: delivery.deliveryID, action: action)
    }

    private func newestDelivery(_ id: String) async throws -> DeliveredRecord {
        await settle()
        let history = try await engine.history(HistoryQuery(bundleIdentifier: bundleIdentifier, limit: 10_000))
        guard let delivery = history.first(where: { $0.identifier == id }) else {
            throw SimulatorError.notDelivered(identifier: id)
        }
        return delivery
    }

    /// Applies the simulator's settings and waits for every center call made so far.
    private func settle() async {
        await preparation.run()
        await NotificationSystemRegistry.waitForPendingCalls()
        await preparation.run()
    }

    // MARK: Plumbing

    fileprivate var sharedSnapshot: (answer: PermissionAnswer, foreground: Bool,
                                     serviceExtension: UNNotificationServiceExtension?, version: Int) {
        shared.withLock {
            ($0.permissionAnswer, $0.isForeground, $0.serviceExtension,
             $0.serviceExtensionVersion)
        }
    }

    fileprivate func record(_ event: CenterEvent) {
        switch event {
        case .delivered(let record, _):
            let presentation = SimulatedPresentation(identifier: record.identifier, options: record.presentation,
                                                     bundleIdentifier: record.bundleIdentifier, date: record.date,
                                                     title: record.content.title)
            shared.withLock { $0.presentations.append(presentation) }
        case .appChanged(let app) where app.bundleIdentifier == bundleIdentifier:
            shared.withLock { $0.badgeCount = app.badge }
        default:
            break
        }
    }

    /// Applies pending settings to the engine; serialized so concurrent calls apply them once.
    fileprivate actor Preparation {
        private let simulator: SimulatorReference
        private var isObserving = false
        private var appliedForeground: Bool?
        private var appliedExtensionVersion = 0

        init(simulator: SimulatorReference) {
            self.simulator = simulator
        }

        func run() async {
            guard let simulator = simulator.value else { return }
            let engine = simulator.engine
            let bundle = simulator.bundleIdentifier
            if !isObserving {
                isObserving = true
                let weak = WeakSimulator(simulator)
                await engine.observe { event in weak.value?.record(event) }
            }
            let snapshot = simulator.sharedSnapshot
            if appliedForeground != snapshot.foreground {
                appliedForeground = snapshot.foreground
                await engine.setForeground(snapshot.foreground, bundleIdentifier: bundle)
            }
            if appliedExtensionVersion != snapshot.version {
                appliedExtensionVersion = snapshot.version
                let host = snapshot.serviceExtension.map { ServiceExtensionBridge(serviceExtension: $0) }
                await engine.setServiceExtension(host, bundleIdentifier: bundle)
            }
        }
    }
}

/// A weak reference that can cross isolation (the simulator is `Sendable`).
final class WeakSimulator: Sendable {
    weak let value: NotificationSimulator?
    init(_ value: NotificationSimulator) { self.value = value }
}

/// Answers the permission prompt as the simulator's `permissionAnswer` says.
final class SimulatorPrompter: AuthorizationPrompter {
    private let simulator: SimulatorReference

    init(simulator: SimulatorReference) {
        self.simulator = simulator
    }

    func prompt(app: AppRecord, options: UNAuthorizationOptions) async -> Bool {
        simulator.value?.permissionAnswer != .deny
    }
}

/// The simulator, weakly, set once it exists (its parts are made before it).
final class SimulatorReference: Sendable {
    private let storage = Mutex<WeakSimulator?>(nil)

    var value: NotificationSimulator? { storage.withLock { $0?.value } }

    func set(_ simulator: NotificationSimulator) {
        storage.withLock { $0 = WeakSimulator(simulator) }
    }
}

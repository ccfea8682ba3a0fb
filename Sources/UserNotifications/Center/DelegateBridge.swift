import Foundation
import HeraldCore

/// The engine's view of a running app (`AppConnection`): turns engine records into Apple's
/// objects and calls the center's delegate on the main actor.
///
/// For `willPresent` and `didReceive` it calls the completion-handler form first, with a fresh
/// `DelegateProbe`; if the protocol's default ran (the app does not implement that form), it
/// calls the `async` form with another probe; if that is the default too, the app implements
/// neither. Every handler is guarded: the first call wins, later calls are ignored, and after
/// the center's `delegateTimeout` (real seconds) the call counts as timed out. The `async` form
/// is called on the center's delegate of that moment (read again, not carried over from the
/// main actor: the delegate is not `Sendable`); one the app has cleared meanwhile counts as none.
// unchecked: `center` is set once, right after both are made (`UNUserNotificationCenter.init`), before any call.
final class DelegateBridge: AppConnection, @unchecked Sendable {
    /// The center this bridge speaks for (which owns the bridge).
    weak var center: UNUserNotificationCenter?

    func willPresent(_ record: DeliveredRecord) async -> PresentationDecision {
        guard let center else { return .noDelegate }
        let notification = UNNotification(record: record)
        return await DelegateBridge.inAppContext(center) {
            await OnceHandler<PresentationDecision>.run(timeout: center.delegateTimeout, fallback: .timedOut) { once in
                Task { @MainActor in
                    guard let delegate = center.delegate else { return once.resume(.noDelegate) }
                    let probe = DelegateProbe()
                    DelegateProbe.$current.withValue(probe) {
                        delegate.userNotificationCenter(center, willPresent: notification) { options in
                            guard probe.isUnimplemented else { return once.resume(.options(options)) }
                            Task {
                                guard let delegate = center.delegate else { return once.resume(.noDelegate) }
                                let asyncProbe = DelegateProbe()
                                let options = await DelegateProbe.$current.withValue(asyncProbe) {
                                    await delegate.userNotificationCenter(center, willPresent: notification)
                                }
                                once.resume(asyncProbe.isUnimplemented ? .notImplemented : .options(options))
                            }
                        }
                    }
                }
            }
        }
    }

    func didReceive(_ record: ResponseRecord) async {
        guard let center else { return }
        let response = UNNotificationResponse.make(record)
        await DelegateBridge.inAppContext(center) {
            await OnceHandler<Bool>.run(timeout: center.delegateTimeout, fallback: false) { once in
                Task { @MainActor in
                    guard let delegate = center.delegate else { return once.resume(false) }
                    let probe = DelegateProbe()
                    DelegateProbe.$current.withValue(probe) {
                        delegate.userNotificationCenter(center, didReceive: response) {
                            guard probe.isUnimplemented else { return once.resume(true) }
                            Task {
                                guard let delegate = center.delegate else { return once.resume(false) }
                                let asyncProbe = DelegateProbe()
                                await DelegateProbe.$current.withValue(asyncProbe) {
                                    await delegate.userNotificationCenter(center, didReceive: response)
                                }
                                // Neither form implemented: the framework completes by itself.
                                once.resume(!asyncProbe.isUnimplemented)
                            }
                        }
                    }
                }
            }
        }
    }

    func didReceiveBackgroundPush(_ userInfo: [String: JSONValue]) async -> BackgroundFetchResult? {
        guard let center, let handler = center.backgroundPushHandler else { return nil }
        let result = await DelegateBridge.inAppContext(center) {
            await OnceHandler<UIBackgroundFetchResult>.run(timeout: center.delegateTimeout, fallback: .failed) { once in
                Task { @MainActor in
                    handler(UserInfoConversion.userInfo(from: userInfo)) { result in once.resume(result) }
                }
            }
        }
        return BackgroundFetchResult(rawValue: result.rawValue) ?? .failed
    }

    func openSettings(for record: DeliveredRecord?) async {
        guard let center else { return }
        let notification = record.map { UNNotification(record: $0) }
        await DelegateBridge.inAppContext(center) {
            await MainActor.run {
                center.delegate?.userNotificationCenter(center, openSettingsFor: notification)
            }
        }
    }

    /// Runs a delegate call as the app it belongs to: inside it, `UNUserNotificationCenter.current()`
    /// is this app's center (on Apple's platforms the process *is* the app; `herald demo` plays
    /// several apps in one process), and calls the center receives are marked as coming from a
    /// delegate.
    @discardableResult
    private static func inAppContext<T: Sendable>(_ center: UNUserNotificationCenter,
                                                  _ body: () async -> T) async -> T {
        await HeraldApp.$bundleIdentifier.withValue(center.bundleIdentifier) {
            await DelegateContext.$isActive.withValue(true) { await body() }
        }
    }
}

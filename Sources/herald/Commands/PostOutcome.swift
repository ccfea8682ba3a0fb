import HeraldClient
import HeraldCore
import HeraldWire

/// How `post`'s refusals become sentences and exit statuses.
enum PostOutcome {
    /// Runs the `post` call; an unknown `--app` becomes exit status 3, an app whose
    /// notifications are off exit status 5, each with a sentence saying what to do.
    static func check<Result>(_ call: () throws -> Result) throws -> Result {
        do {
            return try call()
        } catch let error as UNError where error.code == .notificationsNotAllowed {
            throw CommandError(error.detail ?? error.description, status: ExitStatus.notificationsOff)
        } catch let error as WireError where error.reason == WireError.unknownAppReason {
            throw CommandError(error.message, status: ExitStatus.notFound)
        }
    }
}

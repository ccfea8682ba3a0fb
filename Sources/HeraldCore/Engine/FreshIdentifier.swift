/// A front door's word that the request it hands over has an identifier no delivered
/// notification of its app can have, so the engine does not look for one to replace.
///
/// The D-Bus door gives it for a `Notify` that got a new id (`replaces_id` 0, or one it does not
/// know, and no stack tag in use): its identifier `fdo-<run>-<id>` names an id this run has not
/// handed out before, and `run` is random per daemon start. The word is about one identifier, so
/// a request with another one (the layers in between made it) is looked up as always. Were the
/// word wrong (another door posting an `fdo-` identifier of this run under a `desktop.` app),
/// both notifications would be kept: nothing is lost.
///
/// ```swift
/// try await FreshIdentifier.$current.withValue(request.identifier) {
///     try await engine.post(request, bundleIdentifier: app, from: sender)
/// }
/// ```
public enum FreshIdentifier {
    /// The identifier the current task's request has for the first time, if the door knows one.
    @TaskLocal public static var current: String?

    /// Whether `identifier` is the current task's fresh identifier.
    static func covers(_ identifier: String) -> Bool { current == identifier }
}

import HeraldCore

// Every request's params put their identifiers in NFC (`CanonicalIdentifier`): the server's
// dispatcher does it once, right after decoding, for every method (it only accepts params
// that conform).

/// Params whose one identifier is their app's.
protocol AppIdentifiedParams: CanonicalIdentifiers {
    var bundleIdentifier: String { get set }
}

extension AppIdentifiedParams {
    public func withCanonicalIdentifiers() -> Self {
        var params = self
        params.bundleIdentifier = CanonicalIdentifier.form(bundleIdentifier)
        return params
    }
}

/// Params whose one identifier is an app's, or none (every app).
protocol OptionalAppIdentifiedParams: CanonicalIdentifiers {
    var bundleIdentifier: String? { get set }
}

extension OptionalAppIdentifiedParams {
    public func withCanonicalIdentifiers() -> Self {
        var params = self
        params.bundleIdentifier = CanonicalIdentifier.form(bundleIdentifier)
        return params
    }
}

/// Params without identifiers.
protocol ParamsWithoutIdentifiers: CanonicalIdentifiers {}

extension ParamsWithoutIdentifiers {
    public func withCanonicalIdentifiers() -> Self { self }
}

extension AppParams: AppIdentifiedParams {}
extension ForegroundParams: AppIdentifiedParams {}
extension AuthorizationParams: AppIdentifiedParams {}
extension BadgeParams: AppIdentifiedParams {}
extension ServiceExtensionParams: AppIdentifiedParams {}
extension ServiceExtensionCommandParams: AppIdentifiedParams {}
extension SettingsParams: AppIdentifiedParams {}
extension OptionalAppParams: OptionalAppIdentifiedParams {}
extension SubscribeParams: OptionalAppIdentifiedParams {}
extension Empty: ParamsWithoutIdentifiers {}
extension MarkReadParams: ParamsWithoutIdentifiers {}
extension DeliveryIDsParams: ParamsWithoutIdentifiers {}
extension DoNotDisturbParams: ParamsWithoutIdentifiers {}
extension AnswerPromptParams: ParamsWithoutIdentifiers {}
extension CloseBannersParams: ParamsWithoutIdentifiers {}

extension CategoriesParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> CategoriesParams {
        CategoriesParams(bundleIdentifier: CanonicalIdentifier.form(bundleIdentifier),
                         categories: categories.map { $0.withCanonicalIdentifiers() })
    }
}

extension AddParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> AddParams {
        AddParams(bundleIdentifier: CanonicalIdentifier.form(bundleIdentifier), request: request.withCanonicalIdentifiers())
    }
}

extension IdentifiersParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> IdentifiersParams {
        IdentifiersParams(bundleIdentifier: CanonicalIdentifier.form(bundleIdentifier),
                          identifiers: CanonicalIdentifier.form(identifiers))
    }
}

extension RespondParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> RespondParams {
        RespondParams(deliveryID: deliveryID, action: action.withCanonicalIdentifiers())
    }
}

extension PostParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> PostParams {
        var params = self
        params.bundleIdentifier = CanonicalIdentifier.form(bundleIdentifier)
        params.request = request.withCanonicalIdentifiers()
        params.category = category?.withCanonicalIdentifiers()
        return params
    }
}

extension PushParams: CanonicalIdentifiers {
    /// The bundle identifier and the collapse id (the request's identifier); the payload's own
    /// identifiers (`thread-id`, `category`) are the engine's to read (`PushPayload`).
    public func withCanonicalIdentifiers() -> PushParams {
        var params = self
        params.bundleIdentifier = CanonicalIdentifier.form(bundleIdentifier)
        params.headers.collapseID = CanonicalIdentifier.form(headers.collapseID)
        return params
    }
}

extension WaitParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> WaitParams {
        WaitParams(bundleIdentifier: CanonicalIdentifier.form(bundleIdentifier), identifier: CanonicalIdentifier.form(identifier),
                   since: since, timeout: timeout)
    }
}

import HeraldCore

// Every request's params put their identifiers in NFC (`CanonicalIdentifier`): the server's
// dispatcher does it once, right after decoding, for every method (it only accepts params
// that conform). Params without identifiers return themselves.

extension AppParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> AppParams {
        AppParams(bundleIdentifier: CanonicalIdentifier.form(bundleIdentifier))
    }
}

extension OptionalAppParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> OptionalAppParams {
        OptionalAppParams(bundleIdentifier: CanonicalIdentifier.form(bundleIdentifier))
    }
}

extension ForegroundParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> ForegroundParams {
        var params = self
        params.bundleIdentifier = CanonicalIdentifier.form(bundleIdentifier)
        return params
    }
}

extension AuthorizationParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> AuthorizationParams {
        var params = self
        params.bundleIdentifier = CanonicalIdentifier.form(bundleIdentifier)
        return params
    }
}

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

extension BadgeParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> BadgeParams {
        var params = self
        params.bundleIdentifier = CanonicalIdentifier.form(bundleIdentifier)
        return params
    }
}

extension ServiceExtensionParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> ServiceExtensionParams {
        var params = self
        params.bundleIdentifier = CanonicalIdentifier.form(bundleIdentifier)
        return params
    }
}

extension ServiceExtensionCommandParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> ServiceExtensionCommandParams {
        var params = self
        params.bundleIdentifier = CanonicalIdentifier.form(bundleIdentifier)
        return params
    }
}

extension RespondParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> RespondParams {
        var params = self
        params.action = action.withCanonicalIdentifiers()
        return params
    }
}

extension SettingsParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> SettingsParams {
        var params = self
        params.bundleIdentifier = CanonicalIdentifier.form(bundleIdentifier)
        return params
    }
}

extension SubscribeParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> SubscribeParams {
        var params = self
        params.bundleIdentifier = CanonicalIdentifier.form(bundleIdentifier)
        return params
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
        var params = self
        params.bundleIdentifier = CanonicalIdentifier.form(bundleIdentifier)
        params.identifier = CanonicalIdentifier.form(identifier)
        return params
    }
}

extension Empty: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> Empty { self }
}

extension MarkReadParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> MarkReadParams { self }
}

extension DeliveryIDsParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> DeliveryIDsParams { self }
}

extension DoNotDisturbParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> DoNotDisturbParams { self }
}

extension AnswerPromptParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> AnswerPromptParams { self }
}

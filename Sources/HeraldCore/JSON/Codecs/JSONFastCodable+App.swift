import Foundation

// The hand-written codec for apps (`apps`' answer, `appChanged` events): the bytes of their
// `Codable` conformances, members in UTF-8 key order, absent optionals left out. An app's
// categories are rare and go through `Codable` (an empty list is read and written here).

extension AppSettings: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        writer.key("alertStyle")
        writer.integer(alertStyle.rawValue)
        writer.key("allowNotifications")
        writer.bool(allowNotifications)
        writer.key("badges")
        writer.bool(badges)
        writer.key("criticalAlerts")
        writer.bool(criticalAlerts)
        writer.key("lockScreen")
        writer.bool(lockScreen)
        writer.key("scheduledDelivery")
        writer.bool(scheduledDelivery)
        writer.key("showInHistory")
        writer.bool(showInHistory)
        writer.key("showPreviews")
        writer.integer(showPreviews.rawValue)
        writer.key("sounds")
        writer.bool(sounds)
        writer.key("timeSensitive")
        writer.bool(timeSensitive)
        writer.endObject()
    }

    /// As `init(from:)` reads settings: a missing or `null` setting keeps its default.
    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> AppSettings {
        var settings = AppSettings()
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "alertStyle") {
                try seen.mark(0)
                if !reader.null() { settings.alertStyle = try reader.rawEnum(UNAlertStyle.self) }
            } else if reader.key(key, is: "allowNotifications") {
                try seen.mark(1)
                if !reader.null() { settings.allowNotifications = try reader.bool() }
            } else if reader.key(key, is: "badges") {
                try seen.mark(2)
                if !reader.null() { settings.badges = try reader.bool() }
            } else if reader.key(key, is: "criticalAlerts") {
                try seen.mark(3)
                if !reader.null() { settings.criticalAlerts = try reader.bool() }
            } else if reader.key(key, is: "lockScreen") {
                try seen.mark(4)
                if !reader.null() { settings.lockScreen = try reader.bool() }
            } else if reader.key(key, is: "scheduledDelivery") {
                try seen.mark(5)
                if !reader.null() { settings.scheduledDelivery = try reader.bool() }
            } else if reader.key(key, is: "showInHistory") {
                try seen.mark(6)
                if !reader.null() { settings.showInHistory = try reader.bool() }
            } else if reader.key(key, is: "showPreviews") {
                try seen.mark(7)
                if !reader.null() { settings.showPreviews = try reader.rawEnum(UNShowPreviewsSetting.self) }
            } else if reader.key(key, is: "sounds") {
                try seen.mark(8)
                if !reader.null() { settings.sounds = try reader.bool() }
            } else if reader.key(key, is: "timeSensitive") {
                try seen.mark(9)
                if !reader.null() { settings.timeSensitive = try reader.bool() }
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        return settings
    }
}

extension AppRecord: JSONFastCodable {
    package func fastEncode(into writer: inout JSONWriter) throws(JSONFastPathMiss) {
        writer.beginObject()
        writer.key("authorizationStatus")
        writer.integer(authorizationStatus.rawValue)
        writer.key("authorizedOptions")
        writer.integer(authorizedOptions.rawValue)
        writer.key("badge")
        writer.integer(badge)
        writer.key("bundleIdentifier")
        writer.string(bundleIdentifier)
        writer.key("categories")
        if categories.isEmpty {
            writer.beginArray()
            writer.endArray()
        } else {
            try writer.codable(categories)
        }
        if let deviceToken {
            writer.key("deviceToken")
            writer.string(deviceToken.base64EncodedString())
        }
        writer.key("displayName")
        writer.string(displayName)
        writer.key("isCommandLineApp")
        writer.bool(isCommandLineApp)
        if let serviceExtensionCommand {
            writer.key("serviceExtensionCommand")
            writer.string(serviceExtensionCommand)
        }
        writer.key("settings")
        try writer.value(settings)
        writer.endObject()
    }

    package static func fastDecode(from reader: inout JSONReader) throws(JSONFastPathMiss) -> AppRecord {
        var authorizationStatus: UNAuthorizationStatus?
        var authorizedOptions: UNAuthorizationOptions?
        var badge: Int?
        var bundleIdentifier: String?
        var categories: [CategoryRecord]?
        var deviceToken: Data?
        var displayName: String?
        var isCommandLineApp: Bool?
        var serviceExtensionCommand: String?
        var settings: AppSettings?
        var seen = JSONFieldSet()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if reader.key(key, is: "authorizationStatus") {
                try seen.mark(0)
                authorizationStatus = try reader.rawEnum(UNAuthorizationStatus.self)
            } else if reader.key(key, is: "authorizedOptions") {
                try seen.mark(1)
                authorizedOptions = UNAuthorizationOptions(rawValue: try reader.integer(UInt.self))
            } else if reader.key(key, is: "badge") {
                try seen.mark(2)
                badge = try reader.integer(Int.self)
            } else if reader.key(key, is: "bundleIdentifier") {
                try seen.mark(3)
                bundleIdentifier = try reader.string()
            } else if reader.key(key, is: "categories") {
                try seen.mark(4)
                categories = try reader.emptyArray() ? [] : try reader.codable([CategoryRecord].self)
            } else if reader.key(key, is: "deviceToken") {
                try seen.mark(5)
                if !reader.null() {
                    guard let token = Data(base64Encoded: try reader.string()) else { throw JSONFastPathMiss() }
                    deviceToken = token
                }
            } else if reader.key(key, is: "displayName") {
                try seen.mark(6)
                displayName = try reader.string()
            } else if reader.key(key, is: "isCommandLineApp") {
                try seen.mark(7)
                isCommandLineApp = try reader.bool()
            } else if reader.key(key, is: "serviceExtensionCommand") {
                try seen.mark(8)
                serviceExtensionCommand = reader.null() ? nil : try reader.string()
            } else if reader.key(key, is: "settings") {
                try seen.mark(9)
                settings = try reader.value(AppSettings.self)
            } else {
                throw JSONFastPathMiss()   // a key this codec does not know: Codable reads it
            }
        }
        guard let authorizationStatus, let authorizedOptions, let badge, let bundleIdentifier, let categories,
              let displayName, let isCommandLineApp, let settings else { throw JSONFastPathMiss() }
        var app = AppRecord(bundleIdentifier: bundleIdentifier, displayName: displayName)
        app.authorizationStatus = authorizationStatus
        app.authorizedOptions = authorizedOptions
        app.settings = settings
        app.badge = badge
        app.categories = categories
        app.deviceToken = deviceToken
        app.serviceExtensionCommand = serviceExtensionCommand
        app.isCommandLineApp = isCommandLineApp
        return app
    }
}

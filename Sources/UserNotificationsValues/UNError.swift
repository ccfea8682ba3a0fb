import Foundation

/// The error domain of every `UNError`: `"UNErrorDomain"`.
///
/// ```swift
/// (error as NSError).domain == UNErrorDomain
/// ```
public let UNErrorDomain: String = "UNErrorDomain"

/// The center's errors, domain `UNErrorDomain`, with Apple's codes (`UNError.Code`).
///
/// ```swift
/// do { try await center.setBadgeCount(-1) }
/// catch let error as UNError where error.code == .badgeInputInvalid { … }
/// ```
public struct UNError: CustomNSError, Hashable, Sendable, LocalizedError, CustomStringConvertible {
    /// Apple's error codes (raw values are Apple's `UNErrorCode` values).
    public enum Code: Int, Sendable, Hashable, CaseIterable {
        case notificationsNotAllowed = 1
        case attachmentInvalidURL = 100
        case attachmentUnrecognizedType = 101
        case attachmentInvalidFileSize = 102
        case attachmentNotInDataStore = 103
        case attachmentMoveIntoDataStoreFailed = 104
        case attachmentCorrupt = 105
        case attachmentUnsupportedType = 106
        case notificationInvalidNoDate = 1400
        case notificationInvalidNoContent = 1401
        case contentProvidingObjectNotAllowed = 1500
        case contentProvidingInvalid = 1501
        case badgeInputInvalid = 1600
    }

    public let code: Code
    /// A sentence saying what was wrong, naming the field and the limit where there is one.
    public let detail: String?

    public init(_ code: Code, detail: String? = nil) {
        self.code = code
        self.detail = detail
    }

    public static var errorDomain: String { UNErrorDomain }
    public var errorCode: Int { code.rawValue }
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: description] }
    public var errorDescription: String? { description }

    /// Apple's wording for each code, followed by the detail when there is one.
    public var description: String {
        let base: String
        switch code {
        case .notificationsNotAllowed: base = "Notifications are not allowed for this application"
        case .attachmentInvalidURL: base = "Invalid attachment file URL"
        case .attachmentUnrecognizedType: base = "Unrecognized attachment file type"
        case .attachmentInvalidFileSize: base = "Invalid attachment file size"
        case .attachmentNotInDataStore: base = "Attachment is not in the data store"
        case .attachmentMoveIntoDataStoreFailed: base = "Failed to move the attachment into the data store"
        case .attachmentCorrupt: base = "Attachment file is corrupt"
        case .attachmentUnsupportedType: base = "Unsupported attachment type"
        case .notificationInvalidNoDate: base = "Notification has no date"
        case .notificationInvalidNoContent: base = "Notification has no user visible content"
        case .contentProvidingObjectNotAllowed: base = "Content providing object is not allowed"
        case .contentProvidingInvalid: base = "Content providing object is invalid"
        case .badgeInputInvalid: base = "Invalid badge count"
        }
        if let detail { return "\(base): \(detail)" }
        return base
    }

    public static func == (lhs: UNError, rhs: UNError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    public static var notificationsNotAllowed: Code { .notificationsNotAllowed }
    public static var attachmentInvalidURL: Code { .attachmentInvalidURL }
    public static var attachmentUnrecognizedType: Code { .attachmentUnrecognizedType }
    public static var attachmentInvalidFileSize: Code { .attachmentInvalidFileSize }
    public static var attachmentNotInDataStore: Code { .attachmentNotInDataStore }
    public static var attachmentMoveIntoDataStoreFailed: Code { .attachmentMoveIntoDataStoreFailed }
    public static var attachmentCorrupt: Code { .attachmentCorrupt }
    public static var attachmentUnsupportedType: Code { .attachmentUnsupportedType }
    public static var notificationInvalidNoDate: Code { .notificationInvalidNoDate }
    public static var notificationInvalidNoContent: Code { .notificationInvalidNoContent }
    public static var contentProvidingObjectNotAllowed: Code { .contentProvidingObjectNotAllowed }
    public static var contentProvidingInvalid: Code { .contentProvidingInvalid }
    public static var badgeInputInvalid: Code { .badgeInputInvalid }
}

/// Lets `catch UNError.badgeInputInvalid` match, as with Apple's bridged error structs:
///
/// ```swift
/// do { try await center.setBadgeCount(-1) }
/// catch UNError.badgeInputInvalid { … }
/// ```
public func ~= (code: UNError.Code, error: any Error) -> Bool {
    (error as? UNError)?.code == code
}

/// Option key: a uniform type identifier (`String`) that overrides the type guessed from the
/// file extension.
///
/// ```swift
/// try UNNotificationAttachment(identifier: "", url: url,
///                              options: [UNNotificationAttachmentOptionsTypeHintKey: "public.png"])
/// ```
public let UNNotificationAttachmentOptionsTypeHintKey: String = "UNNotificationAttachmentOptionsTypeHintKey"

/// Option key: hide the thumbnail (`Bool`, default `false`).
///
/// ```swift
/// options: [UNNotificationAttachmentOptionsThumbnailHiddenKey: true]
/// ```
public let UNNotificationAttachmentOptionsThumbnailHiddenKey: String = "UNNotificationAttachmentOptionsThumbnailHiddenKey"

/// Option key: the normalized (0…1) clipping rectangle of the thumbnail: the banner's image
/// thumbnail shows only this part (the detail view shows the whole image). A dictionary with
/// `X`, `Y`, `Width`, `Height`; a malformed or out-of-range rectangle is ignored.
///
/// ```swift
/// options: [UNNotificationAttachmentOptionsThumbnailClippingRectKey: ["X": 0, "Y": 0, "Width": 1, "Height": 0.5]]
/// ```
public let UNNotificationAttachmentOptionsThumbnailClippingRectKey: String =
    "UNNotificationAttachmentOptionsThumbnailClippingRectKey"

/// Option key: the frame number or movie time of the thumbnail. Accepted and ignored by the
/// terminal center.
///
/// ```swift
/// options: [UNNotificationAttachmentOptionsThumbnailTimeKey: 2.5]
/// ```
public let UNNotificationAttachmentOptionsThumbnailTimeKey: String = "UNNotificationAttachmentOptionsThumbnailTimeKey"

import HeraldCore

extension AppModel {
    /// `o`: opens the first attachment of the banner or the selected notification.
    mutating func openAttachment() -> [Effect] {
        guard let record = focusedRecord else {
            setStatus("No notification selected")
            return []
        }
        guard !previewsHidden(for: record) else {
            setStatus("Previews are hidden for \(appName(record.bundleIdentifier))")
            return []
        }
        guard let attachment = record.content.attachments.first else {
            setStatus("This notification has no attachment")
            return []
        }
        return [.openAttachment(attachment)]
    }
}

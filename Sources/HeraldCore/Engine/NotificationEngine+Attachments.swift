import Foundation

/// Taking a request's attachment files: checked again and copied into the data store off the
/// engine (`FileWork`), so a file that cannot be read — a pipe swapped in after the caller's
/// check, a stalled mount — costs that request an error, never the center its loop.
extension NotificationEngine {
    /// How long one attachment file may take to check and copy (the request's files together:
    /// this times their number).
    public static let attachmentTimeLimit = UntrustedFile.readTimeLimit

    /// Checks a request's attachments and, when `importing`, copies them into the store. Returns
    /// the attachments the request keeps (the copies, or the checked originals when not
    /// importing) and the caller's files to delete once the request is accepted. On any failure
    /// the copies made are deleted and the error (a `UNError.attachment…`) is thrown; the
    /// caller's files are never touched here (`AttachmentStore.removeOriginals`).
    func takeAttachments(_ attachments: [AttachmentRecord], importing: Bool,
                         bundleIdentifier: String) async throws -> (kept: [AttachmentRecord], originals: [AttachmentRecord]) {
        let store = attachmentStore
        return try await runFileWork(count: attachments.count, {
            // Every file is checked before any is copied; each copy checks its file once more,
            // on the descriptor it copies from.
            let checked = try attachments.map(AttachmentValidator.revalidate)
            guard importing else { return (checked, []) }
            var imported: [AttachmentRecord] = []
            do {
                for attachment in checked {
                    imported.append(try store.importFile(attachment, bundleIdentifier: bundleIdentifier))
                }
            } catch {
                store.deleteFiles(of: imported)
                throw error
            }
            return (imported, checked)
        }, discardLate: { store.deleteFiles(of: importing ? $0.kept : []) })
    }

    /// The attachments a service extension added, each checked and copied into the store and
    /// its original deleted; those that fail are left out.
    func takeValidAttachments(_ attachments: [AttachmentRecord], bundleIdentifier: String) async -> [AttachmentRecord] {
        guard !attachments.isEmpty else { return [] }
        let store = attachmentStore
        let taken = try? await runFileWork(count: attachments.count, {
            attachments.compactMap { attachment -> (kept: AttachmentRecord, original: AttachmentRecord)? in
                guard let checked = try? AttachmentValidator.revalidate(attachment),
                      let stored = try? store.importFile(checked, bundleIdentifier: bundleIdentifier) else { return nil }
                return (stored, checked)
            }
        }, discardLate: { store.deleteFiles(of: $0.map(\.kept)) })
        guard let taken else { return [] }
        store.removeOriginals(of: taken.map(\.original))
        return taken.map(\.kept)
    }

    private func runFileWork<T: Sendable>(count: Int, _ work: @escaping @Sendable () throws -> T,
                                          discardLate: @escaping @Sendable (T) -> Void) async throws -> T {
        let limit = Self.attachmentTimeLimit * Double(max(1, count)) + 1
        let late = UNError(.attachmentMoveIntoDataStoreFailed,
                           detail: "the attachment files could not be read within \(limit.formatted()) s "
                               + "(\(Self.attachmentTimeLimit.formatted()) s a file); the request was refused")
        return try await FileWork.run(timeLimit: limit, timeoutError: late, work, discardLate: discardLate)
    }
}

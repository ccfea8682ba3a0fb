import Dispatch
import Foundation
import Synchronization

/// A wall-clock bound on making one picture. The work runs on a thread of its own; past
/// `seconds` the caller gets `PreviewError.tookTooLong` and goes on — the UI's next picture
/// draws — while the work finishes on its thread (decoders cannot be stopped halfway) and its
/// result is dropped. `ImageLimits` bounds the work itself (pixels, JPEG scans), so that thread
/// ends within seconds too.
///
/// ```swift
/// let cells = try PreviewDeadline.run(seconds: 10) { try AttachmentPreviewer.render(request, limits: .unbounded) }
/// ```
enum PreviewDeadline {
    /// `work`'s result, or `tookTooLong` once `seconds` have passed.
    static func run<T: Sendable>(seconds: Double, _ work: @escaping @Sendable () throws -> T) throws -> T {
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let result = Result { try work() }
            outcome.withLock { $0 = result }
            done.signal()
        }
        thread.name = "herald-preview"
        thread.start()
        guard done.wait(timeout: .now() + seconds) == .success, let result = outcome.withLock({ $0 }) else {
            throw PreviewError.tookTooLong(seconds: seconds)
        }
        return try result.get()
    }
}

import Dispatch
import Foundation
@testable import HeraldPreview
import Testing

/// Making a picture has a wall-clock bound: past it the caller is told why and goes on, and the
/// work's late result is dropped.
@Suite struct PreviewDeadlineTests {
    @Test func workPastItsTimeIsGivenUpAndTheCallerGoesOn() throws {
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        // Work that cannot end before it is released: only the deadline can return.
        #expect(throws: PreviewError.tookTooLong(seconds: 0.2)) {
            try PreviewDeadline.run(seconds: 0.2) { () -> Int in
                release.wait()
                finished.signal()
                return 1
            }
        }
        #expect(PreviewError.tookTooLong(seconds: 10).description
                == "the picture took longer than 10 s to make; previews stop there")
        // The next picture is made at once; the one given up still ends on its own thread.
        #expect(try PreviewDeadline.run(seconds: 60) { 2 } == 2)
        release.signal()
        finished.wait()
    }

    @Test func errorsComeBackAsThrown() {
        #expect(throws: PreviewError.notAnImage) { try PreviewDeadline.run(seconds: 60) { () -> Int in throw PreviewError.notAnImage } }
    }
}

import Foundation
import Testing
import HeraldCore

/// Errors a person sees are sentences, never `UNError(code: …)` dumps.
@Suite struct ErrorSentenceTests {
    @Test func aUNErrorInterpolatesAsItsSentence() {
        let error = UNError(.badgeInputInvalid, detail: "badge count is -1; it must be 0 or more")
        #expect("\(error)" == "Invalid badge count: badge count is -1; it must be 0 or more")
        #expect(ErrorSentence.describe(error) == "\(error)")
        #expect(!"\(error)".contains("UNError("))
    }

    @Test func engineErrorsKeepTheirSentence() {
        let error = EngineError.invalidRequest(field: "identifier", reason: "must not be empty")
        #expect(ErrorSentence.describe(error) == "identifier must not be empty")
    }

    @Test func fileErrorsSayWhatHappenedWithoutTheDomainDump() throws {
        do {
            _ = try FileManager.default.contentsOfDirectory(atPath: "/no/such/herald/place")
            Issue.record("expected an error")
        } catch {
            let sentence = ErrorSentence.describe(error)
            #expect(!sentence.contains("NSCocoaErrorDomain"), "\(sentence)")
            #expect(!sentence.isEmpty)
        }
    }

    @Test func posixErrorsAreTheirStrerrorText() {
        #expect(ErrorSentence.describe(POSIXError(.ENOENT)) == "No such file or directory")
    }
}

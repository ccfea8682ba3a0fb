import HeraldCore
import Testing

/// Identifiers in one spelling, NFC, compared byte for byte (Swift's `==` calls both spellings
/// equal, so it cannot check this).
@Suite struct CanonicalIdentifierTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func decomposedBecomesComposedAndASCIIStaysAsItIs() {
        #expect(Self.bytes(CanonicalIdentifier.form("cafe\u{301}")) == Self.bytes("caf\u{E9}"))
        #expect(Self.bytes(CanonicalIdentifier.form("caf\u{E9}")) == Self.bytes("caf\u{E9}"))
        #expect(CanonicalIdentifier.form("com.example.tea") == "com.example.tea")
        #expect(CanonicalIdentifier.isCanonical("caf\u{E9}") && !CanonicalIdentifier.isCanonical("cafe\u{301}"))
    }

    @Test func aRequestAndItsCategoryPutEveryIdentifierInOneForm() {
        var content = ContentRecord(title: "T\u{301}itle stays as written", categoryIdentifier: "cate\u{301}gorie",
                                    threadIdentifier: "the\u{300}me")
        content.targetContentIdentifier = "cible\u{301}"
        let request = RequestRecord(identifier: "re\u{301}union", content: content).withCanonicalIdentifiers()
        #expect(Self.bytes(request.identifier) == Self.bytes("r\u{E9}union"))
        #expect(Self.bytes(request.content.categoryIdentifier) == Self.bytes("cat\u{E9}gorie"))
        #expect(Self.bytes(request.content.threadIdentifier) == Self.bytes("th\u{E8}me"))
        #expect(Self.bytes(request.content.targetContentIdentifier ?? "") == Self.bytes("cibl\u{E9}"))
        #expect(Self.bytes(request.content.title) == Self.bytes("T\u{301}itle stays as written"))

        let category = CategoryRecord(identifier: "cate\u{301}gorie", actions: [ActionRecord(identifier: "re\u{301}pondre", title: "Reply")])
            .withCanonicalIdentifiers()
        #expect(Self.bytes(category.identifier) == Self.bytes("cat\u{E9}gorie"))
        #expect(category.actions.map { Self.bytes($0.identifier) } == [Self.bytes("r\u{E9}pondre")])
        #expect(Self.bytes(ResponseAction.action("re\u{301}pondre").withCanonicalIdentifiers().actionIdentifier)
                == Self.bytes("r\u{E9}pondre"))
    }
}

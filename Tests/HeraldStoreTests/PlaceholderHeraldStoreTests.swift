import Testing

@Suite struct HeraldStoreTestsPlaceholder {
    @Test func packageBuilds() { #expect(Bool(true)) }
}

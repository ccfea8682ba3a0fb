import Testing

@Suite struct HeraldUITestsPlaceholder {
    @Test func packageBuilds() { #expect(Bool(true)) }
}

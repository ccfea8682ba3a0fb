import Testing

@Suite struct EndToEndTestsPlaceholder {
    @Test func packageBuilds() { #expect(Bool(true)) }
}

import Testing

@Suite struct DelegateShapesTestsPlaceholder {
    @Test func packageBuilds() { #expect(Bool(true)) }
}

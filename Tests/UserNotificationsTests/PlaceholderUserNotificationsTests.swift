import Testing

@Suite struct UserNotificationsTestsPlaceholder {
    @Test func packageBuilds() { #expect(Bool(true)) }
}

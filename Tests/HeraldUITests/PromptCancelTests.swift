import Foundation
import HeraldCore
import Testing
import TestSupport
@testable import HeraldUI

/// Permission prompts in the UI are center events: `.promptRequested` opens the modal,
/// `.promptWithdrawn` (answered elsewhere, or the app went away) closes it.
@Suite struct PromptCancelTests {
    @Test func aWithdrawnPromptClosesOnlyThatPrompt() {
        var model = AppModel(config: Fixtures.config)
        _ = model.update(.promptRequested(id: 1, app: Fixtures.calendar, options: [.alert]))
        _ = model.update(.promptRequested(id: 2, app: Fixtures.messages, options: [.badge]))
        _ = model.update(.event(.promptWithdrawn(promptID: 1, outcome: .allowed)))
        #expect(model.prompts.map(\.id) == [2])
        _ = model.update(.event(.promptWithdrawn(promptID: 9, outcome: .notAnswered)))
        #expect(model.prompts.map(\.id) == [2])
    }

    @Test func aPromptSentAgainIsShownOnce() {
        var model = AppModel(config: Fixtures.config)
        _ = model.update(.promptRequested(id: 1, app: Fixtures.calendar, options: [.alert]))
        _ = model.update(.promptRequested(id: 1, app: Fixtures.calendar, options: [.alert]))
        #expect(model.prompts.map(\.id) == [1])
    }

    @Test func answeringSendsAnswerPromptToTheCenter() {
        var model = AppModel(config: Fixtures.config)
        _ = model.update(.promptRequested(id: 4, app: Fixtures.calendar, options: [.alert]))
        #expect(model.update(.key(.char("n"))) == [.answerPrompt(id: 4, allowed: false)])
        #expect(model.prompts.isEmpty)
    }

    @Test func aLostConnectionTakesThePromptsDownUntilTheCenterSendsThemAgain() {
        var model = AppModel(config: Fixtures.config)
        _ = model.update(.promptRequested(id: 3, app: Fixtures.calendar, options: [.alert]))
        _ = model.update(.connectionLost(reason: "gone"))
        #expect(model.prompts.isEmpty)
        _ = model.update(.reconnected)
        _ = model.update(.promptRequested(id: 3, app: Fixtures.calendar, options: [.alert]))
        #expect(model.prompts.map(\.id) == [3])
    }
}

import Foundation
import HeraldCore
import Testing
import TestSupport
@testable import HeraldUI

/// Withdrawing a permission prompt (another UI answered it, or the app went away).
@Suite struct PromptCancelTests {
    @Test func cancellingThePromptTaskClosesTheModalUnanswered() async {
        let h = Harness()
        h.program.start()
        h.prompter.attach { [inbox = h.inbox] in inbox.send($0) }
        let prompter = h.prompter
        let asking = Task { await prompter.promptOutcome(app: Fixtures.messages, options: [.alert]) }
        for _ in 0..<1000 where h.program.model.prompts.isEmpty {
            await Task.yield()
            h.program.step()
        }
        #expect(h.program.model.prompts.count == 1)
        asking.cancel()
        #expect(await asking.value == .notAnswered)
        for _ in 0..<1000 where !h.program.model.prompts.isEmpty {
            await Task.yield()
            h.program.step()
        }
        #expect(h.program.model.prompts.isEmpty)
        #expect(prompter.waitingCount == 0)
    }

    @Test func aPromptCancelledBeforeTheUIAttachedIsNeverShown() async {
        let prompter = UIPrompter()
        let asking = Task { await prompter.promptOutcome(app: Fixtures.calendar, options: [.alert]) }
        while prompter.waitingCount == 0 { await Task.yield() }
        asking.cancel()
        #expect(await asking.value == .notAnswered)
        let inbox = MessageQueue()
        prompter.attach { inbox.send($0) }
        #expect(inbox.drain().isEmpty)
    }

    @Test func detachingEndsPromptsUnanswered() async {
        let prompter = UIPrompter()
        let asking = Task { await prompter.promptOutcome(app: Fixtures.calendar, options: [.alert]) }
        while prompter.waitingCount == 0 { await Task.yield() }
        prompter.detach()
        #expect(await asking.value == .notAnswered)
    }

    @Test func promptCancelledRemovesOnlyThatPrompt() {
        var model = AppModel(config: Fixtures.config)
        _ = model.update(.promptRequested(id: 1, app: Fixtures.calendar, options: [.alert]))
        _ = model.update(.promptRequested(id: 2, app: Fixtures.messages, options: [.badge]))
        _ = model.update(.promptCancelled(id: 1))
        #expect(model.prompts.map(\.id) == [2])
        _ = model.update(.promptCancelled(id: 9))
        #expect(model.prompts.map(\.id) == [2])
    }
}

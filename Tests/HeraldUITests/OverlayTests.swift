import Foundation
import HeraldCore
import TerminalKit
import Testing
@testable import HeraldUI

@Suite struct PermissionPromptTests {
    func prompted() -> AppModel {
        var model = Fixtures.model()
        _ = model.update(.promptRequested(id: 7, app: AppRecord(bundleIdentifier: "com.example.messages", displayName: "Messages"),
                                          options: [.alert, .sound, .badge]))
        return model
    }

    @Test func yAllows() {
        var model = prompted()
        #expect(model.update(.key(.char("y"))) == [.answerPrompt(id: 7, allowed: true)])
        #expect(model.prompts.isEmpty)
    }

    @Test func nDenies() {
        var model = prompted()
        #expect(model.update(.key(.char("n"))).first == .answerPrompt(id: 7, allowed: false))
    }

    @Test func arrowsAndEnter() {
        var model = prompted()
        #expect(model.prompts[0].allowSelected)
        _ = model.update(.key(.left))
        #expect(!model.prompts[0].allowSelected)
        #expect(model.update(.key(.enter)).first == .answerPrompt(id: 7, allowed: false))
        model = prompted()
        _ = model.send(.key(.left), .key(.right))
        #expect(model.update(.key(.enter)).first == .answerPrompt(id: 7, allowed: true))
    }

    @Test func promptIsModal() {
        var model = prompted()
        #expect(model.update(.key(.char("q"))).isEmpty)
        #expect(model.update(.key(.char("d"))).isEmpty)
        #expect(model.history.count == 6)
    }

    @Test func promptsQueue() {
        var model = prompted()
        _ = model.update(.promptRequested(id: 8, app: AppRecord(bundleIdentifier: "b"), options: [.alert]))
        _ = model.update(.key(.char("y")))
        #expect(model.prompts.map(\.id) == [8])
    }

    @Test func describesTheOptions() {
        #expect(prompted().prompts[0].optionsDescription == "Alerts, Sounds, Badges")
    }

    @Test func clickOnAllow() {
        var model = prompted()
        let (_, _, allow) = PermissionPrompt(state: model.prompts[0]).layout(in: Rect(width: 80, height: 24))
        #expect(model.update(.mouse(MouseEvent(x: allow.x + 1, y: allow.y))).first == .answerPrompt(id: 7, allowed: true))
    }
}

@Suite struct SettingsTests {
    @Test func changesApplyAtOnce() {
        var model = Fixtures.model()
        _ = model.update(.key(.char("s")))
        var effects = model.update(.key(.enter))   // Allow Notifications off
        var expected = Fixtures.messages.settings
        expected.allowNotifications = false
        #expect(effects == [.updateSettings(expected, bundleIdentifier: "com.example.messages")])
        _ = model.update(.key(.char("j")))
        effects = model.update(.key(.right))   // banner → alert
        expected.alertStyle = .alert
        #expect(effects == [.updateSettings(expected, bundleIdentifier: "com.example.messages")])
        _ = model.update(.key(.right))   // alert → none
        #expect(model.app("com.example.messages")?.settings.alertStyle == UNAlertStyle.none)
        _ = model.update(.key(.left))
        #expect(model.app("com.example.messages")?.settings.alertStyle == .alert)
    }

    @Test func everyRowToggles() {
        var model = Fixtures.model()
        _ = model.update(.key(.char("s")))
        for row in 0..<SettingsState.Row.allCases.count {
            if row > 0 { _ = model.update(.key(.down)) }
            #expect(model.update(.key(.char(" "))).count == 1)
        }
        let settings = model.app("com.example.messages")!.settings
        #expect(!settings.allowNotifications && !settings.sounds && !settings.badges && !settings.showInHistory)
        #expect(settings.alertStyle == .alert)
        #expect(settings.showPreviews == .whenAuthenticated)
        #expect(!settings.timeSensitive && settings.criticalAlerts && settings.scheduledDelivery)
        #expect(model.overlay == .focus(FocusScreenState()))   // the last row opens the Focus screen
        _ = model.update(.key(.escape))
        #expect(model.overlay == nil)
    }
}

@Suite struct LockTests {
    func lockedModel(previews: UNShowPreviewsSetting) -> AppModel {
        var messages = Fixtures.messages
        messages.settings.showPreviews = previews
        var model = Fixtures.model(apps: [messages, Fixtures.calendar])
        _ = model.update(.key(.char(":")))
        model.type("lock")
        _ = model.update(.key(.enter))
        return model
    }

    @Test func previewsHiddenWhenLockedWithPlaceholderCount() {
        let model = lockedModel(previews: .whenAuthenticated)
        #expect(model.isLocked)
        let visible = model.visibleContent(of: model.history[0])   // Alice thread: 3 messages
        #expect(visible == VisibleContent(title: "Alice", subtitle: "", body: "3 new messages", isHidden: true))
        // The calendar always shows previews.
        #expect(!model.visibleContent(of: model.history[1]).isHidden)
    }

    @Test func unlockShowsPreviewsAgain() {
        var model = lockedModel(previews: .whenAuthenticated)
        _ = model.update(.key(.char(":")))
        model.type("unlock")
        _ = model.update(.key(.enter))
        #expect(!model.visibleContent(of: model.history[0]).isHidden)
    }

    @Test func neverHidesEvenUnlockedAndWithoutPlaceholderSaysNotification() {
        var calendar = Fixtures.calendar
        calendar.settings.showPreviews = .never
        let model = Fixtures.model(apps: [Fixtures.messages, calendar])
        let visible = model.visibleContent(of: model.history[1])
        #expect(visible == VisibleContent(title: "", subtitle: "", body: "Notification", isHidden: true))
    }

    @Test func alwaysShowsWhileLocked() {
        let model = lockedModel(previews: .always)
        #expect(!model.visibleContent(of: model.history[0]).isHidden)
    }

    @Test func authenticationRequiredActionAsksToUnlockFirst() {
        var model = lockedModel(previews: .always)
        #expect(model.update(.key(.char("3"))).isEmpty)
        guard case .confirm(let state)? = model.overlay else { Issue.record("no unlock question"); return }
        #expect(state.message.contains("requires unlocking"))
        #expect(model.update(.key(.char("y"))) == [.respond(deliveryID: 6, action: .action("DELETE"))])
        #expect(!model.isLocked)
    }

    @Test func authenticationRequiredActionRunsAtOnceWhenUnlocked() {
        var model = Fixtures.model()
        #expect(model.update(.key(.char("3"))) == [.respond(deliveryID: 6, action: .action("DELETE"))])
    }

    @Test func declineUnlockDoesNothing() {
        var model = lockedModel(previews: .always)
        _ = model.update(.key(.char("3")))
        #expect(model.update(.key(.escape)).isEmpty)
        #expect(model.isLocked)
    }

    @Test func summaryHidesNamesWhenPreviewsAreHidden() {
        let model = lockedModel(previews: .whenAuthenticated)
        #expect(model.summaryText(of: model.listRows[0]) == "+2 more")
    }
}

@Suite struct CommandTests {
    func run(_ line: String, on model: inout AppModel) -> [Effect] {
        _ = model.update(.key(.char(":")))
        model.type(line)
        return model.update(.key(.enter))
    }

    @Test func dnd() {
        var model = Fixtures.model()
        #expect(run("dnd on", on: &model) == [.setDoNotDisturb(true)])
        #expect(!model.doNotDisturb)   // not before the center confirms
        _ = model.update(.doNotDisturbLoaded(true))
        #expect(model.doNotDisturb)
        #expect(run("dnd off", on: &model) == [.setDoNotDisturb(false)])
        #expect(run("dnd maybe", on: &model).isEmpty)
        #expect(model.status?.isError == true)
    }

    @Test func muteUnmute() {
        var model = Fixtures.model()
        _ = run("mute", on: &model)
        #expect(model.isMuted)
        _ = run("unmute", on: &model)
        #expect(!model.isMuted)
    }

    @Test func quitHelpAndLog() {
        var model = Fixtures.model()
        _ = run("help", on: &model)
        #expect(model.overlay == .help(scroll: 0))
        _ = model.update(.key(.escape))
        _ = run("log", on: &model)
        #expect(model.showLog)
        #expect(run("quit", on: &model) == [.quit])
    }

    @Test func unknownCommandsGoToTheHost() {
        var model = Fixtures.model()
        #expect(run("invite Bob", on: &model) == [.runCommand("invite Bob")])
        _ = model.update(.commandResult("Invited Bob"))
        #expect(model.status?.text == "Invited Bob")
    }

    @Test func logLinesAreSanitizedAndBounded() {
        var model = Fixtures.model()
        _ = model.update(.log("didReceive \u{1B}[31mACCEPT\nsecond"))
        #expect(model.logLines == ["didReceive ACCEPT", "second"])
        for i in 0..<600 { _ = model.update(.log("line \(i)")) }
        #expect(model.logLines.count == model.config.logLimit)
    }

    @Test func escInCommandLineCancels() {
        var model = Fixtures.model()
        _ = model.update(.key(.char(":")))
        model.type("lock")
        _ = model.update(.key(.escape))
        #expect(!model.isLocked)
    }
}

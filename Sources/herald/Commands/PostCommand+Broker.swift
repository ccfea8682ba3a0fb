import HeraldBroker
import HeraldClient
import HeraldCore
import HeraldWire
import TerminalKit

extension PostCommand {
    /// `herald post --broker`: publishes the post (with the attachments' bytes) and, with
    /// `--wait`, prints the first answer that names an action the notification offered; answers
    /// naming others are ignored and said on standard error.
    static func postThroughBroker(_ plan: Plan, broker: BrokerSettings, context: CommandContext) async throws -> Int32 {
        let request = RequestRecord(identifier: plan.identifier, content: plan.content, trigger: plan.trigger)
        let publisher = try await BrokerPublisher.connect(settings: broker,
                                                          sender: try BrokerOptions.device(CenterLocation(context)))
        defer { publisher.close() }
        if plan.wait {
            try publisher.expectAnswer(bundleIdentifier: plan.app, identifier: plan.identifier,
                                       actions: plan.category?.actions ?? [])
        }
        do {
            try await publisher.post(PostParams(bundleIdentifier: plan.app, request: request, category: plan.category),
                                     attachmentPaths: plan.attachments)
        } catch BrokerError.invalid(let reason) where reason.hasPrefix("--attach") {
            throw UsageError(reason)
        }
        let response = plan.wait ? await publisher.answer(timeout: plan.timeout) : nil
        let refused = publisher.refusedAnswers
        for line in refused.first { printError("herald post: ignored an answer \(TerminalText.sanitize(line))") }
        if refused.count > refused.first.count {
            printError("herald post: ignored \(refused.count - refused.first.count) more answers naming actions not offered")
        }
        return finish(plan, response: response)
    }
}

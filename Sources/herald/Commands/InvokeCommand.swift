import HeraldClient
import HeraldCore
import HeraldWire
import TerminalKit

/// `herald invoke`: answers a notification as if its button was pressed, as `dunstctl action`
/// and `makoctl invoke` do — the app gets the response.
enum InvokeCommand: SynchronousCommand {
    static let name = "invoke"
    static let summary = "answer a notification as if pressed: open it, an action, or a reply"
    static let help = """
    Usage: herald invoke ID [ACTION] [--reply TEXT]

    Answers notification ID (the number `herald history` and `herald status --json` show) as
    if the user pressed it — from its banner or from history alike. The app gets the response
    as from the UI: `herald post --wait` prints it, a D-Bus sender gets ActionInvoked (or
    NotificationReplied), a Swift app's delegate gets didReceive, a sender through a broker
    gets it back. The notification leaves the list, marked read.

    Without ACTION it is opened (the default action, `@DEFAULT`; `default` says the same). ACTION
    is an action identifier of the notification's buttons. --reply TEXT answers with typed text,
    through ACTION or, without one, through the notification's reply action.

    Options:
      --reply TEXT   Reply with TEXT (a text-input action).

    Exit status: 0 answered, 3 no notification has the ID, or it has no such action (standard
    error lists the ones it has), or it takes no reply, 2 usage error, 1 other errors.

    Examples:
      herald invoke 42                      # open it
      herald invoke 42 approve
      herald invoke 42 --reply "on my way"
    """

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        try runSynchronously(&arguments, context: context) ?? ExitStatus.failure
    }

    static func runSynchronously(_ arguments: inout Arguments, context: CommandContext) throws -> Int32? {
        let reply = try arguments.option("--reply")
        let values = try arguments.positionals()
        guard (1...2).contains(values.count) else { throw UsageError("give a notification id, and at most one action") }
        let id = try NotificationID.parse(values[0])
        let client = try CenterLocation(context).connectBlocking(role: .cli, client: "herald invoke")
        defer { client.close() }
        let record = try NotificationID.notification(id, client: client)
        let categoryID = record.content.categoryIdentifier
        let actions = categoryID.isEmpty ? []
            : try client.call(Methods.categories, AppParams(bundleIdentifier: record.bundleIdentifier))
                .first { $0.identifier == categoryID }?.actions ?? []
        let action = try response(id: id, action: values.count == 2 ? values[1] : nil, reply: reply, actions: actions)
        _ = try client.call(Methods.respond, RespondParams(deliveryID: id, action: action))
        return ExitStatus.success
    }

    /// The response the arguments ask for, checked against the notification's actions.
    static func response(id: Int64, action name: String?, reply: String?, actions: [ActionRecord]) throws -> ResponseAction {
        guard let name else {
            guard let reply else { return .open }
            guard let input = actions.first(where: { $0.textInput != nil }) else {
                throw CommandError("notification \(id) takes no reply\(listing(actions))", status: ExitStatus.notFound)
            }
            return .reply(actionIdentifier: input.identifier, text: reply)
        }
        guard let action = actions.first(where: { $0.identifier == name }) else {
            if name == "default" && reply == nil { return .open }   // the freedesktop name of opening
            throw CommandError("notification \(id) has no action '\(TerminalText.sanitize(name))'\(listing(actions))",
                               status: ExitStatus.notFound)
        }
        switch (action.textInput, reply) {
        case (nil, nil): return .action(name)
        case (nil, _?): throw CommandError("action '\(TerminalText.sanitize(name))' of notification \(id) takes no reply",
                                           status: ExitStatus.notFound)
        case (_?, let text?): return .reply(actionIdentifier: name, text: text)
        case (_?, nil): throw UsageError("action '\(TerminalText.sanitize(name))' is a reply: give --reply TEXT")
        }
    }

    /// "; its actions: approve (Approve), comment (Comment, takes --reply)", or that it has none.
    static func listing(_ actions: [ActionRecord]) -> String {
        guard !actions.isEmpty else { return "; it has no actions (invoke it without one to open it)" }
        let names = actions.map { action in
            "\(TerminalText.sanitize(action.identifier)) (\(TerminalText.sanitize(action.title))"
                + (action.textInput == nil ? ")" : ", takes --reply)")
        }
        return "; its actions: " + names.joined(separator: ", ")
    }
}

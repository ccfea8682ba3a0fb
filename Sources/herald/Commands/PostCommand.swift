import Foundation
import HeraldBroker
import HeraldClient
import HeraldCore
import HeraldWire
import TerminalKit

/// `herald post`: posts a notification from a script, optionally waiting for the answer.
enum PostCommand: SynchronousCommand {
    static let name = "post"
    static let summary = "post a notification from a script (and wait for the answer)"
    static let help = """
    Usage: herald post --title T [--subtitle S] [--body B] [--app ID | --new-app ID] [--id ID] [--thread T]
                       [--action ID:TITLE[:foreground,destructive,auth]]...
                       [--reply ID:TITLE[:BUTTON[:PLACEHOLDER]]] [--attach FILE]... [--sound [NAME|none]]
                       [--badge N] [--level passive|active|time-sensitive|critical] [--info KEY=VALUE]...
                       [--in SECONDS | --at TIME] [--repeat] [--wait [--timeout SECONDS]] [--json]
                       [--broker URL [--broker-password-file FILE] [--broker-ca FILE] ...]

    Posts a notification to the running center (starting it when needed) and prints the request
    identifier. The app it comes from is --app (one the center knows), --new-app (made when
    new), else $HERALD_APP, else the calling script's file name (`deploy.sh`, however it is
    started: directly, under bash, timeout, make or cron), else the calling program (`make`,
    an interactive shell's name). Apps first seen through `herald post` or `herald push` are
    authorized without a prompt; `herald app APP --deny` revokes that.

    Options:
      --title, --subtitle, --body   the text
      --app ID         post as this app; it must exist (see `herald apps`), so a typo is refused
      --new-app ID     post as this app, making it when the center does not know it yet
      --id ID          the request identifier (default: a new UUID); posting the same ID again
                       replaces the earlier notification
      --thread T       thread identifier (notifications of one thread are grouped)
      --action ID:TITLE[:OPTIONS]   an action button; OPTIONS is a comma-separated list of
                       foreground, destructive, auth
      --reply ID:TITLE[:BUTTON[:PLACEHOLDER]]   a text-reply action
      --attach FILE    an image, sound or movie file (copied; your file is left alone); not a
                       directory, device or pipe
      --sound [NAME|none]   the default sound (also without --sound), a named one, or none
      --badge N        set the app's badge (0 clears it)
      --level L        interruption level: passive, active (default), time-sensitive, critical
                       (critical breaks through do-not-disturb and Focus while the app's
                       Critical Alerts setting is on, as it is unless turned off)
      --info KEY=VALUE   a userInfo entry (a string)
      --in SECONDS     deliver after SECONDS (with --repeat: every SECONDS, at least 60)
      --at TIME        deliver at HH:MM[:SS] (the next one; with --repeat: every day) or at
                       YYYY-MM-DD HH:MM[:SS] (local time) or an ISO 8601 date; a date that has
                       passed is refused (a calendar trigger never fires for it)
      --wait           wait for the user's answer and print one line instead of the identifier:
                       the action identifier, the typed text of a reply, @DEFAULT (opened),
                       @DISMISSED, or @TIMEOUT
      --timeout SECONDS   give up waiting after SECONDS (prints @TIMEOUT, exit status 4)
      --json           print one JSON object instead (identifier, app, actionIdentifier as Apple
                       spells it, activationType, userText, deliveredAt, respondedAt)

    Exit status: 0 posted (or answered), 1 other errors, 2 usage error, 3 --app names no app the
    center knows, 4 timed out, 5 the app's notifications are off (denied or turned off in its
    settings: nothing is shown or kept; a sentence on standard error says how to allow them).

    Through an MQTT broker (no local daemon needed): every `herald daemon --broker` on the same
    prefix shows the notification (registering the app when it is new there: 3 and 5 are local
    only); with --wait the first answer from any of them is printed, exactly as above, once it
    names an action the notification offered (others are ignored, and said on standard error).
    --attach sends the file's bytes (a post is at most 8 MiB with them, in base64). Broker options:
    \(BrokerOptions.help)

    Examples:
      herald post --title "Build finished" --body "all tests passed"
      herald post --title Deploy? --action yes:Deploy:destructive --action no:Cancel --wait
      answer=$(herald post --title "Commit message?" --reply msg:Reply:Send:"type here" --wait --timeout 60)
      herald post --new-app com.example.tea --title Tea --body "Steeped" --in 180 --sound none
      herald post --title Stand-up --at 09:55 --repeat --level time-sensitive
      HERALD_BROKER_PASSWORD=… herald post --broker mqtts://ci@broker.example.org --title "Deploy?" \\
          --action yes:Deploy --action no:Cancel --wait
    """

    /// What the command line asks to post, checked; nothing is done yet.
    struct Plan {
        var caller: CallingApp
        var identifier: String
        var content: ContentRecord
        var trigger: TriggerRecord?
        var category: CategoryRecord?
        /// The files to attach (copied when posting).
        var attachments: [String]
        var wait: Bool
        var timeout: TimeInterval?
        var json: Bool
        var broker: BrokerSettings?

        var app: String { caller.name }
    }

    static func runSynchronously(_ arguments: inout Arguments, context: CommandContext) throws -> Int32? {
        // Through a broker: `run`, on Swift concurrency (the MQTT client's callbacks).
        if arguments.remaining.contains("--broker") { return nil }
        return try postLocally(try plan(&arguments), context: context)
    }

    static func run(_ arguments: inout Arguments, context: CommandContext) async throws -> Int32 {
        let plan = try plan(&arguments)
        guard let broker = plan.broker else { return try postLocally(plan, context: context) }
        return try await postThroughBroker(plan, broker: broker, context: context)
    }

    /// Reads and checks the arguments.
    static func plan(_ arguments: inout Arguments) throws -> Plan {
        arguments = Arguments(try normalizeSound(arguments.remaining))
        let caller = try CallingApp.resolve(&arguments)
        let identifier = try arguments.option("--id") ?? RequestIdentifier.make()
        guard !identifier.isEmpty else { throw UsageError("--id must not be empty") }
        var content = ContentRecord()
        guard let title = try arguments.option("--title") else { throw UsageError("--title is required") }
        content.title = title
        content.subtitle = try arguments.option("--subtitle") ?? ""
        content.body = try arguments.option("--body") ?? ""
        content.threadIdentifier = try arguments.option("--thread") ?? ""
        content.badge = try arguments.intOption("--badge", in: 0...Int(Int32.max))
        content.sound = try sound(arguments.option("--sound"))
        if let level = try arguments.option("--level") { content.interruptionLevel = try interruptionLevel(level) }
        for entry in try arguments.options("--info") {
            guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else {
                throw UsageError("--info must be KEY=VALUE, not '\(entry)'")
            }
            content.userInfo[String(entry[..<equals])] = .string(String(entry[entry.index(after: equals)...]))
        }
        var actions = try arguments.options("--action").map(action)
        if let reply = try arguments.option("--reply") { actions.append(try replyAction(reply)) }
        // (A handful of actions: compared pairwise, without building a dictionary at every post.)
        for (index, action) in actions.enumerated() where actions[..<index].contains(where: { $0.identifier == action.identifier }) {
            throw UsageError("two actions have the identifier '\(action.identifier)'")
        }
        let attachments = try arguments.options("--attach")
        let delay = try arguments.secondsOption("--in")
        let at = try arguments.option("--at")
        let repeats = arguments.flag("--repeat")
        let wait = arguments.flag("--wait")
        let timeout = try arguments.secondsOption("--timeout")
        let json = arguments.flag("--json")
        let broker = try BrokerOptions.parse(&arguments)
        try arguments.finish()

        if timeout != nil && !wait { throw UsageError("--timeout needs --wait") }
        if let timeout, timeout > WaitParams.maximumTimeout { throw timeoutOverLimit(timeout) }
        let trigger = try makeTrigger(delay: delay, at: at, repeats: repeats)
        var category: CategoryRecord?
        if !actions.isEmpty || wait {
            let posted = PostCategory.make(actions: actions)
            content.categoryIdentifier = posted.identifier
            category = posted
        }
        return Plan(caller: caller, identifier: identifier, content: content, trigger: trigger, category: category,
                    attachments: attachments, wait: wait, timeout: timeout, json: json, broker: broker)
    }

    /// The refusal of a `--timeout` over the limit. A function of its own, never inlined: where
    /// it is written inline, `plan` makes the metadata of the number's format style at every
    /// post, before any argument is read.
    @inline(never)
    static func timeoutOverLimit(_ timeout: TimeInterval) -> UsageError {
        UsageError("--timeout is \(timeout.formatted()) seconds; the limit is \(Int(WaitParams.maximumTimeout)) "
            + "(365 days); leave it out to wait until the notification is answered")
    }

    /// Posts to the local daemon (starting it when needed) from this thread: the hello and the
    /// post go out in one write, and the answer is read with a blocking read.
    static func postLocally(_ plan: Plan, context: CommandContext) throws -> Int32 {
        var content = plan.content
        // Copies the center did not take (it moves them into its store) go, whatever happens.
        defer { for attachment in content.attachments { try? FileManager.default.removeItem(atPath: attachment.path) } }
        for path in plan.attachments { content.attachments.append(try copyAttachment(path)) }
        let request = RequestRecord(identifier: plan.identifier, content: content, trigger: plan.trigger)

        let client = try CenterLocation(context).connectBlocking(role: .cli, client: "herald post")
        defer { client.close() }
        let posted = try PostOutcome.check {
            try client.call(Methods.post, PostParams(bundleIdentifier: plan.app, request: request, category: plan.category,
                                                     requireKnownApp: plan.caller.mustBeKnown ? true : nil))
        }
        if let warning = posted.warning { printError("herald post: warning: \(warning)") }
        let response = plan.wait
            ? try client.call(Methods.wait, WaitParams(bundleIdentifier: plan.app, identifier: plan.identifier,
                                                       since: posted.date, timeout: plan.timeout)).response
            : nil
        return finish(plan, response: response)
    }

    /// Prints the outcome (the identifier, or the answer `--wait` got); returns the exit status.
    static func finish(_ plan: Plan, response: ResponseRecord?) -> Int32 {
        let identifier = plan.identifier, app = plan.app
        guard plan.wait else {
            if plan.json {
                printJSON(["identifier": .string(identifier), "app": .string(app)])
            } else {
                // One `write`, without `print`'s formatting of `Any` and its locked stream.
                _ = StandardOutput.writeLine(TerminalText.sanitize(identifier))
            }
            return ExitStatus.success
        }
        guard let response else {
            if plan.json {
                printJSON(["identifier": .string(identifier), "app": .string(app), "actionIdentifier": .null,
                           "activationType": "timeout", "userText": .null, "deliveredAt": .null, "respondedAt": .null])
            } else {
                print("@TIMEOUT")
            }
            return ExitStatus.timeout
        }
        if plan.json {
            printJSON(answerObject(response, app: app))
        } else {
            print(answerLine(response.action))
        }
        return ExitStatus.success
    }

    // MARK: Output

    /// `ACTION_ID`, the reply text, `@DEFAULT` or `@DISMISSED`.
    static func answerLine(_ action: ResponseAction) -> String {
        switch action {
        case .open: return "@DEFAULT"
        case .dismiss: return "@DISMISSED"
        case .action(let identifier): return TerminalText.sanitize(identifier)
        case .reply(_, let text): return TerminalText.sanitize(text)
        }
    }

    static func answerObject(_ response: ResponseRecord, app: String) -> JSONValue {
        let activation: String
        switch response.action {
        case .open: activation = "opened"
        case .dismiss: activation = "dismissed"
        case .action: activation = "action"
        case .reply: activation = "replied"
        }
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return [
            "identifier": .string(response.notification.identifier),
            "app": .string(app),
            "actionIdentifier": .string(response.action.actionIdentifier),
            "activationType": .string(activation),
            "userText": response.action.userText.map(JSONValue.string) ?? .null,
            "deliveredAt": .string(iso.string(from: response.notification.date)),
            "respondedAt": .string(iso.string(from: response.date)),
        ]
    }

    static func printJSON(_ value: JSONValue) {
        printInertJSON((try? JSONValue.encoder.encode(value)) ?? Data())
    }

    // MARK: Parsing

    /// `--sound` may stand alone: give it the value `default` when no value follows.
    static func normalizeSound(_ arguments: [String]) throws -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            result.append(argument)
            if argument == "--sound" {
                let next = index + 1 < arguments.count ? arguments[index + 1] : nil
                if next == nil || next!.hasPrefix("--") { result.append("default") }
            }
            index += 1
        }
        return result
    }

    static func sound(_ value: String?) throws -> SoundRecord? {
        switch value {
        case nil, "default"?: return .default
        case "none"?: return nil
        case let name?: return SoundRecord(name: name)
        }
    }

    static func interruptionLevel(_ text: String) throws -> UNNotificationInterruptionLevel {
        switch text {
        case "passive": return .passive
        case "active": return .active
        case "time-sensitive", "timeSensitive": return .timeSensitive
        case "critical": return .critical
        default: throw UsageError("--level must be passive, active, time-sensitive or critical, not '\(text)'")
        }
    }

    static func action(_ text: String) throws -> ActionRecord {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw UsageError("--action must be ID:TITLE[:foreground,destructive,auth], not '\(text)'")
        }
        var options: UNNotificationActionOptions = []
        if parts.count == 3 {
            for option in parts[2].split(separator: ",") {
                switch option {
                case "foreground": options.insert(.foreground)
                case "destructive": options.insert(.destructive)
                case "auth", "authenticationRequired": options.insert(.authenticationRequired)
                default: throw UsageError("--action option must be foreground, destructive or auth, not '\(option)'")
                }
            }
        }
        return ActionRecord(identifier: parts[0], title: parts[1], options: options)
    }

    static func replyAction(_ text: String) throws -> ActionRecord {
        let parts = text.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw UsageError("--reply must be ID:TITLE[:BUTTON[:PLACEHOLDER]], not '\(text)'")
        }
        let button = parts.count > 2 && !parts[2].isEmpty ? parts[2] : "Send"
        let placeholder = parts.count > 3 ? parts[3] : ""
        return ActionRecord(identifier: parts[0], title: parts[1],
                            textInput: ActionRecord.TextInput(buttonTitle: button, placeholder: placeholder))
    }

    static func makeTrigger(delay: TimeInterval?, at: String?, repeats: Bool, now: Date = Date()) throws -> TriggerRecord? {
        if delay != nil && at != nil { throw UsageError("give --in or --at, not both") }
        if let delay {
            guard delay > 0 else { throw UsageError("--in must be more than 0 seconds") }
            if repeats && delay < 60 { throw UsageError("--in with --repeat must be at least 60 seconds (Apple's limit)") }
            return .timeInterval(seconds: delay, repeats: repeats)
        }
        if let at {
            let (components, isTimeOfDay) = try TimeSpec.parse(at)
            if repeats && !isTimeOfDay { throw UsageError("--repeat with --at needs a time of day (HH:MM), not a date") }
            let trigger = TriggerRecord.calendar(components, repeats: repeats)
            if TriggerSchedule.firstFireDate(trigger, scheduledAt: now) == nil {
                // Apple's calendar trigger has no next date for a date that has passed: it would never fire.
                throw UsageError("--at \(at) has passed; a calendar trigger never fires for a past date, "
                                     + "so give a future time, or leave --at out to post now")
            }
            return trigger
        }
        if repeats { throw UsageError("--repeat needs --in or --at") }
        return nil
    }
}

/// `--at` values: `HH:MM[:SS]`, `YYYY-MM-DD HH:MM[:SS]`, `YYYY-MM-DDTHH:MM[:SS]`, or ISO 8601
/// with a zone.
enum TimeSpec {
    static func parse(_ text: String) throws -> (CalendarComponents, isTimeOfDay: Bool) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let time = timeOfDay(trimmed) {
            return (CalendarComponents(hour: time.0, minute: time.1, second: time.2), true)
        }
        let iso = ISO8601DateFormatter()
        if let date = iso.date(from: trimmed) {
            let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            return (CalendarComponents(year: parts.year, month: parts.month, day: parts.day, hour: parts.hour,
                                       minute: parts.minute, second: parts.second), false)
        }
        let pieces = trimmed.split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
        if pieces.count == 2, let time = timeOfDay(pieces[1]) {
            let date = pieces[0].split(separator: "-").compactMap { Int($0) }
            if date.count == 3, (1...12).contains(date[1]), (1...31).contains(date[2]) {
                return (CalendarComponents(year: date[0], month: date[1], day: date[2],
                                           hour: time.0, minute: time.1, second: time.2), false)
            }
        }
        throw UsageError("--at must be HH:MM[:SS], YYYY-MM-DD HH:MM[:SS] or an ISO 8601 date, not '\(text)'")
    }

    private static func timeOfDay(_ text: String) -> (Int, Int, Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0 != nil }) else { return nil }
        let hour = parts[0]!, minute = parts[1]!, second = parts.count == 3 ? parts[2]! : 0
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        return (hour, minute, second)
    }
}

import Foundation
import HeraldCore

extension AppModel {
    /// Sends a response for `record` and takes its banner off the screen.
    mutating func respond(to record: DeliveredRecord, with action: ResponseAction) -> [Effect] {
        setReadLocally(record.deliveryID)
        if let item = banner.shown.first(where: { $0.deliveryID == record.deliveryID && !$0.isCoalesced }) {
            closeBanner(id: item.id)
        }
        guard record.deliveryID > 0 else { return [] }   // not kept: nothing to answer
        return [.respond(deliveryID: record.deliveryID, action: action)]
    }

    /// The n-th action button (1-based) of the focused notification.
    mutating func performAction(number: Int) -> [Effect] {
        guard let record = focusedRecord else { return [] }
        let actions = actions(of: record)
        guard number >= 1, number <= actions.count else {
            setStatus(actions.isEmpty ? "This notification has no actions" : "No action \(number)")
            return []
        }
        return perform(actions[number - 1], on: record)
    }

    /// Runs an action: asks to unlock first when it requires authentication while locked; a
    /// text-input action opens the input line.
    mutating func perform(_ action: ActionRecord, on record: DeliveredRecord) -> [Effect] {
        if action.options.contains(.authenticationRequired) && isLocked {
            overlay = .confirm(ConfirmState(purpose: .unlockThenAct(deliveryID: record.deliveryID, action: action),
                                            message: "“\(action.title)” requires unlocking. Unlock now?"))
            return []
        }
        if let input = action.textInput {
            overlay = .input(InputState(purpose: .reply(deliveryID: record.deliveryID, actionIdentifier: action.identifier,
                                                        placeholder: input.placeholder, buttonTitle: input.buttonTitle)))
            return []
        }
        return respond(to: record, with: .action(action.identifier))
    }

    /// `r`: the category's text-input action, if it has one.
    mutating func startReply() -> [Effect] {
        guard let record = focusedRecord else { return [] }
        guard let action = category(of: record)?.textInputAction else {
            setStatus("This notification has no reply action")
            return []
        }
        return perform(action, on: record)
    }

    /// The delivery with this id, on a banner (shown or waiting) or in the history window.
    func record(withID id: Int64) -> DeliveredRecord? {
        banner.all.first { $0.deliveryID == id }?.record ?? history.first { $0.deliveryID == id }
    }
}

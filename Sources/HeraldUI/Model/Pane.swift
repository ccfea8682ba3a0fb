/// Which pane the movement keys drive: the keyboard's place between the sidebar and the list
/// (not a Focus, the quiet modes of `AppModel+Focus.swift`).
public enum Pane: Sendable, Hashable {
    case sidebar
    case list
}

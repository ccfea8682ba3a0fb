/// Which pane the movement keys drive.
public enum Focus: Sendable, Hashable {
    case sidebar
    case list
}

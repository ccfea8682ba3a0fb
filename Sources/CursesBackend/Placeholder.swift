/// Placeholder until the terminal backend lands.
enum CursesBackendPlaceholder {}

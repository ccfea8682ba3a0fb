/// Placeholder until this module lands.
enum HeraldDemoPlaceholder {}

/// Placeholder until this module lands.
enum HeraldUIPlaceholder {}

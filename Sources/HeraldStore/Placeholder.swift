/// Placeholder until this module lands.
enum HeraldStorePlaceholder {}

/// Placeholder until this module lands.
enum HeraldIPCPlaceholder {}

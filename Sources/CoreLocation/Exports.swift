// CoreLocation re-exports Foundation, as Apple's framework does, so `import CoreLocation` alone
// is enough to use `NSObject`, `Date` and friends.
@_exported import Foundation

import Foundation
print("herald: under construction")

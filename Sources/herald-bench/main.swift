import Foundation
print("herald-bench: under construction")

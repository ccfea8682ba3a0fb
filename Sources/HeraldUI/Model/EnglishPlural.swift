/// The singular of the noun a count describes, for Apple format strings written in the plural
/// ("%u new messages" with a count of 1 reads "1 new message"). Apple's platforms do this with a
/// `.stringsdict`; a terminal has none, so the English rule is applied to the first word after
/// the count that looks plural, skipping one adjective such as "new" or "more".
enum EnglishPlural {
    /// Adjectives that may stand between the count and its noun.
    static let adjectives: Set<String> = ["new", "more", "other", "unread", "missed", "older", "newer"]

    /// `text` (what follows the count) with its noun made singular.
    static func singularizingNoun(in text: Substring) -> String {
        var words = text.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        guard words.count > 1 else { return String(text) }
        // words[0] is "" (the space after the count).
        var index = 1
        if index < words.count, adjectives.contains(words[index].lowercased()) { index += 1 }
        guard index < words.count else { return String(text) }
        words[index] = singular(words[index])
        return words.joined(separator: " ")
    }

    /// `messages` → `message`, `replies` → `reply`, `boxes` → `box`; other words unchanged.
    static func singular(_ word: String) -> String {
        let letters = word.prefix { $0.isLetter }
        let rest = word.dropFirst(letters.count)
        let lower = letters.lowercased()
        guard lower.count > 2, lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us") else { return word }
        let stem: Substring
        if lower.hasSuffix("ies") {
            stem = letters.dropLast(3) + "y"
        } else if ["sses", "xes", "ches", "shes", "zes"].contains(where: lower.hasSuffix) {
            stem = letters.dropLast(2)
        } else {
            stem = letters.dropLast()
        }
        return String(stem) + rest
    }
}

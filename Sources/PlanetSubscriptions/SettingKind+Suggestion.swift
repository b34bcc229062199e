extension SettingKind {
    /// The known setting closest to a misspelt `key` (`itemsperpage` → `items_per_page`,
    /// `titel` → `title`): the smallest Levenshtein distance, at most 2, ties broken
    /// alphabetically; nil when no known key is that close.
    static func suggestion(for key: String) -> String? {
        var best: (key: String, distance: Int)?
        for known in known.keys.sorted() {
            let distance = editDistance(Array(key), Array(known))
            if distance <= 2, distance < best?.distance ?? Int.max { best = (known, distance) }
        }
        return best?.key
    }

    /// Levenshtein distance: insertions, deletions and substitutions of one character, each 1.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}

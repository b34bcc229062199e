/// The word a mistyped command or option was probably meant to be (`biuld` → `build`,
/// `--quite` → `--quiet`), as git and cargo suggest one.
///
/// Distance is the optimal string alignment distance (Levenshtein with the swap of two
/// neighbouring characters counted as one edit, Damerau 1964): a swap is the commonest typo and
/// Levenshtein counts it as two. A word is suggested when it is at most one edit away per three
/// characters typed (at least one, at most two), so short words are not matched to anything.
enum Suggestion {
    /// The closest of `candidates` to `typed`, ties to the first in `candidates`; nil when none is
    /// close enough.
    static func closest(to typed: String, in candidates: [String]) -> String? {
        let limit = min(2, max(1, typed.count / 3))
        var best: (word: String, distance: Int)?
        for candidate in candidates where candidate != typed {
            let distance = self.distance(Array(typed), Array(candidate))
            if distance <= limit, distance < best?.distance ?? Int.max { best = (candidate, distance) }
        }
        return best?.word
    }

    /// The optimal string alignment distance between `a` and `b`: insertions, deletions,
    /// substitutions and swaps of two neighbours, each 1.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [Array(0...b.count)]
        for i in 1...a.count {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], rows[i - 2][j - 2] + 1)
                }
            }
            rows.append(row)
        }
        return rows[a.count][b.count]
    }

    /// ` (did you mean 'WORD'?)` for a message, or nothing when no word is close.
    static func hint(for typed: String, in candidates: [String]) -> String {
        closest(to: typed, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }
}

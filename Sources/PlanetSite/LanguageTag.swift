import Foundation

/// Language tags as the page prints them in `lang` (HTML Living Standard §3.2.6.2, BCP 47).
package enum LanguageTag {
    /// `tag` when it has the shape of a BCP 47 tag (RFC 5646 §2.1: a primary subtag of 2 or 3
    /// letters, then subtags of 1 to 8 letters or digits, `-` separated; `_` as written by some
    /// feeds is read as `-`), else nil: a feed's "English" or "en_US.UTF-8" never reaches `lang`.
    package static func normalized(_ tag: String?) -> String? {
        guard let tag else { return nil }
        let text = tag.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "-")
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = subtags.first, (2...3).contains(primary.count),
            primary.allSatisfy({ $0.isASCII && $0.isLetter }),
            subtags.dropFirst().allSatisfy({
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            })
        else { return nil }
        return text
    }

    /// Primary languages written right to left by default (their usual script is Arabic,
    /// Hebrew, Thaana, Syriac or N'Ko; Unicode CLDR `characterOrder`).
    private static let rightToLeft: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ku",
        "nqo", "ps", "sd", "syr", "ug", "ur", "yi", "ji"
    ]
    /// Scripts written right to left (ISO 15924), for a tag that names its script (`az-Arab`).
    private static let rightToLeftScripts: Set<String> = ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg"]
    /// Scripts written left to right that override an RTL primary language (`ku-Latn`).
    private static let leftToRightScripts: Set<String> = ["latn", "cyrl"]

    /// The direction of a normalized tag's script: "rtl" for the languages and scripts above,
    /// else "auto" (HTML: the first strong character decides), so that a mislabelled post still
    /// reads the right way.
    static func direction(_ tag: String?) -> String {
        guard let tag else { return "auto" }
        let subtags = tag.lowercased().split(separator: "-")
        if let script = subtags.dropFirst().first(where: { $0.count == 4 }).map(String.init) {
            if rightToLeftScripts.contains(script) { return "rtl" }
            if leftToRightScripts.contains(script) { return "auto" }
        }
        return subtags.first.map { rightToLeft.contains(String($0)) } == true ? "rtl" : "auto"
    }
}

import Foundation

/// The setting `locale`: the BCP 47 tag (RFC 5646) of the language and region whose words and
/// order the page's dates are written in (`de-DE`, `ja-JP`, `ar-EG`; `ar-EG-u-nu-latn` for
/// Latin digits, `ja-JP-u-ca-japanese` for the Japanese calendar: Unicode extensions of
/// UTS #35 §3.6).
///
/// A tag is accepted when it is well-formed and ICU (Foundation's locale data) has data for its
/// language; a script or region it names must be an ISO 15924 script or ISO 3166 / UN M.49
/// region. ICU itself would take any tag and quietly fall back to its root locale, so a typing
/// error such as `de-DR` or `ger` is an error here instead of English dates.
package enum PlanetLocale {
    /// The canonical BCP 47 form of an accepted tag (`EN-us` → `en-US`); nil when `problem(with:)`
    /// has one.
    package static func canonical(_ tag: String) -> String? {
        problem(with: tag) == nil ? Locale.identifier(.bcp47, from: tag) : nil
    }

    /// What is wrong with `tag`, in words for feeds.txt's message ("'locale' must be …, not 'x'");
    /// nil when it is fine.
    package static func problem(with tag: String) -> String? {
        let example = "a BCP 47 locale such as 'de-DE', 'ja-JP' or 'ar-EG'"
        if tag.contains("_") || tag.contains(".") || tag.contains("@") {
            let suggestion = bcp47(fromPOSIX: tag).map { ": write '\($0)'" } ?? ""
            return example + " (a POSIX locale name is not one\(suggestion))"
        }
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = subtags.first, (2...3).contains(primary.count),
            primary.allSatisfy({ $0.isASCII && $0.isLetter }),
            subtags.dropFirst().allSatisfy({
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            })
        else { return example }
        let language = primary.lowercased()
        guard Self.languagesWithData.contains(language) else {
            return example + " ('\(primary)' is no language ICU has dates for)"
        }
        // Script and region come before any variant or extension (RFC 5646 §2.1).
        for subtag in subtags.dropFirst().prefix(2) {
            if subtag.count == 4, subtag.allSatisfy(\.isLetter) {
                guard Locale.Script(subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased()).isISOScript else {
                    return example + " ('\(subtag)' is not an ISO 15924 script)"
                }
            } else if (subtag.count == 2 && subtag.allSatisfy(\.isLetter))
                || (subtag.count == 3 && subtag.allSatisfy(\.isNumber))
            {
                guard Locale.Region(subtag.uppercased()).isISORegion else {
                    return example + " ('\(subtag)' is not a country or region code)"
                }
            } else {
                break
            }
        }
        // A numbering system ICU does not know stops Foundation's date formatter with a trap,
        // not an error: `-u-nu-` must name one of ICU's (UTS #35 "Unicode Locale Identifier").
        if let numbers = numberingSystem(in: subtags) {
            let known = Locale.NumberingSystem.availableNumberingSystems.map(\.identifier)
            guard !numbers.isEmpty, known.contains(numbers) else {
                return example
                    + " ('\(numbers)' is no numbering system; e.g. '-u-nu-latn' for 0-9, '-u-nu-arab' for ٠-٩)"
            }
        }
        return nil
    }

    /// The value of the `nu` key of a tag's `-u-` extension (lower-cased), nil when it has none.
    static func numberingSystem(in subtags: [Substring]) -> String? {
        guard let u = subtags.firstIndex(where: { $0.lowercased() == "u" }) else { return nil }
        var index = subtags.index(after: u)
        while index < subtags.endIndex, subtags[index].count > 1 {
            if subtags[index].lowercased() == "nu" {
                let values = subtags[subtags.index(after: index)...].prefix { $0.count > 2 }
                return values.map { $0.lowercased() }.joined(separator: "-")
            }
            index = subtags.index(after: index)
        }
        return nil
    }

    /// The Foundation locale for a tag this type accepts, made from ICU's own spelling of it
    /// (`de-DE-u-nu-latn` → `de_DE@numbers=latn`): Foundation's date formatter traps on some
    /// BCP 47 spellings of a numbering system (`de-DE-u-nu-latn`, `ar-EG-u-nu-arab`) that it
    /// formats in ICU's.
    package static func foundationLocale(_ tag: String) -> Locale {
        Locale(identifier: Locale.identifier(.icu, from: tag))
    }

    /// The BCP 47 tag of a POSIX locale name (`de_DE.UTF-8`, `pt_BR@euro`, as Planet 2.x and
    /// Planet Venus's `locale` take them, several separated by `:`): the first one that is an
    /// accepted tag once its encoding and modifier are dropped and `_` is `-`; nil for none (`C`,
    /// `POSIX`, an unknown language).
    package static func bcp47(fromPOSIX names: String) -> String? {
        for name in names.split(separator: ":") {
            var text = name.trimmingCharacters(in: .whitespaces)
            if let cut = text.firstIndex(where: { $0 == "." || $0 == "@" }) { text = String(text[..<cut]) }
            text = text.replacingOccurrences(of: "_", with: "-")
            guard !text.isEmpty, text != "C", text != "POSIX", !text.contains("_"), !text.contains("."),
                problem(with: text) == nil
            else { continue }
            return Locale.identifier(.bcp47, from: text)
        }
        return nil
    }

    /// The primary languages ICU has locale data for (`de` of `de_DE`, `sr` of `sr_Latn_RS`).
    static let languagesWithData: Set<String> = Set(
        Locale.availableIdentifiers.map {
            String($0.prefix { $0 != "_" }).lowercased()
        })
}

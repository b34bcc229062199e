/// The length caps on plain-text fields, applied as text enters the model (`Feed.parse`, the OPML
/// reader): a feed is someone else's file, and a 5 MB channel title would otherwise go into the
/// sidebar of every page, a 10 MB entry title into the index, the merged feeds and the cache.
///
/// A field longer than its cap, in characters (grapheme clusters, so no character is split), is
/// cut to the cap with its last character an ellipsis ("…"); `Feed.parse` then warns once per
/// document, naming the fields cut. The caps are generous for any real title (the README, Feeds
/// from others, lists them); HTML fields (`summary`, `content`) are bounded by the document's
/// size instead.
package enum TextCaps {
    /// Channel title (a feed's name in the sidebar of every page), and an OPML outline's name.
    package static let name = 200
    /// An author's name: a paper's list of authors runs past 200 characters (bioRxiv's do).
    package static let author = 1_000
    /// Entry title.
    package static let title = 500
    /// Channel subtitle (description), rights, generator.
    package static let subtitle = 1_000
    /// One category (tag).
    package static let category = 100
    /// Categories kept per entry, in document order.
    package static let categories = 100

    /// `text` cut to `cap` characters (the last one "…"), or unchanged when it fits.
    package static func capped(_ text: String, _ cap: Int) -> String {
        // A character is at least one UTF-8 byte: a string of at most `cap` bytes fits as it is.
        guard text.utf8.count > cap, let end = text.index(text.startIndex, offsetBy: cap, limitedBy: text.endIndex),
            end < text.endIndex
        else { return text }
        return String(text[..<text.index(before: end)]) + "…"
    }

    /// The fields cut while capping one document: counts by field name, for its warning.
    struct Cuts {
        private(set) var counts: [(field: String, cap: Int, count: Int)] = []

        /// `text` capped; counted under `field` when it was cut.
        mutating func cap(_ text: String?, _ cap: Int, field: String) -> String? {
            guard let text else { return nil }
            let capped = TextCaps.capped(text, cap)
            if capped != text { count(field, cap) }
            return capped
        }

        /// Counts one cut of `field`.
        mutating func count(_ field: String, _ cap: Int) {
            if let index = counts.firstIndex(where: { $0.field == field }) {
                counts[index].count += 1
            } else {
                counts.append((field, cap, 1))
            }
        }

        /// "text longer than planet's caps was cut: 2 × entry title (500 characters), channel title
        /// (200 characters)"; nil when nothing was cut.
        var warning: String? {
            guard !counts.isEmpty else { return nil }
            let parts = counts.map { cut in
                (cut.count == 1 ? cut.field : "\(cut.count) × \(cut.field)") + " (\(cut.cap) characters)"
            }
            return "text longer than planet's caps was cut: " + parts.joined(separator: ", ")
        }
    }
}

extension Feed {
    /// The feed with its plain-text fields within `TextCaps`, and a warning naming what was cut.
    func capped() -> Feed {
        var cuts = TextCaps.Cuts()
        var feed = self
        feed.title = cuts.cap(title, TextCaps.name, field: "channel title")
        feed.subtitle = cuts.cap(subtitle, TextCaps.subtitle, field: "channel subtitle")
        feed.rights = cuts.cap(rights, TextCaps.subtitle, field: "rights")
        feed.generator = cuts.cap(generator, TextCaps.subtitle, field: "generator")
        if let name = author?.name {
            feed.author?.name = cuts.cap(name, TextCaps.author, field: "author name")
        }
        for index in feed.entries.indices {
            var entry = feed.entries[index]
            entry.title = cuts.cap(entry.title, TextCaps.title, field: "entry title")
            if let name = entry.author?.name {
                entry.author?.name = cuts.cap(name, TextCaps.author, field: "author name")
            }
            if entry.categories.count > TextCaps.categories {
                entry.categories.removeLast(entry.categories.count - TextCaps.categories)
                cuts.count("categories per entry", TextCaps.categories)
            }
            entry.categories = entry.categories.map { cuts.cap($0, TextCaps.category, field: "category") ?? $0 }
            feed.entries[index] = entry
        }
        if let warning = cuts.warning { feed.warnings.append(warning) }
        return feed
    }
}

/// The characters XML 1.0 forbids (§2.2 Characters: `Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] |
/// [#xE000-#xFFFD] | [#x10000-#x10FFFF]`), removed from every string that enters the model.
///
/// A JSON Feed may carry any of them (`"\u0001"`, `"\ufffe"`), and one such title made the
/// planet's rss.xml, atom.xml and opml.xml ill-formed for every reader, and put NUL and C0
/// controls into index.html. Surrogates cannot occur in a Swift string, so what is left to remove
/// is the C0 controls but tab, line feed and carriage return, and U+FFFE and U+FFFF.
enum XMLCharacters {
    /// True when `scalar` may appear in an XML 1.0 document.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return value == 0x09 || value == 0x0A || value == 0x0D }
        return value != 0xFFFE && value != 0xFFFF
    }

    /// `text` without the characters XML 1.0 forbids; the same string (no copy) when it has none.
    static func scrubbed(_ text: String) -> String {
        var text = text
        let clean = text.withUTF8 { bytes -> Bool in
            // Forbidden: a byte below 0x20 but tab/LF/CR, or EF BF BE / EF BF BF. (This runs over
            // every string of every feed: eight bytes at a time where none is below 0x20 or 0xEF.)
            guard let base = bytes.baseAddress else { return true }
            let count = bytes.count
            var index = 0
            while true {
                index = WordScan.firstSpecial(base, from: index, count: count, mayHold: { word in
                    WordScan.hasBelow(word, 0x20) | WordScan.has(word, 0xEF) != 0
                }, isSpecial: { byte in byte < 0x20 || byte == 0xEF })
                guard index < count else { return true }
                let byte = base[index]
                if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { return false }
                if byte == 0xEF, index + 2 < count, base[index + 1] == 0xBF, base[index + 2] >= 0xBE { return false }
                index += 1
            }
        }
        if clean { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where isAllowed(scalar) { scalars.append(scalar) }
        return String(scalars)
    }

    static func scrubbed(_ text: String?) -> String? {
        text.map { scrubbed($0) }
    }
}

extension Person {
    /// Every field without the characters XML 1.0 forbids (`XMLCharacters`).
    func scrubbed() -> Person {
        var person = self
        person.name = XMLCharacters.scrubbed(name)
        person.email = XMLCharacters.scrubbed(email)
        person.uri = XMLCharacters.scrubbed(uri)
        person.avatar = XMLCharacters.scrubbed(avatar)
        return person
    }
}

extension Entry {
    /// Every string field without the characters XML 1.0 forbids (`XMLCharacters`).
    func scrubbed() -> Entry {
        // Field by field on a copy, so a field added to Entry later is kept, not dropped.
        var entry = self
        entry.id = XMLCharacters.scrubbed(id)
        entry.title = XMLCharacters.scrubbed(title)
        entry.link = XMLCharacters.scrubbed(link)
        entry.author = author?.scrubbed()
        entry.summary = XMLCharacters.scrubbed(summary)
        entry.content = XMLCharacters.scrubbed(content)
        entry.categories = categories.map { XMLCharacters.scrubbed($0) }
        entry.enclosures = enclosures.map { enclosure in
            var clean = enclosure
            clean.url = XMLCharacters.scrubbed(enclosure.url)
            clean.type = XMLCharacters.scrubbed(enclosure.type)
            return clean
        }
        entry.htmlBase = XMLCharacters.scrubbed(htmlBase)
        entry.language = XMLCharacters.scrubbed(language)
        return entry
    }
}

extension Feed {
    /// Every string of the feed and its entries without the characters XML 1.0 forbids
    /// (`XMLCharacters`): what `Feed.parse` returns, so nothing downstream (templates, the cache,
    /// the terminal) sees them.
    func scrubbed() -> Feed {
        var feed = self
        feed.title = XMLCharacters.scrubbed(title)
        feed.link = XMLCharacters.scrubbed(link)
        feed.feedURL = XMLCharacters.scrubbed(feedURL)
        feed.subtitle = XMLCharacters.scrubbed(subtitle)
        feed.id = XMLCharacters.scrubbed(id)
        feed.language = XMLCharacters.scrubbed(language)
        feed.author = author?.scrubbed()
        feed.icon = XMLCharacters.scrubbed(icon)
        feed.logo = XMLCharacters.scrubbed(logo)
        feed.rights = XMLCharacters.scrubbed(rights)
        feed.generator = XMLCharacters.scrubbed(generator)
        feed.entries = entries.map { $0.scrubbed() }
        feed.warnings = warnings.map { XMLCharacters.scrubbed($0) }
        return feed
    }
}

import PlanetBase

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

import Foundation
import PlanetBase

extension Feed {
    /// The feed as the JSON object of the parse contract (docs/ARCHITECTURE.md) (`planet parse --json`): keys
    /// sorted, two-space pretty printed, ending in a newline. Dates are RFC 3339 in UTC with whole
    /// seconds (`2024-01-02T03:04:05Z`); absent values are `null`. Deterministic: the same feed
    /// always gives the same bytes.
    public func jsonContract() -> String {
        jsonContractValue.rendered() + "\n"
    }

    /// The object `jsonContract()` prints, as a value (`JSONValue.renderedOnOneLine()` writes it
    /// as one line of JSON Lines, as `planet parse --json FILES...` does).
    public var jsonContractValue: JSONValue {
        let members: [String: JSONValue] = [
            "format": .string(format.rawValue),
            "title": Self.json(title), "link": Self.json(link), "feed_url": Self.json(feedURL),
            "subtitle": Self.json(subtitle), "id": Self.json(id), "language": Self.json(language),
            "updated": Self.json(updated), "author": Self.json(author),
            "icon": Self.json(icon), "logo": Self.json(logo), "rights": Self.json(rights),
            "generator": Self.json(generator),
            "entries": .array(entries.map(Self.json)),
            "warnings": .array(warnings.map(JSONValue.string)),
        ]
        return .object(members)
    }

    private static func json(_ entry: Entry) -> JSONValue {
        .object([
            "id": .string(entry.id), "title": json(entry.title), "link": json(entry.link),
            "published": json(entry.published), "updated": json(entry.updated), "author": json(entry.author),
            "summary": json(entry.summary), "content": json(entry.content),
            "categories": .array(entry.categories.map(JSONValue.string)),
            "enclosures": .array(entry.enclosures.map { enclosure in
                .object(["url": .string(enclosure.url), "type": json(enclosure.type),
                         "length": enclosure.length.map(JSONValue.int) ?? .null])
            }),
        ])
    }

    private static func json(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }

    private static func json(_ person: Person?) -> JSONValue {
        guard let person else { return .null }
        return .object(["name": json(person.name), "email": json(person.email), "uri": json(person.uri)])
    }

    private static func json(_ date: Date?) -> JSONValue {
        date.map { .string(RFC3339.utcString($0)) } ?? .null
    }
}

import Foundation
import PlanetBase

extension Feed {
    /// The feed as the JSON object of the parse contract (docs/ARCHITECTURE.md) (`planet parse --json`): keys
    /// sorted, two-space pretty printed, ending in a newline. Dates are RFC 3339 in UTC with whole
    /// seconds (`2024-01-02T03:04:05Z`); absent values are `null`. Deterministic: the same feed
    /// always gives the same bytes.
    public func jsonContract() -> String {
        var writer = JSONBytesWriter(pretty: true, capacity: jsonCapacity)
        writeJSONContract(to: &writer)
        writer.raw([UInt8(ascii: "\n")])
        return String(decoding: writer.output, as: UTF8.self)
    }

    /// The object of `jsonContract()` on one line (a line of JSON Lines, jsonlines.org), without
    /// a trailing newline, as `planet parse --json FILES...` prints it: with `source`, a first
    /// member `"source": source` before the contract's sorted keys.
    public func jsonContractLine(source: String? = nil) -> String {
        var line: [UInt8] = []
        writeJSONContractLine(source: source, to: &line)
        return String(decoding: line, as: UTF8.self)
    }

    /// Appends the UTF-8 bytes of `jsonContractLine(source:)` to `output`: what a caller that
    /// writes bytes uses, without the String (whose making validates every byte again).
    public func writeJSONContractLine(source: String? = nil, to output: inout [UInt8]) {
        var writer = JSONBytesWriter(pretty: false, output: output, capacity: jsonCapacity)
        output = []
        writeJSONContract(to: &writer, source: source)
        output = writer.output
    }

    /// For a feed parsed with `HTMLSanitizing.deferred`: the line `writeJSONContractLine(source:to:)`
    /// writes once the entries have passed through `Entry.sanitizingHTML()`, byte for byte, with
    /// each sanitized `summary` and `content` copied from the sanitizer's bytes instead of a String
    /// made of them; the entries are sanitized and written in up to `lanes` concurrent chunks
    /// (as `Entry.sanitizingHTML(_:lanes:)`). `planet parse --json FILES...` prints this.
    public func sanitizedJSONContractLine(
        source: String? = nil,
        lanes: Int = ProcessInfo.processInfo.activeProcessorCount
    ) async -> [UInt8] {
        let objects = await ConcurrentChunks.map(entries, lanes: lanes, weight: \.htmlWeight) { entry -> [UInt8] in
            let base = entry.htmlBase.flatMap { URL(string: $0) }
            let summary = entry.summary.flatMap { HTMLSanitizer.sanitizedEntryHTMLBytes($0, base: base) }
            let content = entry.content.flatMap { HTMLSanitizer.sanitizedEntryHTMLBytes($0, base: base) }
            let html = (summary?.count ?? 0) + (content?.count ?? 0)
            var writer = JSONBytesWriter(pretty: false, capacity: 1024 + html + html / 16)
            Self.write(
                entry, summary: { writer in Self.write(summary, to: &writer) },
                content: { writer in Self.write(content, to: &writer) }, to: &writer)
            return writer.output
        }
        var writer = JSONBytesWriter(pretty: false, capacity: objects.reduce(1024) { $0 + $1.count })
        writeJSONContract(to: &writer, source: source) { writer in
            for object in objects {
                writer.element()
                writer.raw(object)
            }
        }
        return writer.output
    }

    /// The object `jsonContract()` prints, as a value (`JSONValue.renderedOnOneLine()` writes it
    /// as one line of JSON Lines); the same bytes as `jsonContract()` when rendered.
    public var jsonContractValue: JSONValue {
        let members: [String: JSONValue] = [
            "format": .string(format.rawValue),
            "title": Self.json(title), "link": Self.json(link), "feed_url": Self.json(feedURL),
            "subtitle": Self.json(subtitle), "id": Self.json(id), "language": Self.json(language),
            "updated": Self.json(updated), "author": Self.json(author),
            "icon": Self.json(icon), "logo": Self.json(logo), "rights": Self.json(rights),
            "generator": Self.json(generator),
            "entries": .array(entries.map(Self.json)),
            "warnings": .array(warnings.map(JSONValue.string))
        ]
        return .object(members)
    }

    /// About the size of the JSON: what most of it is, the entries' HTML, plus a part per entry.
    private var jsonCapacity: Int {
        entries.reduce(1024) { $0 + 512 + ($1.summary?.utf8.count ?? 0) + ($1.content?.utf8.count ?? 0) }
    }

    /// The contract's object, keys in UTF-8 order as `JSONValue` sorts them (`jsonContractValue`).
    private func writeJSONContract(to writer: inout JSONBytesWriter, source: String? = nil) {
        writeJSONContract(to: &writer, source: source) { writer in
            for entry in entries {
                writer.element()
                Self.write(entry, to: &writer)
            }
        }
    }

    /// The contract's object with the members of `entries` written by `writeEntries`.
    private func writeJSONContract(
        to writer: inout JSONBytesWriter, source: String?,
        writeEntries: (inout JSONBytesWriter) -> Void
    ) {
        writer.beginObject()
        if let source {
            writer.key("source")
            writer.string(source)
        }
        writer.key("author")
        Self.write(author, to: &writer)
        writer.key("entries")
        writer.beginArray()
        writeEntries(&writer)
        writer.endArray()
        writer.key("feed_url")
        writer.string(feedURL)
        writer.key("format")
        writer.string(format.rawValue)
        writer.key("generator")
        writer.string(generator)
        writer.key("icon")
        writer.string(icon)
        writer.key("id")
        writer.string(id)
        writer.key("language")
        writer.string(language)
        writer.key("link")
        writer.string(link)
        writer.key("logo")
        writer.string(logo)
        writer.key("rights")
        writer.string(rights)
        writer.key("subtitle")
        writer.string(subtitle)
        writer.key("title")
        writer.string(title)
        writer.key("updated")
        Self.write(updated, to: &writer)
        writer.key("warnings")
        Self.write(warnings, to: &writer)
        writer.endObject()
    }

    private static func write(_ entry: Entry, to writer: inout JSONBytesWriter) {
        write(entry, summary: { $0.string(entry.summary) }, content: { $0.string(entry.content) }, to: &writer)
    }

    /// An entry's object, its `summary` and `content` values written by the closures.
    private static func write(
        _ entry: Entry, summary: (inout JSONBytesWriter) -> Void,
        content: (inout JSONBytesWriter) -> Void, to writer: inout JSONBytesWriter
    ) {
        writer.beginObject()
        writer.key("author")
        write(entry.author, to: &writer)
        writer.key("categories")
        write(entry.categories, to: &writer)
        writer.key("content")
        content(&writer)
        writer.key("enclosures")
        writer.beginArray()
        for enclosure in entry.enclosures {
            writer.element()
            writer.beginObject()
            writer.key("length")
            if let length = enclosure.length { writer.int(length) } else { writer.null() }
            writer.key("type")
            writer.string(enclosure.type)
            writer.key("url")
            writer.string(enclosure.url)
            writer.endObject()
        }
        writer.endArray()
        writer.key("id")
        writer.string(entry.id)
        writer.key("link")
        writer.string(entry.link)
        writer.key("published")
        write(entry.published, to: &writer)
        writer.key("summary")
        summary(&writer)
        writer.key("title")
        writer.string(entry.title)
        writer.key("updated")
        write(entry.updated, to: &writer)
        writer.endObject()
    }

    private static func write(_ person: Person?, to writer: inout JSONBytesWriter) {
        guard let person else { return writer.null() }
        writer.beginObject()
        writer.key("email")
        writer.string(person.email)
        writer.key("name")
        writer.string(person.name)
        writer.key("uri")
        writer.string(person.uri)
        writer.endObject()
    }

    /// A string value from UTF-8 bytes, or `null`.
    private static func write(_ utf8: ArraySlice<UInt8>?, to writer: inout JSONBytesWriter) {
        if let utf8 { writer.string(utf8: utf8) } else { writer.null() }
    }

    private static func write(_ strings: [String], to writer: inout JSONBytesWriter) {
        writer.beginArray()
        for string in strings {
            writer.element()
            writer.string(string)
        }
        writer.endArray()
    }

    private static func write(_ date: Date?, to writer: inout JSONBytesWriter) {
        writer.string(date.map(RFC3339.utcString))
    }

    private static func json(_ entry: Entry) -> JSONValue {
        .object([
            "id": .string(entry.id), "title": json(entry.title), "link": json(entry.link),
            "published": json(entry.published), "updated": json(entry.updated), "author": json(entry.author),
            "summary": json(entry.summary), "content": json(entry.content),
            "categories": .array(entry.categories.map(JSONValue.string)),
            "enclosures": .array(
                entry.enclosures.map { enclosure in
                    .object([
                        "url": .string(enclosure.url), "type": json(enclosure.type),
                        "length": enclosure.length.map(JSONValue.int) ?? .null
                    ])
                })
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

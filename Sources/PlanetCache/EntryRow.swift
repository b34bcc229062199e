import FeedParser
import Foundation

/// Converts entries to and from rows of the `entry` table. Summary and content go in and come out
/// as they are (raw HTML when the entry was parsed with `HTMLSanitizing.deferred`); the public
/// reads of `FeedCache` sanitize them. Lists are stored as JSON text with
/// sorted keys, so that the same entry always encodes to the same bytes (unchanged rows compare equal).
struct EntryRow {
    /// The cache file, named by errors.
    let path: String
    /// Columns of `entry` in the order `encode` produces values (bind parameters 1...16).
    static let columns =
        "feed_url, id, first_seen, published, updated, title, link, author_name, "
        + "author_email, author_uri, summary, content, categories, enclosures, html_base, language"

    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
    private let decoder = JSONDecoder()

    /// Bind values for `entry` of `feedURL`, first seen at `firstSeen` (kept by the upsert when the
    /// row exists).
    func encode(_ entry: Entry, feedURL: String, firstSeen: Date) throws(CacheError) -> [SQLiteValue] {
        [
            .text(feedURL), .text(entry.id), .date(firstSeen), .date(entry.published), .date(entry.updated),
            .text(entry.title), .text(entry.link), .text(entry.author?.name), .text(entry.author?.email),
            .text(entry.author?.uri), .text(entry.summary), .text(entry.content),
            .text(try json(entry.categories)), .text(try json(entry.enclosures.map(StoredEnclosure.init))),
            .text(entry.htmlBase), .text(entry.language)
        ]
    }

    /// Reads a row selected as `EntryRow.columns, in_document`.
    func decode(_ row: SQLiteStatement) throws(CacheError) -> CachedEntry {
        let name = row.text(7)
        let email = row.text(8)
        let uri = row.text(9)
        let author = (name, email, uri) == (nil, nil, nil) ? nil : Person(name: name, email: email, uri: uri)
        let entry = Entry(
            id: row.text(1) ?? "", title: row.text(5), link: row.text(6), published: row.date(3),
            updated: row.date(4), author: author, summary: row.text(10), content: row.text(11),
            categories: try list([String].self, row.text(12)),
            enclosures: try list([StoredEnclosure].self, row.text(13)).map(\.enclosure),
            htmlBase: row.text(14), language: row.text(15))
        return CachedEntry(
            feedURL: row.text(0) ?? "", entry: entry,
            firstSeen: row.date(2) ?? Date(timeIntervalSince1970: 0),
            inDocument: row.int(16) != 0)
    }

    /// `value` as JSON text (`[]` when empty); also used for `json_each(?)` parameters.
    func json<T: Encodable & Collection>(_ value: T) throws(CacheError) -> String {
        if value.isEmpty { return "[]" }
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw CacheError(path: path, reason: .invalidData("cannot encode \(T.self): \(error)"))
        }
    }

    private func list<T: Decodable & RangeReplaceableCollection>(_ type: T.Type, _ text: String?) throws(CacheError)
        -> T
    {
        if text == nil || text == "[]" { return T() }  // the common case, without a decoder
        do {
            return try decoder.decode(type, from: Data((text ?? "[]").utf8))
        } catch {
            throw CacheError(path: path, reason: .invalidData("'\(text ?? "")' is not a JSON \(T.self): \(error)"))
        }
    }
}

/// `Enclosure` as stored in the `enclosures` JSON column: `{"length":…,"type":…,"url":…}`.
private struct StoredEnclosure: Codable {
    var url: String
    var type: String?
    var length: Int?

    init(_ enclosure: Enclosure) {
        url = enclosure.url
        type = enclosure.type
        length = enclosure.length
    }

    var enclosure: Enclosure { Enclosure(url: url, type: type, length: length) }
}

import Foundation
import PlanetFetcher

/// The last good copy of a face planet fetched into the site: its bytes, their type, and the
/// validators of the response that gave them.
package struct FaceCopy: Sendable, Equatable {
    /// The face's URL as fetched (a `face` setting, or a feed's logo, icon or avatar).
    package var url: String
    /// The file extension the bytes' magic number gave: `png`, `jpg`, `gif`, `webp`, `avif`.
    package var imageType: String
    /// The image, as served.
    package var data: Data
    /// ETag / Last-Modified of the response that gave `data`, for a conditional GET.
    package var validators: FetchValidators

    /// Creates a copy.
    package init(url: String, imageType: String, data: Data, validators: FetchValidators) {
        self.url = url
        self.imageType = imageType
        self.data = data
        self.validators = validators
    }
}

extension FeedCache {
    /// The stored copies of the faces of `urls`, by URL (a URL never fetched, or whose fetches all
    /// failed, has none).
    /// - Throws: `CacheError.Reason.sqlite`.
    package func faceCopies(_ urls: [String]) throws(CacheError) -> [String: FaceCopy] {
        var found: [String: FaceCopy] = [:]
        try sql { () throws(SQLiteError) in
            let statement = try db.statement("SELECT image_type, data, etag, last_modified FROM face WHERE url = ?1")
            for url in urls where found[url] == nil {
                let copy = try statement.bind([.text(url)]).rows { row in
                    FaceCopy(
                        url: url, imageType: row.text(0) ?? "", data: row.data(1) ?? Data(),
                        validators: FetchValidators(etag: row.text(2), lastModified: row.text(3)))
                }.first
                found[url] = copy
            }
        }
        return found
    }

    /// Keeps `copy` as its URL's last good copy; nothing is written when the stored copy is the
    /// same (a build that changed nothing writes nothing, docs/ARCHITECTURE.md Rules 13). The
    /// content version is not raised: the build's fingerprint holds the face files themselves.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func recordFace(_ copy: FaceCopy, now: Date) throws(CacheError) {
        guard try faceCopies([copy.url])[copy.url] != copy else { return }
        try sql { () throws(SQLiteError) in
            try db.statement(
                """
                INSERT INTO face (url, image_type, data, etag, last_modified, fetched_at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                ON CONFLICT (url) DO UPDATE SET image_type = excluded.image_type, data = excluded.data,
                    etag = excluded.etag, last_modified = excluded.last_modified, fetched_at = excluded.fetched_at
                """
            ).bind([
                .text(copy.url), .text(copy.imageType), .blob(copy.data), .text(copy.validators.etag),
                .text(copy.validators.lastModified), .date(now)
            ]).run()
        }
    }

    /// Deletes the copies of every face but those of `urls` (the faces this build's pages show),
    /// so that a feed whose image URL changes from build to build (`logo.png?v=N`), or a feed
    /// removed, leaves no copies behind: the table holds one copy per face shown, not one per URL
    /// ever seen. Nothing is written when there is nothing to delete.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func forgetFaces(except urls: Set<String>) throws(CacheError) {
        try sql { () throws(SQLiteError) in
            let stale = try db.statement("SELECT url FROM face").rows { $0.text(0) ?? "" }.filter { !urls.contains($0) }
            guard !stale.isEmpty else { return }
            let delete = try db.statement("DELETE FROM face WHERE url = ?1")
            for url in stale { try delete.bind([.text(url)]).run() }
        }
    }
}

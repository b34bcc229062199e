import Foundation
import Planet
import PlanetBase
import PlanetFetcher
import PlanetSubscriptions

/// The document a `planet parse` argument names: the argument read as a location, then fetched
/// by `Fetcher.document(at:timeout:)`, exactly as `planet build` fetches.
enum DocumentSource {
    /// Why a document could not be had.
    struct Failure: Error, Sendable, Equatable {
        /// What happened, place first: `'https://example.org/feed': HTTP 404 Not Found`.
        var message: String
        /// True for a bad argument or an empty file (exit 2), false when the file or URL cannot
        /// be read (exit 1).
        var isInput: Bool
    }

    /// The location a command line names: an http(s) URL, a `file:` URL, or a path relative to
    /// the current folder (kept relative, so messages show it as typed).
    /// - Throws: `Failure` (input) for another scheme or a URL that does not parse.
    static func location(_ source: String, io: CommandIO) throws(Failure) -> URL {
        let lowered = source.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = URL(string: source), url.host?.isEmpty == false else {
                throw Failure(message: "'\(source)' is not a valid URL", isInput: true)
            }
            return url
        }
        if lowered.hasPrefix("file:") {
            guard let url = URL(string: source), url.isFileURL else {
                throw Failure(message: "'\(source)' is not a valid file URL", isInput: true)
            }
            return url
        }
        if source.contains("://") {
            throw Failure(message: "'\(source)' is not an http(s) URL or a file path", isInput: true)
        }
        return io.fileURL(source)
    }

    /// Fetches `url` once (`Fetcher.document(at:timeout:)`).
    /// - Parameter timeout: seconds allowed from the request to the last byte.
    /// - Throws: `Failure`: input for an empty file (`/dev/null` too); not input for a file or
    ///   URL that cannot be read (including a 304, which cannot happen without validators).
    static func fetch(_ url: URL, timeout: Double) async throws(Failure) -> FetchedDocument {
        do {
            return try await Fetcher.document(at: url, timeout: timeout)
        } catch {
            throw Failure(message: error.description, isInput: error.isInput)
        }
    }

    /// `location` then `fetch`.
    static func load(_ source: String, io: CommandIO, timeout: Double) async throws(Failure) -> FetchedDocument {
        try await fetch(try location(source, io: io), timeout: timeout)
    }
}

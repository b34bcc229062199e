import Foundation
import Planet
import PlanetBase
import PlanetFetcher
import PlanetSubscriptions

/// Reads the bytes of one document for `planet parse` and `planet add` through the Planet
/// `Fetcher`, so that the commands fetch exactly as `planet build` does (size cap, redirect
/// limit, timeout, `User-Agent`, failure kinds).
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

    /// Fetches `url` once.
    /// - Parameter timeout: seconds allowed from the request to the last byte.
    /// - Returns: the document (its `finalURL` is the URL after redirects).
    /// - Throws: `Failure`: input for an empty file (`/dev/null` too); not input for a file or
    ///   URL that cannot be read (including a 304, which cannot happen without validators).
    static func fetch(_ url: URL, timeout: Double) async throws(Failure) -> FetchedDocument {
        let fetcher = Fetcher(FetcherConfiguration(jobs: 1, timeout: timeout, userAgent: PlanetVersion.userAgent()))
        let result = await fetcher.fetch(Subscription(url: url))
        let empty = Failure(message: "'\(url.relativePath)': is empty; a feed file holds RSS, Atom or JSON Feed",
                            isInput: true)
        switch result.outcome {
        case .fetched(let document):
            if url.isFileURL, document.data.isEmpty { throw empty }
            return document
        case .notModified:
            throw Failure(message: "'\(URLText.removingUserinfo(url.absoluteString))': HTTP 304 to a request without validators",
                          isInput: false)
        case .failed(let failure):
            guard url.isFileURL else { throw Failure(message: failure.message, isInput: false) }
            // A device such as /dev/null has no contents for the Fetcher, yet reads as 0 bytes.
            if failure.kind == .fileError, FileManager.default.isReadableFile(atPath: url.path),
               (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) == 0 {
                throw empty
            }
            // The Fetcher names the absolute path; show the path as it was typed.
            let message = failure.message.replacingOccurrences(of: "'\(url.path)'", with: "'\(url.relativePath)'")
            throw Failure(message: message, isInput: false)
        }
    }

    /// `location` then `fetch`.
    static func load(_ source: String, io: CommandIO, timeout: Double) async throws(Failure) -> FetchedDocument {
        try await fetch(try location(source, io: io), timeout: timeout)
    }
}

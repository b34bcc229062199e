import Foundation
import PlanetBase

/// Why one document fetched on its own (`Fetcher.document(at:timeout:)`) could not be had.
package struct DocumentFetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    package enum Reason: Sendable, Equatable {
        /// The file has no bytes (`/dev/null` too): a feed file holds RSS, Atom or JSON Feed.
        case empty
        /// HTTP 304 Not Modified to a request that sent no validators (RFC 9110 §15.4.5: a
        /// server may send it only to a conditional request).
        case notModified
        /// The file or URL could not be read: the fetcher's failure, with its kind.
        case failed(FetchFailure)
    }

    /// The document's URL, as given (a file URL may be relative to the current folder).
    package var url: URL
    /// What went wrong.
    package var reason: Reason

    /// Creates an error for `url`.
    package init(url: URL, reason: Reason) {
        self.url = url
        self.reason = reason
    }

    /// True for bad input (an empty file); false when the file or URL could not be read.
    package var isInput: Bool { reason == .empty }

    /// What happened, place first: `'https://example.org/feed': HTTP 404 Not Found; …`. A file is
    /// named by its path as given (`URL.relativePath`), a URL without its userinfo.
    package var description: String {
        switch reason {
        case .empty:
            return "'\(url.relativePath)': is empty; a feed file holds RSS, Atom or JSON Feed"
        case .notModified:
            return "'\(URLText.removingUserinfo(url.absoluteString))': HTTP 304 to a request without validators"
        case .failed(let failure):
            guard url.isFileURL else { return failure.message }
            // The Fetcher names the absolute path; show the path as it was given.
            return failure.message.replacingOccurrences(of: "'\(url.path)'", with: "'\(url.relativePath)'")
        }
    }
}

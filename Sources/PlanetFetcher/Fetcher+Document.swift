import Foundation
import PlanetBase
import PlanetSubscriptions

extension Fetcher {
    /// Fetches one document on its own, for a command that reads a single feed (`planet parse`,
    /// `planet add`): through a `Fetcher` of its own, so exactly as `planet build` fetches (size
    /// cap, redirect limit, timeout, `User-Agent`, failure kinds).
    /// - Parameter timeout: seconds allowed from the request to the last byte.
    /// - Returns: the document (its `finalURL` is the URL after redirects).
    /// - Throws: `DocumentFetchError`: `.empty` for a file without bytes (a device such as
    ///   `/dev/null` too), `.notModified` or `.failed` for a file or URL that cannot be read.
    package static func document(at url: URL, timeout: Double) async throws(DocumentFetchError) -> FetchedDocument {
        let fetcher = Fetcher(FetcherConfiguration(jobs: 1, timeout: timeout, userAgent: PlanetVersion.userAgent()))
        let result = await fetcher.fetch(Subscription(url: url))
        switch result.outcome {
        case .fetched(let document):
            if url.isFileURL, document.data.isEmpty { throw DocumentFetchError(url: url, reason: .empty) }
            return document
        case .notModified:
            throw DocumentFetchError(url: url, reason: .notModified)
        case .failed(let failure):
            // A device such as /dev/null has no contents for the Fetcher, yet reads as 0 bytes.
            if url.isFileURL, failure.kind == .fileError, FileManager.default.isReadableFile(atPath: url.path),
                (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) == 0
            {
                throw DocumentFetchError(url: url, reason: .empty)
            }
            throw DocumentFetchError(url: url, reason: .failed(failure))
        }
    }
}

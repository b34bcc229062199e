import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches feeds: `http(s)` through URLSession, `file:` by reading the file.
///
/// One feed's failure (no network, unknown host, refused, timeout, HTTP error, too large, too
/// many redirects, unreadable file) never throws: it is a ``FetchResult`` with a
/// ``FetchFailure`` naming the kind and the URL, and the other feeds go on.
public struct Fetcher: Sendable {
    /// Concurrency, limits and headers this fetcher uses.
    public let configuration: FetcherConfiguration
    /// The sessions of this fetcher (one per core, up to `jobs`, made at the first http(s)
    /// fetch): connections are reused across feeds, and they are released when the last copy of
    /// the fetcher goes away.
    private let sessions: HTTPSessionPool

    /// Creates a fetcher with `configuration` (the defaults unless given).
    public init(_ configuration: FetcherConfiguration = FetcherConfiguration()) {
        self.configuration = configuration
        self.sessions = HTTPSessionPool(configuration)
    }

    /// Fetches every subscription, at most `configuration.jobs` at a time, through the fetcher's sessions.
    /// - Parameters:
    ///   - subscriptions: the feeds, in any order.
    ///   - validators: ETag / Last-Modified of copies fetched earlier, by subscription URL; a
    ///     feed found here is fetched conditionally (RFC 9110 §13.1) and may come back `.notModified`.
    /// - Returns: one result per subscription, in the order of `subscriptions`.
    public func fetchAll(_ subscriptions: [Subscription],
                         validators: [URL: FetchValidators] = [:]) async -> [FetchResult] {
        return await withTaskGroup(of: (Int, FetchResult).self) { group in
            var results = [FetchResult?](repeating: nil, count: subscriptions.count)
            var next = 0
            func startNext() {
                let index = next
                let subscription = subscriptions[index]
                group.addTask {
                    (index, await fetch(subscription, validators: validators[subscription.url]))
                }
                next += 1
            }
            while next < min(max(1, configuration.jobs), subscriptions.count) { startNext() }
            while let (index, result) = await group.next() {
                results[index] = result
                if next < subscriptions.count { startNext() }
            }
            return results.compactMap { $0 }
        }
    }

    /// Fetches one subscription through the fetcher's sessions (callers running their own task
    /// group share their connections).
    /// - Parameter validators: ETag / Last-Modified of the copy fetched earlier, if any.
    public func fetch(_ subscription: Subscription, validators: FetchValidators? = nil) async -> FetchResult {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = await outcome(for: subscription.url, validators: validators)
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return FetchResult(subscription: subscription, outcome: outcome, duration: seconds)
    }

    private func outcome(for url: URL, validators: FetchValidators?) async -> FetchResult.Outcome {
        switch url.scheme?.lowercased() {
        case "file":
            switch await FileLoader.load(url, maxBytes: configuration.maxBytes) {
            case .success(let document): return .fetched(document)
            case .failure(let failure): return .failed(failure)
            }
        case "http", "https":
            let transfer = await sessions.next().load(configuration.request(for: url, validators: validators))
            return outcome(of: transfer, url: url)
        default:
            return .failed(FetchFailure(kind: .other, url: url,
                                        message: "'\(url.absoluteString)': not an http(s) or file URL"))
        }
    }

    /// Maps a finished transfer: 2xx → fetched, 304 → not modified (RFC 9110 §15.4.5), ≥ 400 →
    /// HTTP error, anything else → failure.
    private func outcome(of transfer: TransferOutcome, url: URL) -> FetchResult.Outcome {
        switch transfer {
        case .aborted(let abort):
            return .failed(FetchFailure(abort, url: url, configuration: configuration))
        case .failed(let error):
            return .failed(FetchFailure(error, url: url, timeout: configuration.timeout))
        case .response(let response, let data, let permanentRedirect):
            switch response.statusCode {
            case 304:
                return .notModified
            case 200..<300:
                return .fetched(FetchedDocument(
                    data: data, finalURL: response.url ?? url,
                    contentType: response.value(forHTTPHeaderField: "Content-Type"),
                    status: response.statusCode, etag: response.value(forHTTPHeaderField: "ETag"),
                    lastModified: response.value(forHTTPHeaderField: "Last-Modified"),
                    permanentRedirect: permanentRedirect))
            case 400...:
                return .failed(FetchFailure(response: response, url: url))
            case 301, 302, 303, 307, 308:
                // URLSession hands back a redirect it could not follow (no usable Location).
                return .failed(FetchFailure(kind: .other, url: url, status: response.statusCode,
                                            message: "'\(url.absoluteString)': HTTP \(response.statusCode) redirect without a usable Location header; ask the site for the feed's new address"))
            default:
                return .failed(FetchFailure(kind: .other, url: url, status: response.statusCode,
                                            message: "'\(url.absoluteString)': unexpected HTTP \(response.statusCode)"))
            }
        }
    }
}

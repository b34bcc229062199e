import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension FetcherConfiguration {
    /// Headers every request carries, set once on the session (`httpAdditionalHeaders`):
    /// `User-Agent`, `Accept` for feed types, `Accept-Encoding: gzip`. Setting them per request
    /// cost more than the rest of a 304's handling in planet (Foundation's header bridging).
    var sessionHeaders: [String: String] {
        ["User-Agent": userAgent, "Accept": Self.accept, "Accept-Encoding": "gzip"]
    }

    /// The GET request for one feed (the session adds `sessionHeaders`) with, given validators,
    /// `If-None-Match` / `If-Modified-Since` (RFC 9110 §13.1.2, §13.1.3).
    func request(for url: URL, validators: FetchValidators?) -> URLRequest {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        if let etag = validators?.etag {
            request.setValue(etag, forHTTPHeaderField: "If-None-Match")
        }
        if let lastModified = validators?.lastModified {
            request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
        }
        return request
    }
}

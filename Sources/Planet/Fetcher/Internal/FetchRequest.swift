import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension FetcherConfiguration {
    /// The GET request for one feed: `User-Agent`, `Accept` for feed types, `Accept-Encoding: gzip`
    /// and, with validators, `If-None-Match` / `If-Modified-Since` (RFC 9110 §13.1.2, §13.1.3).
    func request(for url: URL, validators: FetchValidators?) -> URLRequest {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue(Self.accept, forHTTPHeaderField: "Accept")
        request.setValue("gzip", forHTTPHeaderField: "Accept-Encoding")
        if let etag = validators?.etag {
            request.setValue(etag, forHTTPHeaderField: "If-None-Match")
        }
        if let lastModified = validators?.lastModified {
            request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
        }
        return request
    }
}

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension FetchFailure {
    /// The failure for a URLSession error, with a message that says what happened.
    /// - Parameters:
    ///   - error: what URLSession reported.
    ///   - url: the subscription URL (named in the message).
    ///   - timeout: the per-feed timeout, seconds (named when the request timed out).
    init(_ error: URLError, url: URL, timeout: Double) {
        var (kind, what) = Self.classify(error.code, host: url.host ?? "", timeout: timeout)
        if url.scheme?.lowercased() == "https", Self.tlsSuspects.contains(error.code) {
            kind = .connectionFailed
            what = "TLS connection to '\(url.host ?? "")' failed (URLError \(error.code.rawValue)); if the "
                + "server speaks plain HTTP, subscribe to '\(Self.plainHTTP(url))' instead"
        }
        self.init(kind: kind, url: url, message: "'\(url.absoluteString)': \(what)")
    }

    /// Codes an https request gets from a server that does not speak TLS (a plain-HTTP server
    /// answers the TLS handshake with text): curl's SSL errors arrive as these.
    static let tlsSuspects: Set<URLError.Code> = [
        .unknown, .secureConnectionFailed,
    ]

    /// `url` with `http://` instead of `https://`.
    static func plainHTTP(_ url: URL) -> String {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        parts.scheme = "http"
        return parts.url?.absoluteString ?? url.absoluteString
    }

    /// Kind and plain-words description of a URLError code; unknown codes are `.other`.
    static func classify(_ code: URLError.Code, host: String, timeout: Double) -> (Kind, String) {
        switch code {
        case .notConnectedToInternet:
            return (.noConnection, "no connection to the internet")
        case .cannotFindHost, .dnsLookupFailed:
            return (.hostNotFound, "host '\(host)' not found")
        case .cannotConnectToHost:
            return (.connectionFailed, "could not connect to '\(host)' (connection refused)")
        case .networkConnectionLost:
            return (.connectionFailed, "connection to '\(host)' lost before the feed was complete")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return (.connectionFailed, "TLS connection to '\(host)' failed (URLError \(code.rawValue))")
        case .timedOut:
            return (.timeout, "no complete answer within \(seconds(timeout))")
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return (.tooManyRedirects, "redirects did not lead to a feed")
        case .dataLengthExceedsMaximum:
            return (.tooLarge, "body too large")
        default:
            return (.other, "request failed (URLError \(code.rawValue))")
        }
    }

    /// The failure for a transfer the fetcher stopped itself.
    init(_ abort: TransferAbort, url: URL, configuration: FetcherConfiguration) {
        let place = "'\(url.absoluteString)'"
        switch abort {
        case .timeout:
            self.init(kind: .timeout, url: url,
                      message: "\(place): no complete answer within \(Self.seconds(configuration.timeout))")
        case .tooLarge:
            self.init(kind: .tooLarge, url: url,
                      message: "\(place): body larger than the cap of \(configuration.maxBytes) bytes")
        case .tooManyRedirects:
            self.init(kind: .tooManyRedirects, url: url,
                      message: "\(place): more than \(configuration.maxRedirects) redirects (or a redirect loop)")
        case .cancelled:
            self.init(kind: .other, url: url, message: "\(place): fetch cancelled")
        }
    }

    /// An HTTP error status (RFC 9110 §15.5, §15.6): "HTTP 404 Not Found", with `Retry-After`.
    init(response: HTTPURLResponse, url: URL) {
        let status = response.statusCode
        let phrase = HTTPURLResponse.localizedString(forStatusCode: status).capitalized
        self.init(kind: .httpError, url: url, status: status,
                  message: "'\(url.absoluteString)': HTTP \(status) \(phrase)",
                  retryAfter: response.value(forHTTPHeaderField: "Retry-After"))
    }

    /// "1 s", "0.5 s", "30 s".
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

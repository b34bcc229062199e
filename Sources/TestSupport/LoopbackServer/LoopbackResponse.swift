import Foundation

/// What the loopback server sends back for one request, misbehaviour included.
///
/// The server adds `Content-Length` (the full body length, even when the body is cut short) and
/// `Connection: close`; every connection carries one request.
public struct LoopbackResponse: Sendable {
    /// HTTP status code.
    public var status: Int
    /// Reason phrase of the status line (RFC 9112 §4); derived from `status` when nil.
    public var reason: String?
    /// Header fields, sent in this order.
    public var headers: [LoopbackHeader]
    /// The body, sent as is (already gzip-framed for `Content-Encoding: gzip`).
    public var body: Data
    /// Seconds to wait before sending the status line (for client timeouts).
    public var delay: Double
    /// When set, the connection is closed after this many body bytes (a connection lost mid-body).
    public var closeAfterBytes: Int?
    /// When set, these bytes are sent instead of status line, headers and body, and the
    /// connection is closed: a hostile or broken server (see `LoopbackRoute.raw(_:)`).
    public var raw: Data?

    /// Creates a response with the given fields; by default an immediate, complete 200 with no
    /// headers and an empty body.
    public init(
        status: Int = 200, reason: String? = nil, headers: [LoopbackHeader] = [],
        body: Data = Data(), delay: Double = 0, closeAfterBytes: Int? = nil, raw: Data? = nil
    ) {
        self.raw = raw
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.delay = delay
        self.closeAfterBytes = closeAfterBytes
    }

    /// The status line, header fields and blank line (RFC 9112 §2.1).
    var head: Data {
        let phrase = reason ?? Self.reasonPhrases[status] ?? "Status \(status)"
        var text = "HTTP/1.1 \(status) \(phrase)\r\n"
        for header in headers {
            text += "\(header.name): \(header.value)\r\n"
        }
        text += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Data(text.utf8)
    }

    /// Reason phrases of the statuses tests use (RFC 9110 §15).
    static let reasonPhrases: [Int: String] = [
        200: "OK", 204: "No Content", 301: "Moved Permanently", 302: "Found", 303: "See Other",
        304: "Not Modified", 307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 403: "Forbidden", 404: "Not Found", 410: "Gone",
        429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
        503: "Service Unavailable"
    ]
}

import Foundation

/// One HTTP request as the loopback server received it.
public struct LoopbackRequest: Sendable, Equatable {
    /// The method, e.g. `GET`.
    public var method: String
    /// The request target's path, without the query (`/feed.xml`); for a request to a proxy
    /// (absolute form, RFC 9112 §3.2.2) the whole URL without the query
    /// (`http://feeds.example/feed.xml`), so a server standing in for a proxy routes by URL and
    /// answers itself, never connecting on.
    public var path: String
    /// The query after `?`, if any.
    public var query: String?
    /// Header fields in arrival order, names as sent.
    public var headers: [LoopbackHeader]
    /// The server's port, so routes can build absolute URLs back to it.
    public var port: Int
    /// The server's host as written in a URL (`127.0.0.1`, `[::1]`).
    public var host: String = "127.0.0.1"

    /// Creates a request with the given fields; no query, no headers and port 0 by default.
    public init(
        method: String, path: String, query: String? = nil, headers: [LoopbackHeader] = [],
        port: Int = 0
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.port = port
    }

    /// True when the target is in absolute form (`GET http://host/path`), as a client sends it
    /// to a proxy (RFC 9112 §3.2.2).
    public var isAbsoluteForm: Bool { path.hasPrefix("http://") || path.hasPrefix("https://") }

    /// The first value of the header `name`, compared case-insensitively (RFC 9110 §5.1).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Parses the request line and header fields of an HTTP/1.1 request head (RFC 9112 §2–§5).
    /// - Parameter head: the bytes before the blank line, CRLF-separated.
    /// - Returns: nil when the request line is malformed.
    static func parse(head: String, port: Int, host: String = "127.0.0.1") -> LoopbackRequest? {
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        let target = requestLine[1]
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let headers = lines.compactMap { line -> LoopbackHeader? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            return LoopbackHeader(String(line[..<colon]), value)
        }
        var request = LoopbackRequest(
            method: String(requestLine[0]), path: String(parts[0]),
            query: parts.count > 1 ? String(parts[1]) : nil,
            headers: headers, port: port)
        request.host = host
        return request
    }
}

/// One header field (RFC 9110 §5).
public struct LoopbackHeader: Sendable, Equatable {
    /// The field name as sent (compare case-insensitively, RFC 9110 §5.1).
    public var name: String
    /// The field value (trimmed when parsed from a request).
    public var value: String

    /// Creates a header field `name: value`.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

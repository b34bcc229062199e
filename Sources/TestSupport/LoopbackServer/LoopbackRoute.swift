import Foundation

/// How the loopback server answers requests for one path: a function from the request to the
/// response, with constructors for the cases feed fetching meets.
public struct LoopbackRoute: Sendable {
    let respond: @Sendable (LoopbackRequest) -> LoopbackResponse

    /// A route computed from each request.
    public init(_ respond: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse) {
        self.respond = respond
    }

    /// Always the same response.
    public static func response(_ response: LoopbackResponse) -> LoopbackRoute {
        LoopbackRoute { _ in response }
    }

    /// `200 OK` with `body` and a `Content-Type`.
    public static func ok(
        _ body: Data, contentType: String = "application/rss+xml; charset=utf-8",
        headers: [LoopbackHeader] = []
    ) -> LoopbackRoute {
        .response(
            LoopbackResponse(
                headers: [LoopbackHeader("Content-Type", contentType)] + headers,
                body: body))
    }

    /// `200 OK` with a UTF-8 text body.
    public static func ok(_ text: String, contentType: String = "application/rss+xml; charset=utf-8")
        -> LoopbackRoute
    {
        .ok(Data(text.utf8), contentType: contentType)
    }

    /// A bare status with a short text body (e.g. 404, 500).
    public static func status(_ status: Int, body: String = "") -> LoopbackRoute {
        .response(
            LoopbackResponse(
                status: status,
                headers: [LoopbackHeader("Content-Type", "text/plain")],
                body: Data(body.utf8)))
    }

    /// A redirect (RFC 9110 §15.4) to `location`; a path starting with `/` becomes an absolute
    /// URL on this server.
    public static func redirect(to location: String, status: Int = 302) -> LoopbackRoute {
        LoopbackRoute { request in
            let target = location.hasPrefix("/") ? "http://\(request.host):\(request.port)\(location)" : location
            return LoopbackResponse(status: status, headers: [LoopbackHeader("Location", target)])
        }
    }

    /// `route`'s response, sent only after `seconds` (the client may time out first).
    public static func delayed(_ seconds: Double, _ route: LoopbackRoute) -> LoopbackRoute {
        LoopbackRoute { request in
            var response = route.respond(request)
            response.delay = seconds
            return response
        }
    }

    /// `200 OK` with `body` gzip-framed and `Content-Encoding: gzip` (RFC 9110 §8.4.1.3).
    public static func gzip(_ body: Data, contentType: String = "application/rss+xml; charset=utf-8")
        -> LoopbackRoute
    {
        .response(
            LoopbackResponse(
                headers: [
                    LoopbackHeader("Content-Type", contentType),
                    LoopbackHeader("Content-Encoding", "gzip")
                ],
                body: Gzip.storedMember(body)))
    }

    /// `200 OK` announcing all of `body` in `Content-Length` but closing after `bytes` of it.
    public static func truncated(_ body: Data, after bytes: Int) -> LoopbackRoute {
        .response(
            LoopbackResponse(
                headers: [LoopbackHeader("Content-Type", "application/rss+xml")],
                body: body, closeAfterBytes: bytes))
    }

    /// A resource with validators: `304 Not Modified` when the request's `If-None-Match` names
    /// `etag` or its `If-Modified-Since` equals `lastModified` (RFC 9110 §13.1.1, §13.1.3; the
    /// server compares the date text, as a server serving its own date may), else `200 OK`.
    public static func conditional(
        _ body: Data, etag: String?, lastModified: String?,
        contentType: String = "application/rss+xml; charset=utf-8"
    )
        -> LoopbackRoute
    {
        LoopbackRoute { request in
            var validators: [LoopbackHeader] = []
            if let etag { validators.append(LoopbackHeader("ETag", etag)) }
            if let lastModified { validators.append(LoopbackHeader("Last-Modified", lastModified)) }
            let tags =
                request.header("If-None-Match")?.split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) } ?? []
            let etagMatches = etag.map { tags.contains($0) || tags.contains("*") } ?? false
            let dateMatches =
                request.header("If-None-Match") == nil && lastModified != nil
                && request.header("If-Modified-Since") == lastModified
            if etagMatches || dateMatches {
                return LoopbackResponse(status: 304, headers: validators)
            }
            return LoopbackResponse(
                headers: [LoopbackHeader("Content-Type", contentType)] + validators,
                body: body)
        }
    }

    /// A redirect whose `Location` is sent exactly as given, relative or not (RFC 9110 §10.2.2:
    /// resolved against the request URL).
    public static func relativeRedirect(to location: String, status: Int = 301) -> LoopbackRoute {
        .response(LoopbackResponse(status: status, headers: [LoopbackHeader("Location", location)]))
    }

    /// `route` for requests carrying Basic credentials `user:password` (RFC 7617), else `401`
    /// with `WWW-Authenticate: Basic realm="planet"`.
    public static func basicAuth(user: String, password: String, _ route: LoopbackRoute) -> LoopbackRoute {
        let expected = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        return LoopbackRoute { request in
            if request.header("Authorization") == expected { return route.respond(request) }
            return LoopbackResponse(
                status: 401,
                headers: [
                    LoopbackHeader("WWW-Authenticate", "Basic realm=\"planet\""),
                    LoopbackHeader("Content-Type", "text/plain")
                ],
                body: Data("who are you?\n".utf8))
        }
    }

    /// These bytes, exactly, then the connection closes: for answers no well-behaved server
    /// gives (a status line alone, bare LF line ends, broken framing).
    public static func raw(_ bytes: Data) -> LoopbackRoute {
        .response(LoopbackResponse(raw: bytes))
    }

    /// ``raw(_:)`` with text encoded as ISO-8859-1 (every scalar below 256 is one byte).
    public static func raw(_ text: String) -> LoopbackRoute {
        .raw(Data(text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }))
    }
}

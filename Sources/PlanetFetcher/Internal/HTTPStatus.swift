/// Reason phrases of HTTP status codes (RFC 9110 §15), for messages: the phrase a server sends is
/// optional (RFC 9112 §4) and not trusted.
enum HTTPStatus {
    /// "Not Found" for 404; "Client Error" / "Server Error" for a code not listed.
    static func phrase(_ status: Int) -> String {
        if let phrase = phrases[status] { return phrase }
        switch status {
        case 400..<500: return "Client Error"
        case 500..<600: return "Server Error"
        default: return "Status"
        }
    }

    private static let phrases: [Int: String] = [
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other",
        304: "Not Modified", 305: "Use Proxy", 307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden",
        404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable",
        407: "Proxy Authentication Required", 408: "Request Timeout", 409: "Conflict", 410: "Gone",
        411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large",
        414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable",
        417: "Expectation Failed", 418: "I'm a Teapot", 421: "Misdirected Request",
        422: "Unprocessable Content", 426: "Upgrade Required", 428: "Precondition Required",
        429: "Too Many Requests", 431: "Request Header Fields Too Large",
        451: "Unavailable For Legal Reasons", 500: "Internal Server Error", 501: "Not Implemented",
        502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
        505: "HTTP Version Not Supported", 511: "Network Authentication Required"
    ]
}

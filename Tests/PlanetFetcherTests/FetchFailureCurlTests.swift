import CCurl
import Foundation
import PlanetBase
import Testing

@testable import PlanetFetcher

/// Every libcurl result a loopback server cannot produce (no network, DNS, TLS) becomes a failure
/// of its kind whose message names the URL, the cause and the next step.
@Suite("FetchFailure: libcurl results")
struct FetchFailureCurlTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var code: CURLcode
        var text: String
        var kind: FetchFailure.Kind
        var messageParts: [String]
        var testDescription: String { "\(code.rawValue) \(kind.rawValue)" }
    }

    static let cases: [Case] = [
        Case(
            code: CURLE_COULDNT_RESOLVE_HOST, text: "Could not resolve host: feeds.example.org", kind: .hostNotFound,
            messageParts: ["host 'feeds.example.org' not found"]),
        Case(
            code: CURLE_COULDNT_CONNECT,
            text: "Failed to connect to feeds.example.org port 443: Network is unreachable",
            kind: .noConnection, messageParts: ["no connection to the internet"]),
        Case(
            code: CURLE_COULDNT_CONNECT, text: "Failed to connect to feeds.example.org port 443: Connection refused",
            kind: .connectionFailed, messageParts: ["could not connect to 'feeds.example.org'", "refused"]),
        Case(
            code: CURLE_OPERATION_TIMEDOUT, text: "Operation timed out after 5000 milliseconds", kind: .timeout,
            messageParts: ["within 5 s"]),
        Case(
            code: CURLE_PARTIAL_FILE, text: "transfer closed with 100 bytes remaining to read", kind: .connectionFailed,
            messageParts: ["lost before the feed was complete"]),
        Case(
            code: CURLE_PEER_FAILED_VERIFICATION, text: "SSL certificate problem: self-signed certificate",
            kind: .tlsError,
            messageParts: [
                "the certificate of feeds.example.org is not trusted (SSL certificate problem: self-signed "
                    + "certificate)",
                "fix the server or its chain"
            ]),
        Case(
            code: CURLE_SSL_CONNECT_ERROR, text: "error:0A00010B:SSL routines::wrong version number", kind: .tlsError,
            messageParts: ["TLS handshake with feeds.example.org failed", "wrong version number"]),
        Case(
            code: CURLE_BAD_CONTENT_ENCODING, text: "Error while processing content unencoding: incorrect header check",
            kind: .badResponse, messageParts: ["could not be decoded", "Content-Encoding"]),
        Case(
            code: CURLE_WEIRD_SERVER_REPLY, text: "Unsupported HTTP version in response", kind: .badResponse,
            messageParts: ["not valid HTTP"]),
        // Two gzip members or bytes after the stream: libcurl's decoder stops with a write error.
        Case(
            code: CURLE_WRITE_ERROR, text: "Failed writing received data to disk/application", kind: .badResponse,
            messageParts: ["could not be read", "Content-Encoding", "compressed body is broken"]),
        Case(
            code: CURLE_GOT_NOTHING, text: "Empty reply from server", kind: .connectionFailed,
            messageParts: ["closed the connection without an answer"]),
        Case(
            code: CURLE_SSL_CACERT_BADFILE, text: "error setting certificate file", kind: .tlsError,
            messageParts: ["ca-certificates"]),
        Case(
            code: CURLE_UNSUPPORTED_PROTOCOL, text: "Protocol \"ftp\" not supported", kind: .other,
            messageParts: ["only http and https"]),
        Case(
            code: CURLE_UNSUPPORTED_PROTOCOL, text: "Received HTTP/0.9 when not allowed", kind: .badResponse,
            messageParts: ["from 'feeds.example.org' is not HTTP", "check the scheme and port"]),
        Case(
            code: CURLE_SEND_FAIL_REWIND, text: "Send failed since rewinding of the data stream failed", kind: .other,
            messageParts: ["libcurl error 65"])
    ]

    static let configuration = FetcherConfiguration(timeout: 5, maxBytes: 1000)

    @Test(arguments: cases)
    func classified(_ test: Case) throws {
        let url = try #require(URL(string: "https://reader:s3cret@feeds.example.org/feed.xml"))
        let response = HTTPResponse.notRun(code: Int32(test.code.rawValue), errorText: test.text)
        let failure = FetchFailure(
            curl: response, url: url, host: "feeds.example.org", configuration: Self.configuration)
        #expect(failure.kind == test.kind)
        #expect(failure.message.hasPrefix("'https://feeds.example.org/feed.xml': "), "\(failure.message)")
        #expect(!failure.message.contains("s3cret"))
        for part in test.messageParts { #expect(failure.message.contains(part), "\(failure.message)") }
        // Never the advice to drop TLS.
        #expect(!failure.message.contains("http://"))
    }

    @Test("the write callback's size cap and a refused private address win over the code")
    func flags() throws {
        let url = try #require(URL(string: "http://feeds.example.org/feed.xml"))
        var response = HTTPResponse.notRun(code: Int32(CURLE_WRITE_ERROR.rawValue), errorText: "Failure writing output")
        response.tooLarge = true
        let tooLarge = FetchFailure(
            curl: response, url: url, host: "feeds.example.org", configuration: Self.configuration)
        #expect(tooLarge.kind == .tooLarge && tooLarge.message.contains("cap of 1000 bytes"))
        response.tooLarge = false
        response.refusedPrivate = true
        response.code = Int32(CURLE_COULDNT_CONNECT.rawValue)
        let refused = FetchFailure(curl: response, url: url, host: "10.0.0.1", configuration: Self.configuration)
        #expect(refused.kind == .privateAddress && !refused.message.contains("10.0.0.1"))
    }

    @Test(
        "libcurl's per-attempt figures are left out, so the same failure gives the same message",
        arguments: [
            (
                "Failed to connect to feeds.example.org port 443 after 3012 ms: Connection refused",
                "Failed to connect to feeds.example.org port 443: Connection refused"
            ),
            (
                "Failed to connect to 2001:db8::1 port 80 after 7 ms: Couldn't connect to server",
                "Failed to connect to 2001:db8::1 port 80: Couldn't connect to server"
            ),
            ("transfer closed with 146 bytes remaining to read", "transfer closed with some bytes remaining to read"),
            (
                "Operation timed out after 30001 milliseconds with 0 out of 5120 bytes received",
                "Operation timed out with some bytes received"
            ),
            ("Recv failure: Connection reset by peer", "Recv failure: Connection reset by peer"),
            (
                "Failed to connect to 10.0.0.1 port 8080: No route to host",
                "Failed to connect to 10.0.0.1 port 8080: No route to host"
            )
        ])
    func runFigures(text: String, stable: String) throws {
        #expect(FetchFailure.withoutRunFigures(text) == stable)
        let url = try #require(URL(string: "http://feeds.example.org/feed.xml"))
        let messages = ["1", "2999"].map { figure in
            FetchFailure(
                curl: HTTPResponse.notRun(
                    code: Int32(CURLE_PARTIAL_FILE.rawValue),
                    errorText: "transfer closed with \(figure) bytes remaining to read"),
                url: url, host: "feeds.example.org", configuration: Self.configuration
            ).message
        }
        #expect(messages[0] == messages[1], "\(messages)")
    }

    @Test("a header cut by the timeout is a timeout; one cut by a closed connection says so, not 'No error'")
    func headerCut() throws {
        let url = try #require(URL(string: "http://feeds.example.org/feed.xml"))
        var stalled = HTTPResponse.notRun(
            code: Int32(CURLE_OPERATION_TIMEDOUT.rawValue),
            errorText: "Operation timed out after 4999 milliseconds with 0 bytes received")
        stalled.headerCut = true
        let timeout = FetchFailure(
            curl: stalled, url: url, host: "feeds.example.org", configuration: Self.configuration)
        #expect(timeout.kind == .timeout && timeout.message.contains("within 5 s"), "\(timeout.message)")
        var closed = HTTPResponse.notRun(code: 0, errorText: "No error")
        closed.headerCut = true
        let cut = FetchFailure(curl: closed, url: url, host: "feeds.example.org", configuration: Self.configuration)
        #expect(
            cut.kind == .badResponse && cut.message.contains("stopped inside its header (the connection closed)"),
            "\(cut.message)")
        #expect(!cut.message.contains("No error"))
    }
}

/// Scheme, host and userinfo edits that leave the rest of a URL as written.
@Suite("URLText")
struct URLTextTests {
    @Test func lowercasesSchemeAndHostOnly() {
        #expect(
            URLText.lowercasingSchemeAndHost("HTTP://Example.ORG:8080/Feed?Q=A#Top")
                == "http://example.org:8080/Feed?Q=A#Top")
        #expect(URLText.lowercasingSchemeAndHost("https://User:PW@Host.Example/x") == "https://User:PW@host.example/x")
        #expect(URLText.lowercasingSchemeAndHost("http://[::1]:80/A") == "http://[::1]:80/A")
        #expect(URLText.lowercasingSchemeAndHost("/relative/Path") == "/relative/Path")
    }

    @Test func userinfo() {
        #expect(URLText.userinfo(of: "http://u:p@h/x@y") == "u:p")
        #expect(URLText.removingUserinfo("http://u:p%40q@h:1/f?a=b@c") == "http://h:1/f?a=b@c")
        #expect(URLText.removingUserinfo("http://h/f") == "http://h/f")
        #expect(URLText.addingUserinfo("u:p", to: "http://x@h/f") == "http://u:p@h/f")
        #expect(URLText.origin(of: "HTTP://u:p@H:81/f") == "http://h:81")
    }
}

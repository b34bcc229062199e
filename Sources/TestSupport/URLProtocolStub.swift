import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// A `URLProtocol` that answers requests to registered hosts with a canned failure or response,
/// for what a loopback server cannot produce (no network at all, a name that does not resolve).
///
/// Register it on a session configuration only (`configuration.protocolClasses = [URLProtocolStub.self]`,
/// never `URLProtocol.registerClass`); it claims only hosts that a running test registered.
///
/// URLProtocol's API is class-based: the session instantiates the class itself, so the stub table
/// cannot belong to a test instance. It is the one static table here, lock-protected, keyed by
/// host names unique to each test (``uniqueHost(_:)``), and ``withStubs(_:_:)`` removes a test's
/// entries when its body ends, so parallel tests never see each other's stubs.
public final class URLProtocolStub: URLProtocol {

    /// What a stubbed host answers.
    public enum Behavior: Sendable, Equatable {
        /// The request fails with this URLError code (e.g. `.notConnectedToInternet`, `.cannotFindHost`).
        case fail(URLError.Code)
        /// The request gets this HTTP response.
        case respond(status: Int, headers: [String: String], body: Data)
    }

    private static let table = Mutex<[String: Behavior]>([:])

    /// A host name no other test uses and no resolver knows (RFC 6761 §6.4: `.invalid`).
    public static func uniqueHost(_ label: String = "stub") -> String {
        "\(label)-\(UUID().uuidString.lowercased()).invalid"
    }

    /// Runs `body` with `stubs` (behaviour by host name) registered, and removes them afterwards,
    /// whether `body` returns or throws.
    public static func withStubs<T: Sendable>(_ stubs: [String: Behavior],
                                              _ body: () async throws -> T) async rethrows -> T {
        table.withLock { table in table.merge(stubs) { _, new in new } }
        defer { table.withLock { table in stubs.keys.forEach { table[$0] = nil } } }
        return try await body()
    }

    private static func behavior(for request: URLRequest) -> Behavior? {
        guard let host = request.url?.host else { return nil }
        return table.withLock { $0[host] }
    }

    public override class func canInit(with request: URLRequest) -> Bool {
        behavior(for: request) != nil
    }

    public override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    public override func startLoading() {
        guard let url = request.url, let behavior = Self.behavior(for: request) else {
            client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
            return
        }
        switch behavior {
        case .fail(let code):
            client?.urlProtocol(self, didFailWithError: URLError(code, userInfo: [NSURLErrorFailingURLErrorKey: url]))
        case .respond(let status, let headers, let body):
            if let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1",
                                              headerFields: headers) {
                client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            }
            client?.urlProtocol(self, didLoad: body)
            client?.urlProtocolDidFinishLoading(self)
        }
    }

    public override func stopLoading() {}
}

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One URLSession shared by the fetches of one ``Fetcher``: ephemeral, no URL cache, no cookies, the
/// fetcher's delegate bridge, and the test stubs of the configuration in front.
final class HTTPSession: Sendable {
    private let session: URLSession
    private let bridge: SessionBridge
    private let timeout: Double

    /// - Parameters:
    ///   - configuration: timeouts, limits, headers and stub protocols of the fetcher.
    ///   - connectionsPerHost: this session's share of the fetcher's `jobs` connections to one
    ///     host (`HTTPSessionPool` divides them among its sessions).
    init(_ configuration: FetcherConfiguration, connectionsPerHost: Int) {
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.urlCache = nil
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.httpShouldSetCookies = false
        // `.never` also stops FoundationNetworking from parsing every response header line for
        // Set-Cookie (about 4% of a warm build's CPU).
        sessionConfiguration.httpCookieAcceptPolicy = .never
        sessionConfiguration.httpCookieStorage = nil
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout
        sessionConfiguration.timeoutIntervalForResource = configuration.timeout
        sessionConfiguration.httpMaximumConnectionsPerHost = max(1, connectionsPerHost)
        sessionConfiguration.httpAdditionalHeaders = configuration.sessionHeaders
        if !configuration.protocolClasses.isEmpty {
            sessionConfiguration.protocolClasses =
                configuration.protocolClasses + (sessionConfiguration.protocolClasses ?? [])
        }
        bridge = SessionBridge(maxBytes: configuration.maxBytes, maxRedirects: configuration.maxRedirects)
        session = URLSession(configuration: sessionConfiguration, delegate: bridge, delegateQueue: BoundedDelegateQueue())
        timeout = configuration.timeout
    }

    /// Runs `request` to its end, the whole transfer bounded by the per-feed timeout.
    func load(_ request: URLRequest) async -> TransferOutcome {
        let task = session.dataTask(with: request)
        let bridge = self.bridge
        let deadline = Task { [timeout] in
            try? await Task.sleep(for: .seconds(timeout))
            if !Task.isCancelled { bridge.abort(task, .timeout) }
        }
        defer { deadline.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                bridge.register(task, continuation)
                task.resume()
                if Task.isCancelled { bridge.abort(task, .cancelled) }  // cancelled before registration
            }
        } onCancel: {
            bridge.abort(task, .cancelled)
        }
    }

    /// Lets running tasks finish, then releases the session and its delegate (which the session
    /// holds strongly until invalidated).
    deinit {
        session.finishTasksAndInvalidate()
    }
}

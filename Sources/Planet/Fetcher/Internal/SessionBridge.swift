import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Why the fetcher stopped a transfer itself (rather than URLSession ending it).
enum TransferAbort: Sendable, Equatable {
    case timeout
    case tooLarge
    case tooManyRedirects
    case cancelled
}

/// What one HTTP transfer ended with.
enum TransferOutcome: Sendable {
    case response(HTTPURLResponse, Data, permanentRedirect: URL?)
    case aborted(TransferAbort)
    case failed(URLError)
}

/// The URLSession delegate that turns a data task's callbacks into one async result, enforcing
/// the size cap while bytes arrive (Content-Length first, then the running count) and counting
/// redirects. URLSession on Linux has no `bytes(for:)`, and `data(for:)` can neither cap nor
/// count, hence this bridge. State per task identifier sits behind one Mutex.
final class SessionBridge: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        var continuation: CheckedContinuation<TransferOutcome, Never>
        var data = Data()
        var response: HTTPURLResponse?
        var redirects = 0
        var permanentRedirect: URL?
        var onlyPermanentRedirects = true
        var abort: TransferAbort?
    }

    private let maxBytes: Int
    private let maxRedirects: Int
    private let transfers = Mutex<[Int: Transfer]>([:])

    init(maxBytes: Int, maxRedirects: Int) {
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
    }

    /// Registers `task` so its callbacks resume `continuation` once; call before `resume()`.
    func register(_ task: URLSessionTask, _ continuation: CheckedContinuation<TransferOutcome, Never>) {
        transfers.withLock { $0[task.taskIdentifier] = Transfer(continuation: continuation) }
    }

    /// Stops `task`; its result will be `.aborted(reason)` (the first reason wins). The cancel runs
    /// off the calling thread: from a delegate callback, a synchronous `cancel()` would wait for the
    /// session's work queue while that queue may wait for a `BoundedDelegateQueue` slot.
    func abort(_ task: URLSessionTask, _ reason: TransferAbort) {
        let known = transfers.withLock { transfers -> Bool in
            guard transfers[task.taskIdentifier] != nil else { return false }
            if transfers[task.taskIdentifier]?.abort == nil { transfers[task.taskIdentifier]?.abort = reason }
            return true
        }
        if known { DispatchQueue.global().async { task.cancel() } }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let http = response as? HTTPURLResponse
        transfers.withLock { $0[dataTask.taskIdentifier]?.response = http }
        if response.expectedContentLength > Int64(maxBytes) {
            abort(dataTask, .tooLarge)
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    /// Counts the bytes as URLSession hands them over: decoded bytes when the response had a
    /// `Content-Encoding` (libcurl inflates chunk by chunk), so a gzip bomb stops at the cap.
    /// Nothing more is kept once the transfer was aborted.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = transfers.withLock { transfers -> Bool in
            // Read in place: a copy of the Transfer would make the append below copy the buffer.
            guard transfers[dataTask.taskIdentifier]?.abort == nil,
                  let count = transfers[dataTask.taskIdentifier]?.data.count else { return false }
            guard count + data.count <= maxBytes else { return true }
            transfers[dataTask.taskIdentifier]?.data.append(data)
            return false
        }
        if tooLarge { abort(dataTask, .tooLarge) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask,
                    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
                    completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        let allowed = transfers.withLock { transfers -> Bool in
            guard var transfer = transfers[task.taskIdentifier] else { return false }
            transfer.redirects += 1
            if [301, 308].contains(response.statusCode) && transfer.onlyPermanentRedirects {
                transfer.permanentRedirect = request.url
            } else {
                transfer.onlyPermanentRedirects = false
            }
            if transfer.redirects > maxRedirects && transfer.abort == nil { transfer.abort = .tooManyRedirects }
            transfers[task.taskIdentifier] = transfer
            return transfer.abort == nil
        }
        completionHandler(allowed ? request : nil)
        if !allowed { DispatchQueue.global().async { task.cancel() } }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let outcome: TransferOutcome
        if let abort = transfer.abort {
            outcome = .aborted(abort)
        } else if let error {
            let urlError = error as? URLError ?? URLError(.unknown, userInfo: [NSUnderlyingErrorKey: error])
            // libcurl's "partial file" (fewer body bytes than Content-Length) reaches URLSession on
            // Linux as URLError.unknown; after a response that is a connection lost mid-body.
            let lostMidBody = urlError.code == .unknown && transfer.response != nil
            outcome = .failed(lostMidBody ? URLError(.networkConnectionLost) : urlError)
        } else if let response = transfer.response ?? (task.response as? HTTPURLResponse) {
            outcome = .response(response, transfer.data, permanentRedirect: transfer.permanentRedirect)
        } else {
            outcome = .failed(URLError(.badServerResponse))
        }
        transfer.continuation.resume(returning: outcome)
    }
}

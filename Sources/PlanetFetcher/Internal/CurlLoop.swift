import CCurl
import Foundation
import Glibc

/// The state of the ``CurlEngine`` thread's loop, owned by that thread: the multi handle, the
/// transfers running and waiting, and the responses to hand over. One method per event: a
/// command from the inbox (``take(_:)``), a place free (``startWaiting()``), transfers that
/// ended (``collectEnded()``), the end of the loop's turn (``flush()``).
final class CurlLoop {
    typealias Waiting = (id: Int, request: HTTPRequest, completion: CurlEngine.Completion)

    let multi: UnsafeMutableRawPointer
    /// Transfers run at once (`FetcherConfiguration.jobs`).
    let maxConcurrent: Int
    private var live: [Int: CurlTransfer] = [:]
    private var idOfEasy: [UnsafeMutableRawPointer: Int] = [:]
    /// Ids cancelled before their request arrived.
    private var cancelledEarly = Set<Int>()
    /// Easy handles of finished transfers, reused by the next ones (a new handle and its
    /// buffers cost ~10,000 instructions; Benchmarks/PERF.md); at most as many as ever ran at once.
    private var idle: [UnsafeMutableRawPointer] = []
    private var mostAtOnce = 0
    /// Requests waiting for one of the `maxConcurrent` places, first come first served, from
    /// `firstWaiting` on.
    private var waiting: [Waiting] = []
    private var firstWaiting = 0
    private var cancelledBatches = Set<Int>()
    /// Responses for sinks, handed over together at the end of the loop's turn (``flush()``).
    private var arrived: [(sink: any ResponseSink, token: Int, response: HTTPResponse)] = []
    private let cancelled = HTTPResponse.notRun(
        code: Int32(CURLE_ABORTED_BY_CALLBACK.rawValue), errorText: "cancelled", cancelled: true)

    /// A loop on a new multi handle; nil when libcurl cannot make one.
    init?(maxConcurrent: Int) {
        guard let multi = curl_multi_init() else { return nil }
        self.multi = multi
        self.maxConcurrent = maxConcurrent
    }

    deinit {
        for easy in idle { curl_easy_cleanup(easy) }
        curl_multi_cleanup(multi)
    }

    /// No transfer runs or waits.
    var isIdle: Bool { live.isEmpty && firstWaiting == waiting.count }
    /// A request waits for a place.
    var hasWaiting: Bool { firstWaiting < waiting.count }
    /// Fewer than `maxConcurrent` transfers run, so a new request could start at once.
    var placeFree: Bool { live.count < maxConcurrent }

    /// Applies one command of the inbox.
    func take(_ command: CurlEngine.Command) {
        switch command {
        case .add(let id, let request, let completion):
            if cancelledEarly.remove(id) != nil || completion.batch.map(cancelledBatches.contains) == true {
                complete(completion, cancelled)
                return
            }
            waiting.append((id, request, completion))
        case .cancelBatch(let batch):
            cancelledBatches.insert(batch)
            for (id, transfer) in live where transfer.completion.batch == batch { finish(id, cancelled) }
            var kept: [Waiting] = []
            for item in waiting[firstWaiting...] {
                if item.completion.batch == batch {
                    complete(item.completion, cancelled)
                } else {
                    kept.append(item)
                }
            }
            (waiting, firstWaiting) = (kept, 0)
        case .cancel(let id):
            if live[id] != nil {
                finish(id, cancelled)
            } else if let index = waiting[firstWaiting...].firstIndex(where: { $0.id == id }) {
                complete(waiting.remove(at: index).completion, cancelled)
            } else {
                cancelledEarly.insert(id)
            }
        }
    }

    /// Starts waiting requests, in order, while a place is free.
    func startWaiting() {
        while live.count < maxConcurrent, firstWaiting < waiting.count {
            let next = waiting[firstWaiting]
            firstWaiting += 1
            start(next.id, next.request, next.completion)
        }
        if firstWaiting == waiting.count {
            waiting.removeAll(keepingCapacity: true)
            firstWaiting = 0
        }
    }

    /// Lets libcurl run every transfer as far as it can without waiting, then completes those
    /// that ended; true when one did.
    func performAndCollect() -> Bool {
        var running: Int32 = 0
        curl_multi_perform(multi, &running)
        var left: Int32 = 0
        var ended = false
        while let message = curl_multi_info_read(multi, &left) {
            guard planet_curl_msg_is_done(message) != 0, let easy = planet_curl_msg_easy(message),
                let id = idOfEasy[easy], let transfer = live[id]
            else { continue }
            finish(id, transfer.response(code: planet_curl_msg_result(message)))
            ended = true
        }
        return ended
    }

    /// Waits (`curl_multi_poll`, at most a second) for the transfers' sockets or `wake`; true
    /// when `wake` became readable.
    func poll(wake: Int32) -> Bool {
        var waiter = curl_waitfd(fd: wake, events: Int16(CURL_WAIT_POLLIN), revents: 0)
        curl_multi_poll(multi, &waiter, 1, 1000, nil)
        return waiter.revents != 0
    }

    /// Hands the responses of the turn to their sinks, those of one sink together.
    func flush() {
        var start = 0
        while start < arrived.count {
            let sink = arrived[start].sink
            var end = start + 1
            while end < arrived.count, arrived[end].sink === sink { end += 1 }
            sink.receive(arrived[start..<end].map { ($0.token, $0.response) })
            start = end
        }
        arrived.removeAll(keepingCapacity: true)
    }

    private func complete(_ completion: CurlEngine.Completion, _ response: HTTPResponse) {
        switch completion {
        case .continuation(let continuation): continuation.resume(returning: response)
        case .sink(let sink, let token, _): arrived.append((sink, token, response))
        }
    }

    private func finish(_ id: Int, _ response: HTTPResponse) {
        guard let transfer = live.removeValue(forKey: id) else { return }
        idOfEasy[transfer.easy] = nil
        curl_multi_remove_handle(multi, transfer.easy)
        if idle.count < mostAtOnce { idle.append(transfer.detachHandle()) }
        complete(transfer.completion, response)
    }

    private func start(_ id: Int, _ request: HTTPRequest, _ completion: CurlEngine.Completion) {
        var request = request
        request.started = .now
        guard let transfer = CurlTransfer(request, completion: completion, reusing: idle.popLast()),
            curl_multi_add_handle(multi, transfer.easy) == CURLM_OK
        else {
            complete(
                completion,
                .notRun(code: Int32(CURLE_FAILED_INIT.rawValue), errorText: "libcurl could not start the transfer"))
            return
        }
        live[id] = transfer
        idOfEasy[transfer.easy] = id
        mostAtOnce = max(mostAtOnce, live.count)
    }
}

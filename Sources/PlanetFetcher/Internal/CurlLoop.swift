import CCurl
import CGlibcExtras
import Foundation
import Glibc
import PlanetBase

/// The state of the ``CurlEngine`` thread's loop, owned by that thread: the multi handle, the
/// transfers running and waiting, and the responses to hand over. One method per event: a
/// command from the inbox (``take(_:)``), a place free (``startWaiting()``), libcurl's timer
/// (``performAndCollect()``), sockets ready (``poll()``), the end of the loop's turn
/// (``flush()``).
///
/// libcurl is driven event by event (`curl_multi_socket_action`), not by `curl_multi_perform`
/// over every transfer: libcurl tells the loop which sockets to watch (CURLMOPT_SOCKETFUNCTION,
/// kept in an epoll set) and when it next needs time (CURLMOPT_TIMERFUNCTION), and the thread
/// sleeps in `epoll_wait` until one of those or the wake-up pipe. A wake-up costs the work of the
/// sockets that are ready, not a pass over every transfer (issue 30: with `curl_multi_poll` a warm
/// build against a slow upstream made 31 polls per request, each running every transfer).
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
    /// Requests waiting for one of the `maxConcurrent` places, by host: first come first served
    /// among the hosts below the per-host cap (`FetcherConfiguration.perHost`).
    private var waiting: HostQueues<Waiting>
    private var cancelledBatches = Set<Int>()
    /// Responses for sinks, handed over together at the end of the loop's turn (``flush()``).
    private var arrived: [(sink: any ResponseSink, token: Int, response: HTTPResponse)] = []
    /// When ``poll()`` lets events gather before it waits (against a slow upstream).
    private var moderation = WakeModeration()
    /// libcurl's sockets and the wake-up pipe, watched for ``poll()``.
    private let epoll: Int32
    /// The read end of the engine's wake-up pipe (``CurlEngine``), in `epoll` from the start.
    private let wake: Int32
    /// When libcurl wants its timeout action (CURLMOPT_TIMERFUNCTION); nil: no timer set.
    private var timerDue: ContinuousClock.Instant?
    /// The fds and events of one `epoll_wait`.
    private var readyFDs = [Int32](repeating: 0, count: 256)
    private var readyEvents = [UInt32](repeating: 0, count: 256)
    private let cancelled = HTTPResponse.notRun(
        code: Int32(CURLE_ABORTED_BY_CALLBACK.rawValue), errorText: "cancelled", cancelled: true)

    /// A loop on a new multi handle; nil when libcurl cannot make one. libcurl itself is told the
    /// per-host cap too (`CURLMOPT_MAX_HOST_CONNECTIONS`): a connection still closing never lets a
    /// host have more open than that.
    /// `wake`: the read end of the engine's wake-up pipe, watched beside libcurl's sockets.
    init?(maxConcurrent: Int, perHost: Int, wake: Int32) {
        let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { return nil }
        // Without the pipe (pipe(2) failed) the loop still runs, woken by its one-second limit.
        _ = planet_epoll_watch(epoll, wake, planet_EPOLLIN)
        guard let multi = curl_multi_init() else {
            close(epoll)
            return nil
        }
        self.multi = multi
        self.epoll = epoll
        self.wake = wake
        self.maxConcurrent = maxConcurrent
        waiting = HostQueues(perHost: perHost)
        planet_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(1, perHost))
        let context = Unmanaged.passUnretained(self).toOpaque()
        planet_curl_multi_setopt_socket_callback(multi) { _, socket, what, context, _ in
            guard let context else { return 0 }
            Unmanaged<CurlLoop>.fromOpaque(context).takeUnretainedValue().watch(socket, what)
            return 0
        }
        planet_curl_multi_setopt_pointer(multi, CURLMOPT_SOCKETDATA, context)
        planet_curl_multi_setopt_timer_callback(multi) { _, milliseconds, context in
            guard let context else { return 0 }
            Unmanaged<CurlLoop>.fromOpaque(context).takeUnretainedValue().setTimer(milliseconds)
            return 0
        }
        planet_curl_multi_setopt_pointer(multi, CURLMOPT_TIMERDATA, context)
    }

    deinit {
        for easy in idle { curl_easy_cleanup(easy) }
        curl_multi_cleanup(multi)
        close(epoll)
    }

    /// CURLMOPT_SOCKETFUNCTION: watch `socket` for what libcurl waits for, or no longer.
    private func watch(_ socket: curl_socket_t, _ what: Int32) {
        if what == planet_curl_poll_remove {
            planet_epoll_forget(epoll, socket)
            return
        }
        var events: UInt32 = 0
        if what & planet_curl_poll_in != 0 { events |= planet_EPOLLIN }
        if what & planet_curl_poll_out != 0 { events |= planet_EPOLLOUT }
        _ = planet_epoll_watch(epoll, socket, events)
    }

    /// CURLMOPT_TIMERFUNCTION: libcurl wants its timeout action in `milliseconds` (-1: never).
    private func setTimer(_ milliseconds: Int) {
        timerDue = milliseconds < 0 ? nil : .now + .milliseconds(milliseconds)
    }

    /// No transfer runs or waits.
    var isIdle: Bool { live.isEmpty && waiting.isEmpty }
    /// A request waits for a place.
    var hasWaiting: Bool { !waiting.isEmpty }
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
            waiting.append((id, request, completion), host: request.host)
        case .cancelBatch(let batch):
            cancelledBatches.insert(batch)
            for (id, transfer) in live where transfer.completion.batch == batch { finish(id, cancelled) }
            for item in waiting.removeAll(where: { $0.completion.batch == batch }) {
                complete(item.completion, cancelled)
            }
        case .cancel(let id):
            if live[id] != nil {
                finish(id, cancelled)
            } else if let item = waiting.removeAll(where: { $0.id == id }).first {
                complete(item.completion, cancelled)
            } else {
                cancelledEarly.insert(id)
            }
        }
    }

    /// Starts waiting requests, in order among the hosts below their cap, while a place is free.
    func startWaiting() {
        while live.count < maxConcurrent, let next = waiting.popNext() {
            start(next.item.id, next.item.request, next.item.completion)
        }
    }

    /// Runs libcurl's timeout action when its timer is due (it starts added transfers, and
    /// times transfers out), then completes the transfers that ended; true when one did.
    func performAndCollect() -> Bool {
        if let due = timerDue, due <= .now {
            timerDue = nil
            var running: Int32 = 0
            curl_multi_socket_action(multi, planet_curl_socket_timeout, 0, &running)
        }
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

    /// Sleeps until a watched socket is ready, libcurl's timer or the hand-over of waiting
    /// responses is due (at most a second), or `wake` becomes readable; hands each ready socket to
    /// libcurl. True when `wake` was readable.
    func poll() -> Bool {
        moderation.slack = live.values.lazy.map(\.request.grantsSlack).max() ?? 0
        if let rest = moderation.sleepBeforeWaiting(at: .now) {
            usleep(UInt32(rest.inSeconds * 1_000_000))
        }
        var timeout: Int32 = 1000
        let flushDue = oldestArrival.map { $0 + coalescing }
        if let due = [timerDue, flushDue].compactMap({ $0 }).min() {
            let milliseconds = ContinuousClock.now.duration(to: due).inMilliseconds(roundingUp: true)
            timeout = Int32(clamping: max(0, min(1000, milliseconds)))
        }
        let count = readyFDs.withUnsafeMutableBufferPointer { fds in
            readyEvents.withUnsafeMutableBufferPointer { events in
                planet_epoll_wait(epoll, fds.baseAddress, events.baseAddress, Int32(fds.count), timeout)
            }
        }
        moderation.woke(at: .now)
        var woken = false
        var running: Int32 = 0
        for index in 0..<Int(count) {
            let fd = readyFDs[index]
            if fd == wake {
                woken = true
                continue
            }
            let events = readyEvents[index]
            var mask: Int32 = 0
            if events & planet_EPOLLIN != 0 { mask |= planet_curl_cselect_in }
            if events & planet_EPOLLOUT != 0 { mask |= planet_curl_cselect_out }
            if events & planet_EPOLLERR != 0 { mask |= planet_curl_cselect_err }
            curl_multi_socket_action(multi, fd, mask, &running)
        }
        return woken
    }

    /// How long a response may wait to be handed over with later ones: the task that drives a
    /// batch then wakes once for several responses instead of once for each (against a slow
    /// upstream, where responses come one by one, a wake-up per response was most of the CPU
    /// beyond a fast upstream's: Benchmarks/PERF.md, session 11). A cron build does not notice 10 ms.
    /// Against a slow upstream, twice the loop's pause (``WakeModeration``) when that is longer:
    /// the engine starts its waiting requests itself, so a later hand-over delays no transfer.
    var coalescing: Duration { max(Self.leastCoalescing, .seconds(2 * moderation.pause)) }
    static let leastCoalescing = Duration.milliseconds(10)
    /// When the oldest response not yet handed over arrived; nil when none waits.
    private var oldestArrival: ContinuousClock.Instant?

    /// Hands the responses waiting to their sinks (those of one sink together) when it is time:
    /// the oldest has waited ``coalescing``, a quarter of the places' worth have come, or the
    /// engine has nothing left to start (the driving task must hand it more, or learn the end).
    func flushIfDue() {
        guard let oldest = oldestArrival else { return }
        guard !hasWaiting || arrived.count >= max(1, maxConcurrent / 4) || oldest + coalescing <= .now
        else { return }
        flush()
    }

    /// Hands every response waiting to its sink, those of one sink together.
    func flush() {
        oldestArrival = nil
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
        case .sink(let sink, let token, _):
            if arrived.isEmpty { oldestArrival = .now }
            arrived.append((sink, token, response))
        }
    }

    private func finish(_ id: Int, _ response: HTTPResponse) {
        guard let transfer = live.removeValue(forKey: id) else { return }
        idOfEasy[transfer.easy] = nil
        waiting.ended(host: transfer.request.host)
        if let started = transfer.request.started {
            moderation.transferEnded(after: started.duration(to: .now).inSeconds)
        }
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
            waiting.ended(host: request.host)
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

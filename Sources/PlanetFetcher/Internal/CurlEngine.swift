import CCurl
import Foundation
import Glibc
import Synchronization

/// libcurl's multi interface behind an async API: one multi handle, driven by one dedicated
/// thread that runs `curl_multi_perform` and `curl_multi_poll`; connections (and HTTP/2
/// multiplexing) are shared by every transfer of the engine.
///
/// ``transfer(_:)`` hands a request to the thread and suspends until libcurl reports it done
/// (CURLMSG_DONE); cancelling the calling task removes the transfer. ``submit(_:batch:to:)``
/// hands it many at once, whose responses go to a ``ResponseSink``, those of one turn of the
/// loop together (the build's fetch loop: `Fetcher.fetchAll`). At most `maxConcurrent`
/// transfers run at once; the others wait in order of arrival, and the thread starts the next
/// one as soon as one ends, without a round trip through the caller's tasks (so callers may hand
/// it more requests than that, to keep it busy: Benchmarks/PERF.md). Only Sendable values cross
/// between threads: requests and completions go in through a Mutex-guarded inbox (the thread
/// is woken through a pipe it polls beside the transfers' sockets), responses come out through
/// the continuations and sinks. The easy handles, the multi handle and libcurl's callbacks never leave the
/// thread. The thread starts at the first transfer and ends when ``shutDown()`` was called and
/// no transfer is left.
final class CurlEngine: Sendable {
    /// Where a transfer's response goes: the continuation of the one task that waits for it
    /// (``transfer(_:)``), or a sink that takes the responses of many (``submit(_:batch:to:)``),
    /// handed over together when several end in one turn of the thread's loop.
    enum Completion: Sendable {
        case continuation(CheckedContinuation<HTTPResponse, Never>)
        /// `token` names the request to the sink; `batch` is the id of the submitting batch
        /// (``newBatch()``), which ``cancel(batch:)`` ends whole.
        case sink(any ResponseSink, token: Int, batch: Int)

        var batch: Int? {
            if case .sink(_, _, let batch) = self { return batch }
            return nil
        }

        /// Hands `response` over at once.
        func resume(_ response: HTTPResponse) {
            switch self {
            case .continuation(let continuation): continuation.resume(returning: response)
            case .sink(let sink, let token, _): sink.receive([(token, response)])
            }
        }
    }

    private enum Command: Sendable {
        case add(id: Int, HTTPRequest, Completion)
        case cancel(id: Int)
        case cancelBatch(Int)
    }

    private struct Inbox: Sendable {
        var commands: [Command] = []
        var started = false
        var stopping = false
        /// libcurl could not make a multi handle: every request fails at once.
        var broken = false
        /// The thread is in (or about to enter) `curl_multi_poll` and reads no command until it
        /// returns: only then does a command need the wake-up pipe.
        var polling = false
        /// While `polling`: fewer than `maxConcurrent` transfers run, so a new request could
        /// start at once. When every place is taken, an added request waits for one to end
        /// anyway, and the end of a transfer ends the poll: no wake-up is needed.
        var placeFree = false
        /// A byte was written to the wake-up pipe during this poll (one is enough).
        var poked = false
    }

    private let inbox = Mutex(Inbox())
    private let nextID = Atomic<Int>(0)
    /// Transfers run at once (`FetcherConfiguration.jobs`), at least 1.
    let maxConcurrent: Int
    /// The pipe that wakes the thread: it polls `wake.read`, others write a byte to `wake.write`.
    private let wake: (read: Int32, write: Int32)

    /// libcurl's global state, set up once per process before any handle is made (Swift runs a
    /// global's initializer exactly once, whichever thread asks first).
    private static let global: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    init(maxConcurrent: Int = .max) {
        self.maxConcurrent = max(1, maxConcurrent)
        _ = Self.global
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        }
        wake = (fds[0], fds[1])
    }

    /// Runs `request` to its end.
    func transfer(_ request: HTTPRequest) async -> HTTPResponse {
        let id = nextID.add(1, ordering: .relaxed).oldValue
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                send([.add(id: id, request, .continuation(continuation))])
            }
        } onCancel: {
            send([.cancel(id: id)])
        }
    }

    /// A new batch id for ``submit(_:batch:to:)``, never given before by this engine.
    func newBatch() -> Int {
        nextID.add(1, ordering: .relaxed).oldValue
    }

    /// Queues `requests` (in order, behind those already waiting) in one go; each one's response
    /// goes to `sink` with its token. A batch cancelled before is answered "cancelled" at once.
    func submit(_ requests: [(token: Int, request: HTTPRequest)], batch: Int, to sink: any ResponseSink) {
        guard !requests.isEmpty else { return }
        send(
            requests.map { item in
                .add(
                    id: nextID.add(1, ordering: .relaxed).oldValue, item.request,
                    .sink(sink, token: item.token, batch: batch))
            })
    }

    /// Ends every transfer of `batch`, running or waiting, and every one submitted later; each
    /// is answered "cancelled".
    func cancel(batch: Int) {
        send([.cancelBatch(batch)])
    }

    /// Lets the transfers under way finish, then ends the thread.
    func shutDown() {
        let (started, wake) = inbox.withLock { inbox -> (Bool, Bool) in
            inbox.stopping = true
            return (inbox.started, Self.takeWake(&inbox, needed: true))
        }
        if !started {
            closePipe()
        } else if wake {
            poke()
        }
    }

    /// Whether a command just queued must wake the thread (it polls, the command cannot wait for
    /// the poll to end, and no byte is in the pipe yet); marks the pipe poked if so. Called under
    /// the inbox's lock.
    private static func takeWake(_ inbox: inout Inbox, needed: Bool) -> Bool {
        guard inbox.polling, needed, !inbox.poked else { return false }
        inbox.poked = true
        return true
    }

    private func send(_ commands: [Command]) {
        let (start, broken, wake) = inbox.withLock { inbox -> (Bool, Bool, Bool) in
            if inbox.broken { return (false, true, false) }
            inbox.commands.append(contentsOf: commands)
            defer { inbox.started = true }
            // An added request can wait for the poll to end when no place is free; a cancel cannot.
            let needed = commands.contains { command in
                if case .add = command { return inbox.placeFree }
                return true
            }
            return (!inbox.started, false, Self.takeWake(&inbox, needed: needed))
        }
        if broken {
            for case .add(_, _, let completion) in commands {
                completion.resume(
                    .notRun(
                        code: Int32(CURLE_FAILED_INIT.rawValue),
                        errorText: "libcurl could not make a multi handle"))
            }
            return
        }
        if start {
            let thread = Thread { [self] in run() }
            thread.name = "planet-curl"
            thread.start()
        } else if wake {
            poke()
        }
    }

    private func poke() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    private func closePipe() {
        close(wake.read)
        close(wake.write)
    }

    /// The thread's loop: take commands, perform, collect finished transfers, poll.
    private func run() {
        guard let multi = curl_multi_init() else {
            failEverything()
            return
        }
        var live: [Int: CurlTransfer] = [:]
        var idOfEasy: [UnsafeMutableRawPointer: Int] = [:]
        var cancelledEarly = Set<Int>()
        // Easy handles of finished transfers, reused by the next ones (a new handle and its
        // buffers cost ~10,000 instructions; Benchmarks/PERF.md); at most as many as ever ran at once.
        var idle: [UnsafeMutableRawPointer] = []
        var mostAtOnce = 0
        // Requests waiting for one of the `maxConcurrent` places, first come first served.
        var waiting: [(id: Int, request: HTTPRequest, completion: Completion)] = []
        var firstWaiting = 0
        var cancelledBatches = Set<Int>()
        // Responses for sinks, handed over together at the end of the loop's turn (`flush`).
        var arrived: [(sink: any ResponseSink, token: Int, response: HTTPResponse)] = []
        let cancelled = HTTPResponse.notRun(
            code: Int32(CURLE_ABORTED_BY_CALLBACK.rawValue), errorText: "cancelled", cancelled: true)

        func complete(_ completion: Completion, _ response: HTTPResponse) {
            switch completion {
            case .continuation(let continuation): continuation.resume(returning: response)
            case .sink(let sink, let token, _): arrived.append((sink, token, response))
            }
        }

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

        func finish(_ id: Int, _ response: HTTPResponse) {
            guard let transfer = live.removeValue(forKey: id) else { return }
            idOfEasy[transfer.easy] = nil
            curl_multi_remove_handle(multi, transfer.easy)
            if idle.count < mostAtOnce { idle.append(transfer.detachHandle()) }
            complete(transfer.completion, response)
        }

        func start(_ id: Int, _ request: HTTPRequest, _ completion: Completion) {
            var request = request
            request.started = .now
            guard let transfer = CurlTransfer(request, completion: completion, reusing: idle.popLast()),
                curl_multi_add_handle(multi, transfer.easy) == CURLM_OK
            else {
                complete(
                    completion,
                    .notRun(
                        code: Int32(CURLE_FAILED_INIT.rawValue),
                        errorText: "libcurl could not start the transfer"))
                return
            }
            live[id] = transfer
            idOfEasy[transfer.easy] = id
            mostAtOnce = max(mostAtOnce, live.count)
        }

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

        while true {
            let (commands, stopping) = inbox.withLock { inbox in
                defer { inbox.commands = [] }
                return (inbox.commands, inbox.stopping)
            }
            for command in commands {
                switch command {
                case .add(let id, let request, let completion):
                    if cancelledEarly.remove(id) != nil || completion.batch.map(cancelledBatches.contains) == true {
                        complete(completion, cancelled)
                        continue
                    }
                    waiting.append((id, request, completion))
                case .cancelBatch(let batch):
                    cancelledBatches.insert(batch)
                    for (id, transfer) in live where transfer.completion.batch == batch { finish(id, cancelled) }
                    var kept: [(id: Int, request: HTTPRequest, completion: Completion)] = []
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
                        finish(
                            id,
                            .notRun(
                                code: Int32(CURLE_ABORTED_BY_CALLBACK.rawValue), errorText: "cancelled",
                                cancelled: true))
                    } else if let index = waiting[firstWaiting...].firstIndex(where: { $0.id == id }) {
                        complete(waiting.remove(at: index).completion, cancelled)
                    } else {
                        cancelledEarly.insert(id)
                    }
                }
            }
            startWaiting()
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
            flush()
            // A place came free and a request waits: start it now, without waiting for the poll.
            if ended, firstWaiting < waiting.count { continue }
            if stopping && live.isEmpty && firstWaiting == waiting.count && inbox.withLock({ $0.commands.isEmpty }) {
                break
            }
            // Commands that came since the top of the loop are taken before polling; otherwise the
            // senders are told to wake the thread (`Inbox.polling`).
            let placeFree = live.count < maxConcurrent
            let poll = inbox.withLock { inbox -> Bool in
                guard inbox.commands.isEmpty, !inbox.stopping || !live.isEmpty else { return false }
                (inbox.polling, inbox.placeFree, inbox.poked) = (true, placeFree, false)
                return true
            }
            guard poll else { continue }
            var waiter = curl_waitfd(fd: wake.read, events: Int16(CURL_WAIT_POLLIN), revents: 0)
            curl_multi_poll(multi, &waiter, 1, 1000, nil)
            let poked = inbox.withLock { inbox -> Bool in
                inbox.polling = false
                return inbox.poked
            }
            if poked || waiter.revents != 0 {
                var drain: (UInt64, UInt64) = (0, 0)
                while read(wake.read, &drain, MemoryLayout.size(ofValue: drain)) > 0 {}
            }
        }
        for easy in idle { curl_easy_cleanup(easy) }
        curl_multi_cleanup(multi)
        closePipe()
    }

    /// Without a multi handle, every waiting request fails at once, and every later one.
    private func failEverything() {
        let commands = inbox.withLock { inbox in
            inbox.broken = true
            defer { inbox.commands = [] }
            return inbox.commands
        }
        closePipe()
        for case .add(_, _, let completion) in commands {
            completion.resume(
                .notRun(
                    code: Int32(CURLE_FAILED_INIT.rawValue),
                    errorText: "libcurl could not make a multi handle"))
        }
    }
}

/// Takes the responses of a batch of transfers (``CurlEngine/submit(_:batch:to:)``), on the
/// engine's thread: it must only store them and wake whoever waits, never block.
protocol ResponseSink: AnyObject, Sendable {
    /// Responses that ended, each with the token it was submitted with.
    func receive(_ responses: [(token: Int, response: HTTPResponse)])
}

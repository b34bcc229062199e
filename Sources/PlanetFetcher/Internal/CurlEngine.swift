import CCurl
import Foundation
import Glibc
import PlanetBase
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

    /// What other threads ask of the engine's thread, through the inbox.
    enum Command: Sendable {
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
    /// Transfers run at once to one host (`FetcherConfiguration.perHost`), at least 1.
    let perHost: Int
    /// The pipe that wakes the thread: it polls `wake.read`, others write a byte to `wake.write`.
    private let wake: (read: Int32, write: Int32)

    /// libcurl's global state, set up once per process before any handle is made (Swift runs a
    /// global's initializer exactly once, whichever thread asks first).
    private static let global: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    init(maxConcurrent: Int = .max, perHost: Int = .max) {
        self.maxConcurrent = max(1, maxConcurrent)
        self.perHost = max(1, perHost)
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
                add([(id, request, .continuation(continuation))])
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
        add(
            requests.map { item in
                (nextID.add(1, ordering: .relaxed).oldValue, item.request, .sink(sink, token: item.token, batch: batch))
            })
    }

    /// Queues `requests`; one with a ``ProxyTargetCheck`` is queued once the check has passed it
    /// (or answered with its refusal), on a thread of the global queue since resolving a name
    /// blocks: neither this thread nor the engine's waits for it, and the time it takes is taken
    /// from the request's time limit. A cancel that comes while a check runs finds nothing to end;
    /// the transfer then runs to its own time limit.
    private func add(_ requests: [(id: Int, request: HTTPRequest, completion: Completion)]) {
        var commands: [Command] = []
        commands.reserveCapacity(requests.count)
        for (id, request, completion) in requests {
            guard let check = request.targetCheck else {
                commands.append(.add(id: id, request, completion))
                continue
            }
            DispatchQueue.global(qos: .utility).async { [self] in
                let clock = ContinuousClock()
                let start = clock.now
                var (checked, refusal) = check.apply(to: request)
                // The time the check took (a slow name service) comes out of the fetch's time limit.
                let spent = Int(start.duration(to: clock.now).inMilliseconds(roundingUp: true))
                checked.timeoutMilliseconds = max(1, request.timeoutMilliseconds - spent)
                if let refusal {
                    completion.resume(refusal)
                } else {
                    send([.add(id: id, checked, completion)])
                }
            }
        }
        if !commands.isEmpty { send(commands) }
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

    /// The thread's loop: take commands, start waiting requests, perform, collect finished
    /// transfers, poll (the state is a ``CurlLoop``).
    private func run() {
        guard let loop = CurlLoop(maxConcurrent: maxConcurrent, perHost: perHost, wake: wake.read) else {
            failEverything()
            return
        }
        while true {
            let (commands, stopping) = inbox.withLock { inbox in
                defer { inbox.commands = [] }
                return (inbox.commands, inbox.stopping)
            }
            for command in commands { loop.take(command) }
            loop.startWaiting()
            let ended = loop.performAndCollect()
            loop.flushIfDue()
            // A place came free and a request waits: start it now, without waiting for the poll.
            if ended, loop.hasWaiting { continue }
            if stopping && loop.isIdle && inbox.withLock({ $0.commands.isEmpty }) { break }
            // Commands that came since the top of the loop are taken before polling; otherwise the
            // senders are told to wake the thread (`Inbox.polling`).
            let placeFree = loop.placeFree
            let idle = loop.isIdle
            let poll = inbox.withLock { inbox -> Bool in
                guard inbox.commands.isEmpty, !inbox.stopping || !idle else { return false }
                (inbox.polling, inbox.placeFree, inbox.poked) = (true, placeFree, false)
                return true
            }
            guard poll else { continue }
            let woken = loop.poll()
            let poked = inbox.withLock { inbox -> Bool in
                inbox.polling = false
                return inbox.poked
            }
            if poked || woken { drainWake() }
        }
        closePipe()
    }

    /// Empties the wake-up pipe.
    private func drainWake() {
        var drain: (UInt64, UInt64) = (0, 0)
        while read(wake.read, &drain, MemoryLayout.size(ofValue: drain)) > 0 {}
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

import Foundation
import Synchronization

/// A real HTTP/1.1 server on 127.0.0.1 for tests: POSIX sockets, an ephemeral port, one thread
/// accepting and one thread per connection, one request per connection (`Connection: close`).
///
/// Routes map a request path (without query) to a ``LoopbackRoute``; other paths get 404. Every
/// request is recorded so tests can assert what a client sent (conditional headers, User-Agent).
/// All mutable state sits behind one `Mutex`, so the server is `Sendable` without `@unchecked`.
///
/// ```swift
/// let server = try await LoopbackServer.start(["/feed.xml": .ok(rss)])
/// defer { Task { await server.stop() } }   // or: await server.stop() at the end
/// let url = server.url(for: "/feed.xml")
/// ```
/// Call ``stop()`` when done: it closes the listening socket and every open connection.
public final class LoopbackServer: Sendable {
    /// The TCP port the kernel chose.
    public let port: Int
    private let listener: Int32
    private let routes: [String: LoopbackRoute]
    private let state = Mutex(State())

    private struct State {
        var requests: [LoopbackRequest] = []
        var openConnections: Set<Int32> = []
        var connections = 0
        var inFlight = 0
        var maxInFlight = 0
        var stopped = false
        var acceptLoopDone = false
        var stopWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// The address listened on.
    public let address: LoopbackAddress

    private init(listener: Int32, port: Int, address: LoopbackAddress, routes: [String: LoopbackRoute]) {
        self.listener = listener
        self.port = port
        self.address = address
        self.routes = routes
    }

    /// Binds `address` (127.0.0.1 unless given) on an ephemeral port and starts accepting.
    /// - Parameters:
    ///   - routes: responses by request path, e.g. `["/feed.xml": .ok(data)]`.
    ///   - address: a loopback address: another of 127.0.0.0/8, or `::1`.
    /// - Throws: when the socket cannot be created, bound or listened on (`::1` on a machine
    ///   without IPv6 loopback).
    public static func start(
        _ routes: [String: LoopbackRoute],
        address: LoopbackAddress = .ipv4(0x7f00_0001)
    ) async throws -> LoopbackServer {
        let (fd, port) = try Socket.listenOnLoopback(address)
        let server = LoopbackServer(listener: fd, port: port, address: address, routes: routes)
        let thread = Thread { server.acceptLoop() }
        thread.name = "LoopbackServer:\(port)"
        thread.start()
        return server
    }

    /// `http://127.0.0.1:PORT` (or the address listened on) + `path` (which starts with `/`).
    public func url(for path: String) -> URL {
        URL(string: "http://\(address.urlHost):\(port)\(path)")!  // an ASCII path always forms a URL
    }

    /// Every request received so far, in arrival order.
    public var requests: [LoopbackRequest] { state.withLock { $0.requests } }

    /// The requests received for `path`.
    public func requests(to path: String) -> [LoopbackRequest] {
        requests.filter { $0.path == path }
    }

    /// The most requests that were being answered at the same moment (from request received to
    /// response written), for asserting a client's concurrency bound.
    public var maxConcurrentRequests: Int { state.withLock { $0.maxInFlight } }

    /// Connections accepted so far.
    public var connectionCount: Int { state.withLock { $0.connections } }

    /// Stops accepting, cuts every open connection and returns once the accept thread has ended.
    /// Connection threads still sleeping on a delay wake up and end on their own.
    public func stop() async {
        let open = state.withLock { state -> Set<Int32> in
            state.stopped = true
            return state.openConnections
        }
        Socket.shutdownBoth(listener)
        open.forEach(Socket.shutdownBoth)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                if !state.acceptLoopDone { state.stopWaiters.append(continuation) }
                return state.acceptLoopDone
            }
            if done { continuation.resume() }
        }
    }

    private func acceptLoop() {
        while let client = Socket.accept(listener) {
            let stopped = state.withLock { state -> Bool in
                state.connections += 1
                state.openConnections.insert(client)
                return state.stopped
            }
            if stopped { Socket.shutdownBoth(client) }
            let thread = Thread { self.serve(client) }
            thread.start()
        }
        Socket.close(listener)
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.acceptLoopDone = true
            defer { state.stopWaiters = [] }
            return state.stopWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Reads one request from `client`, answers it according to its route and closes.
    private func serve(_ client: Int32) {
        defer {
            state.withLock { _ = $0.openConnections.remove(client) }
            Socket.close(client)
        }
        Socket.setReceiveTimeout(client, seconds: 10)
        guard let request = readRequest(client) else { return }
        state.withLock { state in
            state.requests.append(request)
            state.inFlight += 1
            state.maxInFlight = max(state.maxInFlight, state.inFlight)
        }
        // A request stops counting as in flight just before the last bytes of its response are
        // written: the client cannot have the whole response (and start its next request) before
        // then, so `maxConcurrentRequests` never counts one of its requests twice over.
        var counted = true
        func done() {
            guard counted else { return }
            counted = false
            state.withLock { $0.inFlight -= 1 }
        }
        defer { done() }
        let response =
            routes[request.path]?.respond(request)
            ?? LoopbackResponse(status: 404, body: Data("no route for \(request.path)\n".utf8))
        if response.delay > 0, Socket.peerActs(client, within: response.delay) {
            return  // the client gave up (or the server stops) before the delay ran out
        }
        if let raw = response.raw {
            done()
            _ = Socket.write(client, raw)
            return
        }
        let count = min(response.closeAfterBytes ?? response.body.count, response.body.count)
        let bodyFollows = request.method != "HEAD" && count > 0
        if !bodyFollows { done() }
        guard Socket.write(client, response.head), bodyFollows else { return }
        done()
        _ = Socket.write(client, response.body.prefix(count))
    }

    private func readRequest(_ client: Int32) -> LoopbackRequest? {
        let separator = Data("\r\n\r\n".utf8)
        var buffer = Data()
        while true {
            if let end = buffer.range(of: separator)?.lowerBound {
                return LoopbackRequest.parse(
                    head: String(decoding: buffer[..<end], as: UTF8.self),
                    port: port, host: address.urlHost)
            }
            guard buffer.count < 65_536, let chunk = Socket.read(client) else { return nil }
            buffer.append(chunk)
        }
    }
}

/// A loopback address for ``LoopbackServer`` to listen on: tests never send a packet elsewhere.
public enum LoopbackAddress: Sendable, Equatable {
    /// An address of 127.0.0.0/8, host byte order (`0x7f00_0002` is 127.0.0.2).
    case ipv4(UInt32)
    /// `::1`.
    case ipv6Loopback

    /// 127.0.0.2.
    public static let second = LoopbackAddress.ipv4(0x7f00_0002)

    var isIPv6: Bool { self == .ipv6Loopback }

    /// The host as written in a URL: `127.0.0.2`, `[::1]`.
    public var urlHost: String {
        switch self {
        case .ipv4(let host):
            return "\(host >> 24).\((host >> 16) & 0xff).\((host >> 8) & 0xff).\(host & 0xff)"
        case .ipv6Loopback:
            return "[::1]"
        }
    }
}

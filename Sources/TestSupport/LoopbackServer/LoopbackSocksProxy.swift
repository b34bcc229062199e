import Foundation
import Synchronization

/// A SOCKS5 proxy on 127.0.0.1 for tests (RFC 1928, no authentication) that never connects
/// anywhere: it records the destination of each CONNECT (an IPv4 or IPv6 address as text, or
/// the name of a socks5h request), grants it, and answers the one HTTP request that follows
/// itself with `response` (raw bytes), then closes. Tests judge by what reached it.
public final class LoopbackSocksProxy: Sendable {
    /// The TCP port the kernel chose.
    public let port: Int
    private let listener: Int32
    private let response: @Sendable (String) -> Data
    private let state = Mutex<(destinations: [String], done: Bool, waiters: [CheckedContinuation<Void, Never>])>(
        ([], false, []))

    private init(listener: Int32, port: Int, response: @escaping @Sendable (String) -> Data) {
        self.listener = listener
        self.port = port
        self.response = response
    }

    /// Binds 127.0.0.1 on an ephemeral port and starts accepting.
    /// - Parameter response: the raw HTTP response for a request to a destination (`host:port`).
    public static func start(response: @escaping @Sendable (String) -> Data) throws -> LoopbackSocksProxy {
        let (fd, port) = try Socket.listenOnLoopback()
        let proxy = LoopbackSocksProxy(listener: fd, port: port, response: response)
        let thread = Thread { proxy.acceptLoop() }
        thread.start()
        return proxy
    }

    /// Each CONNECT's destination as `host:port`, in arrival order.
    public var destinations: [String] { state.withLock { $0.destinations } }

    /// Stops accepting and returns once the accept thread has ended.
    public func stop() async {
        Socket.shutdownBoth(listener)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                if !state.done { state.waiters.append(continuation) }
                return state.done
            }
            if done { continuation.resume() }
        }
    }

    private func acceptLoop() {
        while let client = Socket.accept(listener) {
            let thread = Thread { self.serve(client) }
            thread.start()
        }
        Socket.close(listener)
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.done = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    private func serve(_ client: Int32) {
        defer { Socket.close(client) }
        Socket.setReceiveTimeout(client, seconds: 10)
        var buffer = [UInt8]()
        func need(_ count: Int) -> Bool {
            while buffer.count < count {
                guard let chunk = Socket.read(client) else { return false }
                buffer += chunk
            }
            return true
        }
        // Greeting: VER NMETHODS METHODS; answer "no authentication".
        guard need(2), buffer[0] == 5, need(2 + Int(buffer[1])) else { return }
        buffer.removeFirst(2 + Int(buffer[1]))
        guard Socket.write(client, Data([5, 0])) else { return }
        // Request: VER CMD RSV ATYP DST.ADDR DST.PORT.
        guard need(5) else { return }
        let host: String
        let length: Int
        switch buffer[3] {
        case 1:
            length = 4 + 4 + 2
            guard need(length) else { return }
            host = buffer[4..<8].map(String.init).joined(separator: ".")
        case 4:
            length = 4 + 16 + 2
            guard need(length) else { return }
            var text = [CChar](repeating: 0, count: 64)
            let bytes = Array(buffer[4..<20])
            _ = bytes.withUnsafeBytes { inet_ntop(AF_INET6, $0.baseAddress, &text, 64) }
            host = "[" + String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "]"
        case 3:
            length = 4 + 1 + Int(buffer[4]) + 2
            guard need(length) else { return }
            host = String(decoding: buffer[5..<(5 + Int(buffer[4]))], as: UTF8.self)
        default:
            return
        }
        let destination = "\(host):\(Int(buffer[length - 2]) << 8 | Int(buffer[length - 1]))"
        buffer.removeFirst(length)
        state.withLock { $0.destinations.append(destination) }
        guard Socket.write(client, Data([5, 0, 0, 1, 0, 0, 0, 0, 0, 0])) else { return }
        // The HTTP request that follows, answered here.
        while Data(buffer).range(of: Data("\r\n\r\n".utf8)) == nil {
            guard buffer.count < 65_536, let chunk = Socket.read(client) else { return }
            buffer += chunk
        }
        _ = Socket.write(client, response(destination))
    }
}

import Foundation
import Glibc

/// The POSIX socket calls the loopback server needs, wrapped once (no C type leaves this file).
/// Linux (Glibc) only, like the rest of the project's CI.
enum Socket {
    /// What went wrong setting up the listening socket.
    struct Failure: Error, Equatable, CustomStringConvertible {
        var call: String
        var errno: Int32
        var description: String { "\(call) failed: \(String(cString: strerror(errno)))" }
    }

    /// A TCP socket listening on `address` (a loopback address) at an ephemeral port.
    /// - Returns: the file descriptor and the port the kernel chose (read back with getsockname).
    static func listenOnLoopback(
        _ address: LoopbackAddress = .ipv4(0x7f00_0001),
        backlog: Int32 = 64
    ) throws(Failure) -> (fd: Int32, port: Int) {
        let family = address.isIPv6 ? AF_INET6 : AF_INET
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(call: "socket", errno: errno) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32
        switch address {
        case .ipv4(let host):
            var v4 = sockaddr_in()
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = 0
            v4.sin_addr.s_addr = host.bigEndian
            bound = withUnsafePointer(to: &v4) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        case .ipv6Loopback:
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
            var v6 = sockaddr_in6()
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = 0
            v6.sin6_addr = in6addr_loopback
            bound = withUnsafePointer(to: &v6) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
        guard bound == 0, listen(fd, backlog) == 0 else {
            let failure = Failure(call: bound == 0 ? "listen" : "bind", errno: errno)
            close(fd)
            throw failure
        }
        var actual = sockaddr_in6()
        var actualLength = socklen_t(MemoryLayout<sockaddr_in6>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &actualLength) }
        }
        // sin_port and sin6_port sit at the same offset.
        return (fd, Int(UInt16(bigEndian: actual.sin6_port)))
    }

    /// A TCP connection to 127.0.0.1:`port`; nil when refused.
    static func connectToLoopback(port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Blocks until a client connects; nil once the listening socket is shut down.
    static func accept(_ fd: Int32) -> Int32? {
        while true {
            let client = Glibc.accept(fd, nil, nil)
            if client >= 0 {
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)  // not inherited by processes tests spawn
                return client
            }
            if errno == EINTR || errno == ECONNABORTED { continue }
            return nil
        }
    }

    /// Reads what is available (blocking); nil on end of stream or error.
    static func read(_ fd: Int32, max: Int = 16_384) -> Data? {
        var buffer = [UInt8](repeating: 0, count: max)
        while true {
            let count = recv(fd, &buffer, max, 0)
            if count > 0 { return Data(buffer[0..<count]) }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// Writes all of `data`; false when the peer is gone. Never raises SIGPIPE.
    static func write(_ fd: Int32, _ data: Data) -> Bool {
        var sent = 0
        let bytes = [UInt8](data)
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return false }
            sent += count
        }
        return true
    }

    /// Waits up to `seconds` for the peer to send or hang up; true if it did (the wait is cut short).
    static func peerActs(_ fd: Int32, within seconds: Double) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let result = poll(&poller, 1, Int32((seconds * 1000).rounded()))
        return result != 0
    }

    /// Sets a receive timeout so a silent client cannot hold a connection thread forever.
    static func setReceiveTimeout(_ fd: Int32, seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Wakes every thread blocked on `fd` (accept, recv, poll) without releasing the descriptor.
    static func shutdownBoth(_ fd: Int32) {
        _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
    }

    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }
}

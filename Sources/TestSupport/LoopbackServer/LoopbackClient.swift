import Foundation

/// A minimal HTTP/1.1 client for testing the loopback server itself without the code under test:
/// one GET over a fresh connection to 127.0.0.1, read until the server closes (it always sends
/// `Connection: close`).
public enum LoopbackClient {
    /// A response as it came off the wire.
    public struct Response: Sendable {
        /// The status code of the status line.
        public var status: Int
        /// Header fields in arrival order.
        public var headers: [LoopbackHeader]
        /// Everything after the blank line.
        public var body: Data

        /// The first value of `name`, compared case-insensitively.
        public func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// The connection was refused or the answer was not HTTP.
    public struct Failure: Error, Equatable {
        /// What went wrong.
        public var reason: String
    }

    /// GETs `path` from the server on `port` with extra `headers`.
    /// - Throws: ``Failure`` when the connection is refused or the answer has no status line.
    public static func get(port: Int, path: String, headers: [String: String] = [:]) async throws -> Response {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try exchange(port: port, path: path, headers: headers) })
            }
            thread.start()
        }
    }

    private static func exchange(port: Int, path: String, headers: [String: String]) throws(Failure) -> Response {
        guard let fd = Socket.connectToLoopback(port: port) else { throw Failure(reason: "connection refused") }
        defer { Socket.close(fd) }
        Socket.setReceiveTimeout(fd, seconds: 30)
        var head = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        guard Socket.write(fd, Data((head + "\r\n").utf8)) else { throw Failure(reason: "write failed") }
        var received = Data()
        while let chunk = Socket.read(fd) { received.append(chunk) }
        guard let end = received.range(of: Data("\r\n\r\n".utf8)) else { throw Failure(reason: "no response head") }
        let lines = String(decoding: received[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(reason: "bad status line") }
        let fields = lines.dropFirst().compactMap { line -> LoopbackHeader? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return LoopbackHeader(
                String(line[..<colon]),
                line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Response(status: status, headers: fields, body: Data(received[end.upperBound...]))
    }
}

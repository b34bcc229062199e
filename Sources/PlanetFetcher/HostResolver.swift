import Glibc

/// How a host name becomes addresses where planet itself must know them: a request through a
/// proxy (the proxy resolves the name and connects, so the private-address rule judges the name
/// the URL gives by what this returns; ``ProxySettings``). libcurl resolves every other request
/// itself.
public struct HostResolver: Sendable {
    private let lookUp: @Sendable (String) -> [IPAddress]

    /// A resolver of its own (tests answer from a table: no real DNS in tests).
    /// - Parameter resolve: the addresses of a host name; empty when it does not resolve.
    public init(resolve: @escaping @Sendable (String) -> [IPAddress]) {
        lookUp = resolve
    }

    /// The system's resolver: `getaddrinfo` (POSIX.1-2017), every address of either family.
    /// It blocks for as long as the name service takes; the fetcher calls it off its engine's
    /// thread and off the task that drives the fetches.
    public static let system = HostResolver { name in
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &list) == 0 else { return [] }
        defer { freeaddrinfo(list) }
        var addresses: [IPAddress] = []
        var entry = list
        while let current = entry {
            if let address = current.pointee.ai_addr {
                switch current.pointee.ai_family {
                case AF_INET:
                    var v4 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in.self).sin_addr
                    addresses += IPAddress(bytes: withUnsafeBytes(of: &v4) { Array($0) }).map { [$0] } ?? []
                case AF_INET6:
                    var v6 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in6.self).sin6_addr
                    addresses += IPAddress(bytes: withUnsafeBytes(of: &v6) { Array($0) }).map { [$0] } ?? []
                default:
                    break
                }
            }
            entry = current.pointee.ai_next
        }
        return addresses
    }

    /// The addresses of `name` (a host name, not an IP literal); empty when it does not resolve.
    public func addresses(of name: String) -> [IPAddress] { lookUp(name) }
}

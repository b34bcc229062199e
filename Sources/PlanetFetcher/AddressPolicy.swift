import Foundation
import Glibc

/// One IP address, v4 or v6, in network byte order.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 bytes (IPv4) or 16 (IPv6), most significant first.
    public let bytes: [UInt8]

    /// Parses dotted IPv4 (`192.0.2.1`) or IPv6 text (`::1`, `fe80::1`, brackets not included);
    /// nil for anything else.
    public init?(_ text: String) {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
            return
        }
        return nil
    }

    /// An address from its raw bytes; nil unless there are 4 or 16.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// True for IPv4.
    public var isV4: Bool { bytes.count == 4 }

    /// `192.0.2.1`, `::1` (inet_ntop's text).
    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = isV4 ? AF_INET : AF_INET6
        let text = bytes.withUnsafeBytes { raw in inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count)) }
        guard text != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`, RFC 4291 §2.5.5.2)
    /// or one of the NAT64 well-known prefix `64:ff9b::/96` (RFC 6052 §2.1: a NAT64 gateway
    /// connects to the IPv4 address in the last four bytes).
    var unmappedV4: IPAddress? {
        guard bytes.count == 16 else { return nil }
        let nat64 = bytes[0..<4] == [0x00, 0x64, 0xff, 0x9b] && bytes[4..<12].allSatisfy({ $0 == 0 })
        guard isV4Mapped || nat64 else { return nil }
        return IPAddress(bytes: Array(bytes[12..<16]))
    }

    /// True for an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, RFC 4291 §2.5.5.2).
    private var isV4Mapped: Bool {
        bytes.count == 16 && bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff
    }

    /// True for loopback on this machine: 127.0.0.0/8 (RFC 1122 §3.2.1.3), `::1`, or an
    /// IPv4-mapped 127 address; not a NAT64 one (its gateway is another machine).
    var isLoopback: Bool {
        if isV4 { return bytes[0] == 127 }
        if isV4Mapped { return bytes[12] == 127 }
        return bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1
    }

    /// True when the address is not on the public internet: unspecified (0.0.0.0/8, `::`),
    /// loopback (127.0.0.0/8 RFC 1122 §3.2.1.3, `::1`), link-local (169.254.0.0/16 RFC 3927, where
    /// cloud metadata services live; fe80::/10 RFC 4291), private (10/8, 172.16/12, 192.168/16,
    /// RFC 1918), shared CGNAT space (100.64.0.0/10, RFC 6598), IPv6 unique local (fc00::/7,
    /// RFC 4193); an IPv4-mapped or NAT64 (`64:ff9b::/96`) IPv6 address is judged by its IPv4 address.
    public var isPrivateOrLocal: Bool {
        if let v4 = unmappedV4 { return v4.isPrivateOrLocal }
        let b = bytes
        if isV4 {
            switch b[0] {
            case 0, 10, 127: return true
            case 169: return b[1] == 254
            case 172: return (16...31).contains(b[1])
            case 192: return b[1] == 168
            case 100: return (64...127).contains(b[1])
            default: return false
            }
        }
        if b.allSatisfy({ $0 == 0 }) { return true }  // ::
        if b[0..<15].allSatisfy({ $0 == 0 }) && b[15] == 1 { return true }  // ::1
        if b[0] == 0xfe && (b[1] & 0xc0) == 0x80 { return true }  // fe80::/10
        if (b[0] & 0xfe) == 0xfc { return true }  // fc00::/7
        return false
    }
}

/// Which addresses count as private for the rule that a redirect from a public address may not
/// lead into private address space (a public feed must not turn the planet's status page into a
/// scanner of the network it runs in). A subscription may point at a private address on purpose;
/// only redirects are checked, against the address actually connected to, or, for a request
/// through a proxy (whose socket is the proxy's), against the addresses of the host its URL
/// names (`ProxyTargetCheck`; docs/ARCHITECTURE.md, Rules 7).
public struct AddressPolicy: Sendable {
    private let classify: @Sendable (IPAddress) -> Bool

    /// A policy with its own classification (tests call 127.0.0.1 public and 127.0.0.2 private).
    /// - Parameter isPrivate: true for an address a public server may not redirect to.
    public init(isPrivate: @escaping @Sendable (IPAddress) -> Bool) {
        classify = isPrivate
    }

    /// The rule of ``IPAddress/isPrivateOrLocal``.
    public static let standard = AddressPolicy { $0.isPrivateOrLocal }

    /// True when `address` is private under this policy.
    public func isPrivate(_ address: IPAddress) -> Bool { classify(address) }
}

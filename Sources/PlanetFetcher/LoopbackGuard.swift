import Foundation
import PlanetBase
import Synchronization

/// Keeps a fetcher on loopback: every http(s) request (each hop of a redirect too) whose URL's
/// host is not a loopback IP literal (127.0.0.0/8, `::1`, an IPv4-mapped 127 address), or that
/// would go through a proxy that is not one, fails before libcurl sees it: no DNS query, no
/// socket. What the test suite, `scripts/check-site.sh` and `PLANET_LOOPBACK_ONLY=1` builds run
/// under, so a feed read from a fixture that names an image on a real host (a logo the build
/// would copy into the site) cannot make a build ask the network. A host name, `localhost`
/// included, is refused: resolving it is the lookup the guard exists to prevent.
///
/// Shared by every copy of the configurations that hold it (the build's fetchers), and it
/// records what it refused, so a test can show that a request was stopped here.
public final class LoopbackGuard: Sendable {
    private let refusals = Mutex<[String]>([])

    /// A guard that has refused nothing yet.
    public init() {}

    /// The URLs refused so far (userinfo removed), in the order they were asked for.
    public var refused: [String] { refusals.withLock { $0 } }

    /// Whether a request to `url` (absolute http(s) text) through `proxy` (nil: none) may go out;
    /// a refusal is recorded.
    package func admits(_ url: String, proxy: String?) -> Bool {
        let proxyHost = proxy.map { $0.contains("://") ? $0 : "http://" + $0 }.map(Self.host(of:))
        if Self.isLoopback(host: Self.host(of: url)) && (proxyHost.map(Self.isLoopback(host:)) ?? true) {
            return true
        }
        let shown = URLText.removingUserinfo(url)
        refusals.withLock { $0.append(shown) }
        return false
    }

    /// The message of the fetch of `url` refused at the hop to `hop` (the URL itself, or a
    /// redirect's target).
    package static func message(_ url: URL, hop: String) -> String {
        "'\(url.displayString)': this build may reach loopback IP addresses only (PLANET_LOOPBACK_ONLY=1, or a "
            + "test), and '\(host(of: hop))' is not one (or its proxy is not); nothing was sent to it, no name "
            + "looked up"
    }

    /// True for an IP literal in 127.0.0.0/8, `::1`, or IPv4-mapped 127 (brackets allowed).
    static func isLoopback(host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return IPAddress(bare)?.isLoopback ?? false
    }

    /// The host of an absolute URL's text (an IPv6 literal with its brackets); empty when none.
    static func host(of text: String) -> String {
        guard URLText.origin(of: text) != nil else { return "" }
        return HTTPFetch.host(of: text)
    }
}

import Foundation
import TestSupport

/// The hostile documents a loopback server serves in `HostileFeedBuildTests` (docs/ARCHITECTURE.md, rules 6 and 8).
/// Each is an RSS 2.0 shell around one attack, so a build that fell for it would show an entry.
enum HostileDocuments {
    static func rss(doctype: String = "", title: String, description: String = "safe") -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            \(doctype)
            <rss version="2.0"><channel><title>Hostile</title><link>https://hostile.example/</link>
            <item><title>\(title)</title><link>https://hostile.example/1</link>
            <description>\(description)</description></item></channel></rss>
            """.utf8)
    }

    /// XXE naming a local file.
    static let fileEntity = rss(doctype: #"<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>"#, title: "&xxe;")

    /// XXE naming `url` (the loopback server's `/secret`).
    static func httpEntity(_ url: String) -> Data {
        rss(doctype: #"<!DOCTYPE rss [<!ENTITY xxe SYSTEM "\#(url)">]>"#, title: "&xxe;")
    }

    /// Ten levels of ten references: 10^9 "lol"s if expanded.
    static let billionLaughs: Data = {
        var declarations = #"<!ENTITY lol0 "lol">"#
        for level in 1...9 {
            declarations += #"<!ENTITY lol\#(level) "\#(String(repeating: "&lol\(level - 1);", count: 10))">"#
        }
        return rss(doctype: "<!DOCTYPE rss [\(declarations)]>", title: "&lol9;")
    }()

    /// One 100 KB entity referenced 10 000 times: 1 GB if expanded.
    static let quadraticBlowup = rss(
        doctype: #"<!DOCTYPE rss [<!ENTITY big "\#(String(repeating: "a", count: 100_000))">]>"#,
        title: "x", description: String(repeating: "&big;", count: 10_000))

    /// 50 MB: a feed padded with spaces.
    static let fiftyMegabytes = rss(title: "big", description: String(repeating: " ", count: 50_000_000))

    /// A gzip bomb: an RSS start followed by 1 GiB of zeros, compressed by `gzip -9` (real
    /// deflate, about 1 MB), made once per test process in a child process (about 6 s of CPU, none
    /// of it on a thread of the cooperative pool).
    static let gzipBomb = Task<Result<Data, GzipFailure>, Never> {
        let script = "{ printf '<rss version=\"2.0\"><channel><title>'; head -c 1073741824 /dev/zero; } | gzip -9"
        do {
            let outcome = try await Subprocess.run("/bin/sh", ["-c", script])
            guard outcome.status == 0 else { return .failure(GzipFailure(message: "gzip exited \(outcome.status)")) }
            return .success(outcome.output)
        } catch {
            return .failure(GzipFailure(message: "\(error)"))
        }
    }

    struct GzipFailure: Error {
        var message: String
    }
}

import CCurl
import Foundation

/// Where the certificates trusted for https come from, chosen so that OpenSSL parses them once
/// per process, not once per connection.
///
/// Debian's libcurl is built with both a CA bundle (`/etc/ssl/certs/ca-certificates.crt`) and a
/// CA folder (`/etc/ssl/certs`). libcurl caches the parsed bundle in the multi handle
/// (`CURLOPT_CA_CACHE_TIMEOUT`, 24 h by default, libcurl 7.87+) only when no CA folder is set, so
/// with both every new TLS connection decoded the whole bundle again: ~29 ms of CPU apiece, 6.4 s
/// for a warm build of 200 feeds on 40 https hosts (issue 30; Benchmarks/PERF.md, session 11).
/// The engine therefore names the bundle alone (`CURLOPT_CAINFO`, `CURLOPT_CAPATH` unset):
/// the same certificates (update-ca-certificates writes the folder and the bundle from one
/// source), the same checks (`CURLOPT_SSL_VERIFYPEER`, `CURLOPT_SSL_VERIFYHOST` stay on).
enum TrustStore {
    /// libcurl's built-in CA bundle (`CURLINFO_CAINFO`) when that file exists; nil otherwise, and
    /// libcurl's defaults (a folder, or the TLS library's own) apply unchanged.
    static let systemBundle: String? = {
        guard let easy = curl_easy_init() else { return nil }
        defer { curl_easy_cleanup(easy) }
        var path: UnsafeMutablePointer<CChar>?
        guard planet_curl_easy_getinfo_string(easy, CURLINFO_CAINFO, &path) == CURLE_OK, let path else { return nil }
        let bundle = String(cString: path)
        return FileManager.default.isReadableFile(atPath: bundle) ? bundle : nil
    }()
}

import Foundation
import PlanetBase

extension FeedURLNormalizer {
    /// The form in which two feed URLs are compared to decide that they name the same feed, so
    /// that `https://Example.org/feed` already listed stops `https://example.org/feed` being added.
    ///
    /// The equivalences are RFC 3986 §6.2.2 and §6.2.3: scheme and host compared case-insensitively
    /// (an IDN host in its punycode form), the default port (80 for http, 443 for https) dropped,
    /// an empty path taken as `/`, the fragment ignored. Path and query stay case-sensitive;
    /// `http` and `https` stay different URLs. A `file:` URL compares by its standardized path.
    /// - Returns: a string to compare or hash; not meant to be shown or stored.
    package static func comparisonKey(_ url: URL) -> String {
        // A plain http(s) URL first: `plainWebKey` reads only those, never a file URL, and asking
        // `isFileURL` of every feed cost more than the key.
        if let key = plainWebKey(url.absoluteString) { return key }
        if url.isFileURL { return "file://" + url.standardizedFileURL.path }
        return componentsKey(url)
    }

    /// `comparisonKey` of any non-file URL, read through `URLComponents`.
    static func componentsKey(_ url: URL) -> String {
        guard let parts = URLComponents(url: url.absoluteURL, resolvingAgainstBaseURL: true),
            let scheme = parts.scheme?.lowercased()
        else { return url.absoluteString }
        var key = scheme + "://"
        if let user = parts.percentEncodedUser {
            key += user + (parts.percentEncodedPassword.map { ":" + $0 } ?? "") + "@"
        }
        let host = parts.host ?? ""
        key += host.unicodeScalars.allSatisfy(\.isASCII) ? host.lowercased() : Punycode.asciiHost(host) ?? host
        if let port = parts.port, !URLScheme.isDefaultPort(port, scheme: scheme) {
            key += ":\(port)"
        }
        key += parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        if let query = parts.percentEncodedQuery { key += "?" + query }
        return key
    }

    /// `comparisonKey` of a plain http(s) URL read from its text, without `URLComponents`: ASCII,
    /// no userinfo, a host of letters, digits, `.` and `-` (no IPv6 literal, no IDN), an optional
    /// port of digits. nil for anything else, which `URLComponents` reads. The same key either way
    /// (a test compares them).
    static func plainWebKey(_ text: String) -> String? {
        var bytes = text
        // Native Swift strings (every URL's `absoluteString`) are contiguous UTF-8: read in place.
        return bytes.withUTF8 { plainWebKey($0, text: text) }
    }

    /// `plainWebKey(_:)` over the UTF-8 bytes of `text`: `text` itself when it is already in the
    /// compared form (lower-case scheme and host, no default port, a path, no fragment), else
    /// the key built from the bytes.
    private static func plainWebKey(_ bytes: UnsafeBufferPointer<UInt8>, text: String) -> String? {
        guard let scheme = webScheme(bytes), let end = fragmentStart(bytes, from: scheme.end + 3) else { return nil }
        // Whether the key differs from the text (else the text is returned as it is).
        var changed = scheme.changed || end < bytes.count
        let hostStart = scheme.end + 3
        guard let host = hostEnd(bytes, from: hostStart, to: end) else { return nil }
        changed = changed || host.changed
        var index = host.end
        var portText: [UInt8] = []
        if index < end, bytes[index] == 0x3A {
            guard let port = port(bytes, from: &index, to: end, https: scheme.https) else { return nil }
            portText = port.text
            changed = changed || port.changed
        }
        // The path ("/" when empty), then "?" and the query when there is one.
        let emptyPath = index == end || bytes[index] == 0x3F
        guard changed || emptyPath else { return text }
        var key: [UInt8] = Array(scheme.https ? "https://".utf8 : "http://".utf8)
        key.reserveCapacity(end - hostStart + 16)
        for position in hostStart..<host.end { key.append(lower(bytes[position])) }
        key += portText
        if emptyPath { key.append(0x2F) }
        key += UnsafeBufferPointer(rebasing: bytes[index..<end])
        return String(decoding: key, as: UTF8.self)
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    private static func lower(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte | 0x20 : byte }

    /// "http://" or "https://", any case, at the start: the index of its ":", whether it is https
    /// and whether it is written other than lower-case; nil for any other scheme or a non-ASCII byte.
    private static func webScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> (end: Int, https: Bool, changed: Bool)? {
        var index = 0
        while index < bytes.count, bytes[index] != 0x3A {
            if bytes[index] >= 0x80 { return nil }
            index += 1
        }
        guard index == 4 || index == 5, index + 2 < bytes.count, bytes[index + 1] == 0x2F, bytes[index + 2] == 0x2F,
            lower(bytes[0]) == 0x68, lower(bytes[1]) == 0x74, lower(bytes[2]) == 0x74, lower(bytes[3]) == 0x70,
            index == 4 || lower(bytes[4]) == 0x73
        else { return nil }
        return (index, index == 5, (0..<index).contains { isUpper(bytes[$0]) })
    }

    /// Where the fragment starts (it is ignored), else the end; nil when a byte is not ASCII.
    private static func fragmentStart(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var end = bytes.count
        for position in start..<bytes.count {
            if bytes[position] >= 0x80 { return nil }
            if bytes[position] == 0x23 {
                end = position
                break
            }
        }
        for position in end..<bytes.count where bytes[position] >= 0x80 { return nil }
        return end
    }

    /// The host from `start`: letters, digits, "." and "-" up to "/", "?", ":" or `end`. Where it
    /// ends and whether it has upper-case letters; nil when empty or another byte is in it.
    private static func hostEnd(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
    ) -> (end: Int, changed: Bool)? {
        var index = start
        var changed = false
        while index < end, bytes[index] != 0x2F, bytes[index] != 0x3F, bytes[index] != 0x3A {
            let byte = bytes[index]
            if !((byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2E || byte == 0x2D) {
                guard isUpper(byte) else { return nil }
                changed = true
            }
            index += 1
        }
        return index > start ? (index, changed) : nil
    }

    /// The port after the ":" at `index` (moved past its digits): the key's ":" and digits (empty
    /// for the scheme's default port or no digits) and whether the text writes it otherwise; nil
    /// for a non-digit, more than five digits or a number over 65535.
    private static func port(
        _ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int, to end: Int, https: Bool
    ) -> (text: [UInt8], changed: Bool)? {
        index += 1
        var port = 0
        var digits = 0
        while index < end, bytes[index] != 0x2F, bytes[index] != 0x3F {
            guard bytes[index] >= 0x30 && bytes[index] <= 0x39, digits < 5 else { return nil }
            port = port * 10 + Int(bytes[index] - 0x30)
            digits += 1
            index += 1
        }
        guard port <= 65_535 else { return nil }
        var text: [UInt8] = []
        if digits > 0, port != (https ? 443 : 80) {
            // ":" and the port's digits as written without leading zeros: its decimal text
            // (string interpolation cost more than the rest of the key).
            text = [0x3A] + bytes[(index - digits)..<index].drop { $0 == 0x30 }
            if text.count == 1 { text.append(0x30) }  // "0", "00": port 0
        }
        // The key's port is ":" and the number's digits; anything else in the text is changed.
        return (text, text.count != digits + 1)
    }
}

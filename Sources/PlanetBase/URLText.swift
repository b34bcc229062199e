import Foundation

/// Edits of an absolute URL's text that leave every other character as written (RFC 3986 §3:
/// `scheme "://" [userinfo "@"] host [":" port] path-abempty [ "?" query ] [ "#" fragment ]`).
package enum URLText {
    /// The parts of the authority of `text`, as ranges; nil when `text` has no `scheme://`.
    ///
    /// ASCII text (every URL planet writes, and nearly every one it reads) is searched byte by
    /// byte; other text character by character, as Swift compares characters (a delimiter followed
    /// by a combining mark is no delimiter), with the same results.
    private static func authority(of text: String)
        -> (scheme: Range<String.Index>, userinfo: Range<String.Index>?, host: Range<String.Index>)?
    {
        let scanned = text.utf8.withContiguousStorageIfAvailable(asciiAuthority) ?? .notASCII
        switch scanned {
        case .notASCII:
            return characterAuthority(of: text)
        case .noAuthority:
            return nil
        case .found(let colon, let end, let at):
            let utf8 = text.utf8
            func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
            let (colonIndex, endIndex) = (index(colon), index(end))
            if let at {
                return (text.startIndex..<colonIndex, index(colon + 3)..<index(at), index(at + 1)..<endIndex)
            }
            return (text.startIndex..<colonIndex, nil, index(colon + 3)..<endIndex)
        }
    }

    /// What the byte scan of `asciiAuthority` found.
    private enum ASCIIScan {
        /// A byte is not ASCII: the character scan decides.
        case notASCII
        /// No `scheme://`.
        case noAuthority
        /// Byte offsets of the first `:` (which `://` follows), of the end of the authority and of
        /// its last `@`.
        case found(colon: Int, end: Int, at: Int?)
    }

    private static func asciiAuthority(_ bytes: UnsafeBufferPointer<UInt8>) -> ASCIIScan {
        var colon: Int?
        for (offset, byte) in bytes.enumerated() {
            if byte >= 0x80 { return .notASCII }
            if colon == nil, byte == 0x3A { colon = offset }
        }
        guard let colon, colon + 2 < bytes.count, bytes[colon + 1] == 0x2F, bytes[colon + 2] == 0x2F else {
            return .noAuthority
        }
        var end = colon + 3
        var at: Int?
        while end < bytes.count {
            let byte = bytes[end]
            if byte == 0x2F || byte == 0x3F || byte == 0x23 { break }  // "/", "?", "#"
            if byte == 0x40 { at = end }  // "@"
            end += 1
        }
        return .found(colon: colon, end: end, at: at)
    }

    private static func characterAuthority(of text: String)
        -> (scheme: Range<String.Index>, userinfo: Range<String.Index>?, host: Range<String.Index>)?
    {
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else { return nil }
        let start = text.index(colon, offsetBy: 3)
        let end = text[start...].firstIndex { "/?#".contains($0) } ?? text.endIndex
        if let at = text[start..<end].lastIndex(of: "@") {
            return (text.startIndex..<colon, start..<at, text.index(after: at)..<end)
        }
        return (text.startIndex..<colon, nil, start..<end)
    }

    /// `text` with scheme and host lower-cased (both are case-insensitive, RFC 3986 §3.1, §3.2.2),
    /// userinfo, port, path, query and fragment as written: `HTTP://Example.ORG/Feed` becomes
    /// `http://example.org/Feed`.
    package static func lowercasingSchemeAndHost(_ text: String) -> String {
        guard let parts = authority(of: text) else { return text }
        var result = text[parts.scheme].lowercased() + "://"
        if let userinfo = parts.userinfo { result += text[userinfo] + "@" }
        result += text[parts.host].lowercased()
        result += text[parts.host.upperBound...]
        return result
    }

    /// The userinfo (`user:password`) of `text`, nil when there is none.
    package static func userinfo(of text: String) -> String? {
        authority(of: text)?.userinfo.map { String(text[$0]) }
    }

    /// `text` without its userinfo (`https://user:pw@host/feed` → `https://host/feed`): the form
    /// of a URL that may be shown or published, since credentials never may.
    package static func removingUserinfo(_ text: String) -> String {
        guard let parts = authority(of: text), let userinfo = parts.userinfo else { return text }
        return String(text[..<userinfo.lowerBound]) + text[parts.host.lowerBound...]
    }

    /// `text` with `userinfo` put in front of its host.
    package static func addingUserinfo(_ userinfo: String, to text: String) -> String {
        let bare = removingUserinfo(text)
        guard let parts = authority(of: bare) else { return text }
        return String(bare[..<parts.host.lowerBound]) + userinfo + "@" + bare[parts.host.lowerBound...]
    }

    /// `scheme://host[:port]` lower-cased, without userinfo: the origin two URLs must share for
    /// credentials to go from one to the other (RFC 6454 §4, with the port as written).
    package static func origin(of text: String) -> String? {
        guard let parts = authority(of: text) else { return nil }
        return text[parts.scheme].lowercased() + "://" + text[parts.host].lowercased()
    }
}

extension URL {
    /// The URL as text without userinfo, for messages and public pages (`URLText.removingUserinfo`).
    package var displayString: String { URLText.removingUserinfo(absoluteString) }
}

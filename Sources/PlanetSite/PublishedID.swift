import FeedParser
import Foundation
import PlanetBase
import PlanetRiver
import PlanetSubscriptions

/// Which entry and feed ids the merged feeds publish as they are.
///
/// An Atom id must be an absolute IRI (RFC 4287 §4.2.6), and the W3C Feed Validation Service
/// reports an id whose scheme is not IANA registered ("URI scheme not IANA registered") or a `tag:`
/// URI that breaks RFC 4151 (`InvalidTAG`). An id is published only when it is such an IRI of one of
/// the registered schemes feeds use for ids (`schemes`), with a valid authority for http(s), a
/// namespace identifier for `urn:` (RFC 8141 §2) and a valid date for `tag:` (RFC 4151 §2.1);
/// any other id gets planet's own `urn:planet:` id. YouTube's `yt:video:…` ids fall in the
/// second group: `yt` is not registered, so they are replaced too (the entry's link, a
/// `https://www.youtube.com/watch?v=…` URL, still names the video).
enum PublishedID {
    /// The IANA-registered URI schemes (RFC 7595 "permanent") an id may have.
    static let schemes: Set<String> = ["http", "https", "urn", "tag", "mailto", "ftp", "news", "nntp", "info"]

    /// True when `id` may be published as an Atom id / RSS guid as it is.
    static func isPublishable(_ id: String) -> Bool {
        guard EntryIdentity.isGlobal(id), let scheme = URLScheme.of(id)?.lowercased(),
            schemes.contains(scheme),
            !id.unicodeScalars.contains(where: { $0.value < 0x21 || "{}|\\^`".unicodeScalars.contains($0) })
        else { return false }
        let rest = id.dropFirst(scheme.count + 1)
        if URLScheme.isHTTP(scheme) {
            guard let url = URL(string: id), let host = url.host, !host.isEmpty else { return false }
            return true
        }
        switch scheme {
        case "urn": return isURN(rest)
        case "tag": return isTag(rest)
        default: return !rest.isEmpty
        }
    }

    /// RFC 8141 §2: `NID ":" NSS`, the NID 2 to 32 letters, digits and hyphens, starting and
    /// ending with a letter or digit; the NSS not empty.
    private static func isURN(_ rest: Substring) -> Bool {
        guard let colon = rest.firstIndex(of: ":") else { return false }
        let nid = rest[..<colon]
        let nss = rest[rest.index(after: colon)...]
        guard (2...32).contains(nid.count), !nss.isEmpty,
            nid.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }),
            nid.first != "-", nid.last != "-"
        else { return false }
        return true
    }

    /// RFC 4151 §2.1: `taggingEntity ":" specific`, where taggingEntity is
    /// `authorityName "," date`, authorityName a DNS name or an email address, and date
    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, a real day (`tag:hatena.ne.jp,2005-2006:…` is not).
    static func isTag(_ rest: Substring) -> Bool {
        guard let colon = rest.firstIndex(of: ":"), let comma = rest[..<colon].lastIndex(of: ",") else { return false }
        let authority = rest[..<comma]
        let date = rest[rest.index(after: comma)..<colon]
        let nameChars = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == ".") }
        let name = authority.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let domain = name.last, !domain.isEmpty, domain.allSatisfy(nameChars),
            name.count == 1 || !name[0].isEmpty
        else { return false }
        let parts = date.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts[0].count == 4,
            parts.dropFirst().allSatisfy({ $0.count == 2 }),
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0])
        else { return false }
        if parts.count >= 2 {
            guard let month = Int(parts[1]), (1...12).contains(month) else { return false }
            if parts.count == 3 {
                guard let day = Int(parts[2]), (1...31).contains(day),
                    CivilCalendar.civil(days: CivilCalendar.days(year: year, month: month, day: day)) == (
                        year, month, day
                    )
                else { return false }
            }
        }
        return true
    }
}

// libFuzzer entry point: arbitrary bytes -> Feed.parse (RSS, Atom, JSON Feed, every encoding path,
// the sanitizer on summary and content). Compiled into the same module as FeedParser's sources by
// Fuzz/build.sh, so a crash, a hang, a leak or an ASan report anywhere in the parser is a finding.
import Foundation

private let base = URL(string: "https://fuzz.example/feed.xml")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeedParser(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    // A content type with a charset half the time, so the RFC 7303 precedence paths run too.
    let contentType = count % 2 == 0 ? nil : "application/rss+xml; charset=windows-1252"
    if let feed = try? Feed.parse(data, url: base, contentType: contentType) {
        // Serialize too: the JSON writer walks every field the parser produced.
        _ = feed.jsonContract()
    }
    return 0
}

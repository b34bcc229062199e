import FeedParser
import Foundation
import PlanetBase
import PlanetPublisher
import PlanetSite
import PlanetSubscriptions

#if canImport(Glibc)
    import Glibc
#endif

/// A digest of everything a build's site is made from besides the cache and the clock: the
/// planet binary, feeds.txt, the subscriptions of reading lists, the templates and static files,
/// the Markdown pages, the face files, and what came of this run's fetch of each feed. Two builds
/// with the same fingerprint, the same cache content version (`FeedCache.contentVersion()`) and a
/// time before the site's `SiteRecord.validUntil` write the same bytes (Benchmarks/PERF.md,
/// "Session 6"; the tests in `UnchangedBuildTests` change each input and see the site change).
///
/// Every part is added with its label and its length, so that no two different sequences of parts
/// give the same bytes; the bytes go through two 64-bit FNV-1a hashes with different offset bases
/// (128 bits: a collision between two builds of one planet is not a practical concern).
struct BuildFingerprint {
    private var first: UInt64 = 0xcbf2_9ce4_8422_2325
    private var second: UInt64 = 0x8422_2325_cbf2_9ce4
    private var count: UInt64 = 0

    /// Adds the part `label` with `bytes`.
    mutating func add<Bytes: Sequence>(_ label: String, _ bytes: Bytes) where Bytes.Element == UInt8 {
        feed(label)
        // Contiguous bytes (Data, a native String's UTF-8) are hashed in place, the rest one by one.
        let length =
            bytes.withContiguousStorageIfAvailable { buffer -> UInt64 in
                mix(buffer)
                return UInt64(buffer.count)
            }
            ?? {
                var length: UInt64 = 0
                for byte in bytes {
                    mix(byte)
                    length += 1
                }
                return length
            }()
        feed(String(length))
    }

    /// Adds the part `label` with the UTF-8 bytes of `text`.
    mutating func add(_ label: String, text: String) {
        var text = text
        text.withUTF8 { add(label, $0) }
    }

    /// A label or a length, framed by 0x1F and 0x1E; its UTF-8 read in place.
    private mutating func feed(_ text: String) {
        mix(0x1F)
        mixText(text)
        mix(0x1E)
    }

    /// `mix(_:)` of the UTF-8 of `text`, read in place. - Returns: how many bytes that was.
    @discardableResult
    private mutating func mixText(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { buffer in
            mix(buffer)
            return UInt64(buffer.count)
        }
    }

    /// `mix(_:)` of each byte, the two hashes held in registers.
    private mutating func mix(_ buffer: UnsafeBufferPointer<UInt8>) {
        var (first, second) = (self.first, self.second)
        for byte in buffer {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second &* 0x0000_0100_0000_01B3) ^ UInt64(byte)
        }
        (self.first, self.second) = (first, second)
        count &+= UInt64(buffer.count)
    }

    @inline(__always)
    private mutating func mix(_ byte: UInt8) {
        first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        second = (second &* 0x0000_0100_0000_01B3) ^ UInt64(byte)
        count &+= 1
    }

    /// The digest: 32 hex digits and the count of bytes hashed.
    var value: String {
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(first) + hex(second) + "-" + String(count)
    }

    /// The fingerprint of a build's site inputs: the running planet, feeds.txt, the output folder,
    /// the templates, the pages, the face files, and every subscription with what came of this
    /// run's fetch (`UnchangedSite.check`; the one place the parts are chosen).
    static func inputs(_ inputs: SiteInputs, outcomes: [FeedKey: FeedOutcome]) -> String {
        var fingerprint = BuildFingerprint()
        fingerprint.addPlanet()
        fingerprint.add("feeds.txt", text: inputs.list.serialized())
        fingerprint.add("output", text: inputs.output.target.path)
        fingerprint.addTemplates(inputs.templates)
        fingerprint.addPages(inputs.pages)
        for (path, data) in inputs.faces.files.sorted(by: { $0.key < $1.key }) { fingerprint.add("face " + path, data) }
        fingerprint.addSubscriptions(inputs.subscriptions, outcomes: outcomes)
        return fingerprint.value
    }

    /// The running planet: its version, the sanitizer's version and the executable file (size,
    /// mtime, inode), so that another build of planet renders anew.
    mutating func addPlanet() {
        add("planet", text: "\(PlanetVersion.string) sanitizer \(HTMLSanitizer.version)")
        var info = stat()
        if stat("/proc/self/exe", &info) == 0 {
            add("executable", text: "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ino)")
        }
    }

    /// The templates: every file of the folder (the static files included) with its path, or
    /// every built-in template.
    mutating func addTemplates(_ source: TemplateSource) {
        switch source {
        case .folder(let url):
            for (path, data) in Publisher.regularFiles(under: url, followingLinks: true).sorted(by: { $0.key < $1.key })
            {
                add("template " + path, data)
            }
        case .builtIn(let files):
            for (path, text) in files.sorted(by: { $0.key < $1.key }) { add("built-in " + path, text: text) }
        }
    }

    /// The Markdown pages as rendered.
    mutating func addPages(_ pages: SitePages) {
        add("intro", text: pages.intro ?? "\u{0}")
        for page in pages.pages {
            add("page " + page.name, text: "\(page.title)\u{1F}\(page.opensWithHeading)\u{1F}\(page.html)")
        }
    }

    /// The subscriptions (feeds.txt's and the reading lists'), each with what came of this run's
    /// fetch: the outcome, a failure's kind, status and message, the entries a document dropped.
    mutating func addSubscriptions(_ subscriptions: [Subscription], outcomes: [FeedKey: FeedOutcome]) {
        // The bytes of `add("feed " + key, text: name 0x1F line 0x1F outcome)`, hashed piece by
        // piece: a thousand feeds' strings are not built only to be hashed.
        for subscription in subscriptions {
            let key = subscription.key
            mix(0x1F)
            mixText("feed ")
            mixText(key.string)
            mix(0x1E)
            var length = mixText(subscription.name ?? "\u{0}") + mixText("\u{1F}")
            length += mixText(String(subscription.line)) + mixText("\u{1F}")
            switch outcomes[key] {
            case .failed(let failure)?:
                length += mixText(
                    "failed \(failure.kind.rawValue) \(failure.status.map(String.init) ?? "-") \(failure.message)")
            case .notModified?, .notDue?:
                // A feed not due is what a 304 is: the same inputs.
                length += mixText("not-modified")
            case .parsed(let feed, _)?:
                length += mixText("ok \(feed.entriesDropped)")
            case nil:
                length += mixText("skipped")
            }
            feed(String(length))
        }
    }
}

import FeedParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `PlanetBenchmarks hostile`: time and peak RSS of parsing generated hostile documents, each case
/// in a fresh child process (peak RSS is per process). Figures are printed, never asserted.
///
/// Cases (`--case NAME --count N` runs one in this process):
/// - `xml-attributes`: one RSS item element with N attributes (`a0="x" a1="x" …`).
/// - `html-attributes`: one RSS item whose description holds `<p a0="x" …>` with N attributes
///   (sanitized as the build does when the entry leaves the cache).
/// - `items`: an RSS feed of N tiny undated items (`<item><guid>N</guid></item>`), parsed with
///   deferred sanitizing as a build parses.
enum HostileBenchmark {
    static let defaultCases: [(name: String, count: Int)] = [
        ("xml-attributes", 25_000), ("xml-attributes", 50_000), ("xml-attributes", 100_000),
        ("html-attributes", 25_000), ("html-attributes", 50_000), ("html-attributes", 100_000),
        ("items", 300_000)
    ]

    static func run(_ arguments: [String]) async -> Int32 {
        let options = Options(arguments, valued: ["--case", "--count"])
        if let name = options.values["--case"] {
            return runCase(name, count: options.integer("--count", default: 25_000))
        }
        print("case             count      bytes   seconds  peak RSS MB  outcome")
        for (name, count) in defaultCases {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            process.arguments = ["hostile", "--case", name, "--count", String(count)]
            do { try process.run() } catch {
                print("\(name): cannot start: \(error)")
                return 1
            }
            process.waitUntilExit()
        }
        return 0
    }

    static func document(_ name: String, count: Int) -> Data? {
        var text =
            "<?xml version=\"1.0\" encoding=\"utf-8\"?><rss version=\"2.0\"><channel><title>t</title><link>"
            + "https://example.org/</link>\n"
        switch name {
        case "xml-attributes":
            text += "<item"
            for number in 0..<count { text += " a\(number)=\"x\"" }
            text += "><title>t</title><guid>https://example.org/1</guid></item>"
        case "html-attributes":
            text += "<item><title>t</title><guid>https://example.org/1</guid><description><![CDATA[<p"
            for number in 0..<count { text += " a\(number)=\"x\"" }
            text += ">text</p>]]></description></item>"
        case "items":
            for number in 0..<count { text += "<item><guid>\(number)</guid></item>" }
        default:
            return nil
        }
        return Data((text + "</channel></rss>\n").utf8)
    }

    static func runCase(_ name: String, count: Int) -> Int32 {
        guard let data = document(name, count: count) else {
            print("unknown case \(name)")
            return 2
        }
        var outcome = ""
        let seconds = measure {
            do {
                let feed = try Feed.parse(
                    data, url: URL(string: "https://example.org/feed.xml"),
                    sanitizing: name == "items" ? .deferred : .eager)
                let html = feed.entries.first?.summary ?? ""
                outcome = "ok, \(feed.entries.count) entries, summary \(html.utf8.count) bytes"
                if let warning = feed.warnings.last { outcome += "; warning: \(warning.prefix(100))" }
            } catch {
                outcome = "failed: \(String(describing: error).prefix(120))"
            }
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let padded = { (text: String, width: Int) in
            text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0)
        }
        print(
            padded(name, 16) + " " + padded(String(count), 7) + " " + padded(String(data.count), 10) + " "
                + padded(String(format: "%.2f", seconds), 8) + " " + padded(String(usage.ru_maxrss / 1024), 12) + " "
                + outcome)
        return 0
    }
}

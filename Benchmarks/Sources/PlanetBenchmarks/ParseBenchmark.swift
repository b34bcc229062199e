import CLibXML2
import FeedParser
import Foundation

/// `parse`: full-parse throughput (Feed.parse: decoding, libxml2, mapping, dates, sanitizing)
/// over files held in memory, beside libxml2's bare xmlReadMemory on the same bytes; and the two
/// concurrent ways of `planet parse` (`ConcurrentParse`), each with its ratio to xmlReadMemory.
enum ParseBenchmark {
    struct Document: Sendable {
        var name: String
        var data: Data
        var url: URL?
    }

    static func run(_ arguments: [String]) async -> Int32 {
        let options = Options(arguments, valued: ["--rounds"])
        let rounds = max(1, options.integer("--rounds", default: 3))
        let files = feedFiles(options.positional)
        guard !files.isEmpty else {
            print("parse: no .xml/.json files in \(options.positional)")
            return 2
        }
        let documents = files.compactMap { file in
            (try? Data(contentsOf: file)).map {
                Document(
                    name: file.lastPathComponent, data: $0,
                    url: URL(string: "https://feeds.example/corpus/\(file.lastPathComponent)"))
            }
        }
        let bytes = documents.reduce(0) { $0 + $1.data.count }
        let xmlDocuments = documents.filter { !$0.name.hasSuffix(".json") }
        let xmlBytes = xmlDocuments.reduce(0) { $0 + $1.data.count }
        print(
            String(
                format: "parse: %d files, %.2f MB (%d XML files, %.2f MB), %d rounds",
                documents.count, Double(bytes) / 1e6, xmlDocuments.count, Double(xmlBytes) / 1e6, rounds))

        var entries = 0
        var failures = 0
        parseAll(documents, entries: &entries, failures: &failures, json: false)  // warm-up, counted
        let counted = (entries, failures)
        let full = best(rounds) { parseAll(documents, entries: &entries, failures: &failures, json: false) }
        report("Feed.parse (all files)", seconds: full, bytes: bytes, documents: documents.count)
        let fullXML = best(rounds) { parseAll(xmlDocuments, entries: &entries, failures: &failures, json: false) }
        report("Feed.parse (XML files)", seconds: fullXML, bytes: xmlBytes, documents: xmlDocuments.count)
        if options.flags.contains("--sequential-only") {  // for callgrind: 3 passes of Feed.parse, nothing else
            print("entries: \(counted.0), documents refused: \(counted.1)")
            return 0
        }
        if options.flags.contains("--json") {
            let withJSON = best(rounds) { parseAll(documents, entries: &entries, failures: &failures, json: true) }
            report("Feed.parse + JSON contract", seconds: withJSON, bytes: bytes, documents: documents.count)
        }
        _ = await ConcurrentParse.eachInTurn(xmlDocuments)  // warm-up of the task machinery
        let inTurn = await bestAsync(rounds) { _ = await ConcurrentParse.eachInTurn(xmlDocuments) }
        report("parseConcurrently, in turn", seconds: inTurn, bytes: xmlBytes, documents: xmlDocuments.count)
        let together = await bestAsync(rounds) { _ = await ConcurrentParse.documentsConcurrently(xmlDocuments) }
        report("documents concurrently", seconds: together, bytes: xmlBytes, documents: xmlDocuments.count)
        let floor = best(rounds) { libxml2Only(xmlDocuments) }
        report("xmlReadMemory (XML files)", seconds: floor, bytes: xmlBytes, documents: xmlDocuments.count)
        print(String(format: "ratio Feed.parse / xmlReadMemory (XML files): %.3f", floor / fullXML))
        print(String(format: "ratio parseConcurrently in turn / xmlReadMemory: %.3f", floor / inTurn))
        print(
            String(
                format: "ratio documents concurrently / xmlReadMemory: %.3f (%d cores)",
                floor / together, ProcessInfo.processInfo.activeProcessorCount))
        print("entries: \(counted.0), documents refused: \(counted.1)")
        // Machine-readable line for scripts: MBps of the full parse over all files, of the XML
        // files (sequential, concurrent in turn, documents concurrently), and of the floor.
        print(
            String(
                format:
                    "RESULT full_mbps=%.3f xml_full_mbps=%.3f xml_in_turn_mbps=%.3f xml_together_mbps=%.3f "
                    + "floor_mbps=%.3f",
                Double(bytes) / 1e6 / full, Double(xmlBytes) / 1e6 / fullXML, Double(xmlBytes) / 1e6 / inTurn,
                Double(xmlBytes) / 1e6 / together, Double(xmlBytes) / 1e6 / floor))
        return 0
    }

    /// The fastest of `rounds` timed runs of an async body, in seconds.
    private static func bestAsync(_ rounds: Int, _ body: () async -> Void) async -> Double {
        var fastest = Double.infinity
        for _ in 0..<rounds { fastest = min(fastest, await measureAsync(body)) }
        return fastest
    }

    /// The fastest of `rounds` timed runs, in seconds.
    private static func best(_ rounds: Int, _ body: () -> Void) -> Double {
        var fastest = Double.infinity
        for _ in 0..<rounds { fastest = min(fastest, measure(body)) }
        return fastest
    }

    private static func report(_ label: String, seconds: Double, bytes: Int, documents: Int) {
        print(
            String(
                format: "  %@ %8.2f MB/s %9.1f docs/s  (%.1f ms per round)",
                label.padding(toLength: 30, withPad: " ", startingAt: 0) as NSString, Double(bytes) / 1e6 / seconds,
                Double(documents) / seconds, seconds * 1000))
    }

    private static func parseAll(_ documents: [Document], entries: inout Int, failures: inout Int, json: Bool) {
        for document in documents {
            do {
                let feed = try Feed.parse(document.data, url: document.url)
                entries += feed.entries.count
                if json { _ = feed.jsonContract() }
            } catch {
                failures += 1
            }
        }
    }

    /// libxml2's parse alone (the options Feed.parse uses), tree built and freed: what
    /// `xmllint --noout` does per file, without its process start.
    private static func libxml2Only(_ documents: [Document]) {
        let options = Int32(
            XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue
                | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue
                | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        for document in documents {
            document.data.withUnsafeBytes { raw in
                guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else { return }
                if let doc = xmlReadMemory(base, Int32(raw.count), nil, nil, options) { xmlFreeDoc(doc) }
            }
        }
    }
}

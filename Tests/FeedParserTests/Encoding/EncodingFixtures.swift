import Foundation
import Testing

/// Reads files of `Fixtures/encodings/` (made by `make-fixtures.sh` there).
enum EncodingFixtures {
    static func data(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        let url = try #require(
            Bundle.module.resourceURL?.appendingPathComponent("Fixtures/encodings/\(name)"),
            sourceLocation: sourceLocation)
        return try Data(contentsOf: url)
    }

    /// The sample texts of `make-fixtures.sh`, in UTF-8.
    enum Sample: String, Sendable {
        case latin = "Café crème, naïve façade à Zürich — “Ünïcödé” costs 5 €; São Paulo, Ærø, señor."
        case russian = """
            Съешь же ещё этих мягких французских булок, да выпей же чаю. \
            Широкая электрификация южных губерний даст мощный толчок подъёму сельского хозяйства.
            """
        case japanese = "いろはにほへと ちりぬるを わかよたれそ つねならむ。日本語のニュースを毎日お届けします。カタカナもあります①。"
        case simplified = "我们的网站每天提供最新的新闻和信息。朱镕基是中国的总理。这是一个关于编码的测试。"
        case traditional = "我們的網站每天提供最新的新聞和資訊。這是一個關於編碼的測試。香港的報紙。"
    }

    /// The document `make-fixtures.sh` writes, as UTF-8, with the declaration label the decoder
    /// leaves (nil: no declaration).
    static func expected(_ sample: Sample, declaration label: String?) -> String {
        let declaration = label.map { "<?xml version=\"1.0\" encoding=\"\($0)\"?>\n" } ?? ""
        return declaration + "<rss version=\"2.0\"><channel><title>\(sample.rawValue)</title></channel></rss>\n"
    }
}

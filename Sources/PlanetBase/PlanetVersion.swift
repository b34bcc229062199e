/// planet's version: the one place it is written. `planet --version`, the User-Agent of every
/// fetch (`userAgent(site:)`), the generator fields of the site and feeds (`generator`) read it.
public enum PlanetVersion {
    /// Semantic version of this build (semver.org), e.g. `0.1.0`.
    public static let string = "0.1.0"

    /// "planet 0.1.0": the generator of the page and the feeds, and `planet --version`.
    public static var generator: String { "planet \(string)" }

    /// The `User-Agent` header (RFC 9110 §10.1.5): `planet/0.1.0`, with the planet's public URL
    /// after it (`planet/0.1.0 (+https://planet.example.org/)`) when `site` is given, so that a
    /// feed's owner can see who fetches it.
    public static func userAgent(site: String? = nil) -> String {
        site.map { "planet/\(string) (+\($0))" } ?? "planet/\(string)"
    }
}

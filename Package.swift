// swift-tools-version:6.0
// planet: a feed aggregator and static site generator. No package dependencies: the toolchain and
// Debian's C libraries (libxml2, libcmark, SQLite, libcurl) through system library targets are all it uses.
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "planet",
    products: [
        .executable(name: "planet", targets: ["PlanetTool"]),
        .library(name: "FeedParser", targets: ["FeedParser"]),
        .library(name: "Mustache", targets: ["Mustache"]),
        .library(name: "Planet", targets: ["Planet"]),
    ],
    targets: [
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(name: "CSQLite3", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CGlibcExtras"),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),

        .target(name: "FeedParser", dependencies: ["CLibXML2"], swiftSettings: strict),
        .target(name: "Mustache", swiftSettings: strict),
        .target(name: "Planet", dependencies: ["FeedParser", "Mustache", "CSQLite3", "CCmark", "CGlibcExtras", "CCurl"],
                swiftSettings: strict),
        .target(name: "PlanetCLI", dependencies: ["Planet", "FeedParser"], swiftSettings: strict),
        .executableTarget(name: "PlanetTool", dependencies: ["PlanetCLI", "CGlibcExtras"], swiftSettings: strict),
        .executableTarget(name: "PlanetBenchmarks", dependencies: ["FeedParser", "Mustache", "Planet"],
                          path: "Benchmarks/Sources/PlanetBenchmarks", swiftSettings: strict),
        .target(name: "TestSupport", dependencies: ["FeedParser"], swiftSettings: strict),

        .testTarget(name: "FeedParserTests", dependencies: ["FeedParser", "TestSupport"],
                    resources: [.copy("Fixtures")], swiftSettings: strict),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache", "TestSupport"],
                    resources: [.copy("Fixtures")], swiftSettings: strict),
        .testTarget(name: "PlanetTests", dependencies: ["Planet", "TestSupport", "CCurl"], swiftSettings: strict),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"], swiftSettings: strict),
        .testTarget(name: "PlanetCLITests", dependencies: ["PlanetCLI", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "IntegrationTests", dependencies: ["PlanetCLI", "Planet", "FeedParser", "TestSupport"],
                    resources: [.copy("Fixtures")], swiftSettings: strict),
    ]
)

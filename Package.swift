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
        .library(
            name: "Planet",
            targets: [
                "PlanetBase", "PlanetSubscriptions", "PlanetFetcher", "PlanetCache",
                "PlanetRiver", "PlanetSite", "PlanetPublisher", "Planet"
            ])
    ],
    targets: [
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(name: "CSQLite3", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CGlibcExtras"),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),

        .target(name: "FeedParser", dependencies: ["PlanetBase", "CLibXML2"], swiftSettings: strict),
        .target(name: "Mustache", dependencies: ["PlanetBase"], swiftSettings: strict),
        // The pipeline, one target per stage; each depends only on stages before it
        // (docs/ARCHITECTURE.md, "Where each stage lives"; scripts/check-architecture.py checks both).
        .target(name: "PlanetBase", swiftSettings: strict),
        .target(name: "PlanetSubscriptions", dependencies: ["PlanetBase", "FeedParser"], swiftSettings: strict),
        .target(
            name: "PlanetFetcher",
            dependencies: ["PlanetBase", "PlanetSubscriptions", "FeedParser", "CCurl", "CGlibcExtras"],
            swiftSettings: strict),
        .target(
            name: "PlanetCache", dependencies: ["PlanetBase", "PlanetFetcher", "FeedParser", "CSQLite3"],
            swiftSettings: strict),
        .target(
            name: "PlanetRiver", dependencies: ["PlanetBase", "PlanetSubscriptions", "PlanetCache", "FeedParser"],
            swiftSettings: strict),
        .target(
            name: "PlanetSite",
            dependencies: [
                "PlanetBase", "PlanetSubscriptions", "PlanetRiver", "FeedParser",
                "Mustache", "CCmark"
            ], swiftSettings: strict),
        .target(name: "PlanetPublisher", dependencies: ["PlanetBase", "CGlibcExtras"], swiftSettings: strict),
        .target(
            name: "Planet",
            dependencies: [
                "PlanetBase", "PlanetSubscriptions", "PlanetFetcher", "PlanetCache",
                "PlanetRiver", "PlanetSite", "PlanetPublisher", "FeedParser",
                "Mustache"
            ], swiftSettings: strict),
        .target(
            name: "PlanetCLI",
            dependencies: [
                "Planet", "PlanetBase", "PlanetSubscriptions", "PlanetFetcher",
                "PlanetCache", "PlanetSite", "FeedParser"
            ], swiftSettings: strict),
        .executableTarget(name: "PlanetTool", dependencies: ["PlanetCLI", "CGlibcExtras"], swiftSettings: strict),
        .executableTarget(
            name: "PlanetBenchmarks",
            dependencies: [
                "FeedParser", "Mustache", "Planet", "PlanetRiver",
                "PlanetSite"
            ],
            path: "Benchmarks/Sources/PlanetBenchmarks", swiftSettings: strict),
        .target(name: "TestSupport", swiftSettings: strict),

        .testTarget(
            name: "FeedParserTests", dependencies: ["FeedParser", "PlanetBase", "TestSupport"],
            resources: [.copy("Fixtures")], swiftSettings: strict),
        .testTarget(
            name: "MustacheTests", dependencies: ["Mustache", "TestSupport"],
            resources: [.copy("Fixtures")], swiftSettings: strict),
        .testTarget(name: "PlanetBaseTests", dependencies: ["PlanetBase", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "PlanetSubscriptionsTests", dependencies: ["PlanetSubscriptions"], swiftSettings: strict),
        .testTarget(
            name: "PlanetFetcherTests",
            dependencies: [
                "PlanetFetcher", "PlanetBase", "PlanetSubscriptions", "FeedParser", "TestSupport",
                "CCurl"
            ],
            swiftSettings: strict),
        .testTarget(
            name: "PlanetCacheTests",
            dependencies: ["PlanetCache", "PlanetFetcher", "PlanetRiver", "FeedParser", "TestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "PlanetRiverTests",
            dependencies: ["PlanetRiver", "PlanetCache", "PlanetSubscriptions", "FeedParser", "TestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "PlanetSiteTests",
            dependencies: ["PlanetSite", "PlanetBase", "PlanetRiver", "PlanetSubscriptions", "FeedParser"],
            swiftSettings: strict),
        .testTarget(
            name: "PlanetPublisherTests", dependencies: ["PlanetPublisher", "PlanetBase", "TestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "PlanetTests",
            dependencies: [
                "Planet", "PlanetBase", "PlanetSubscriptions", "PlanetFetcher", "PlanetCache", "PlanetRiver",
                "PlanetSite", "FeedParser", "TestSupport"
            ],
            swiftSettings: strict),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "PlanetCLITests",
            dependencies: [
                "PlanetCLI", "Planet", "PlanetBase", "PlanetSubscriptions", "PlanetFetcher",
                "PlanetCache", "FeedParser", "TestSupport"
            ],
            swiftSettings: strict),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "PlanetCLI", "Planet", "PlanetSubscriptions", "PlanetFetcher", "PlanetCache",
                "FeedParser", "TestSupport"
            ],
            resources: [.copy("Fixtures")], swiftSettings: strict)
    ]
)

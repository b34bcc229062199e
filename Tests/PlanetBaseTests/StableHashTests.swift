import PlanetBase
import Testing

/// The hash behind generated entry ids (`urn:planet:…`): the same on every run and platform.
@Suite("StableHash")
struct StableHashTests {
    @Test func generatedIDsAreStable() {
        #expect(StableHash.fnv1a64(["a"]) == "af63dc4c8601ec8c")
        #expect(StableHash.fnv1a64([""]) == "cbf29ce484222325")
    }
}

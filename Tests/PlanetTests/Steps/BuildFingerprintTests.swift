import Foundation
import Testing

@testable import Planet

/// The build fingerprint hashes contiguous bytes in place and any other sequence byte by byte:
/// both must give the same digest, or a build would render again for no change.
@Suite("Build: fingerprint")
struct BuildFingerprintTests {
    @Test("contiguous bytes, a String's UTF-8 and a lazy sequence of the same bytes give one digest")
    func contiguousAndByteByByteAgree() {
        let texts = ["", "a", "feeds.txt\nhttps://example.org/feed Jane\n", String(repeating: "é ü 𝄞 x", count: 300)]
        for text in texts {
            var contiguous = BuildFingerprint()
            contiguous.add("part", Data(text.utf8))
            var string = BuildFingerprint()
            string.add("part", text: text)
            var bytewise = BuildFingerprint()
            bytewise.add("part", text.utf8.lazy.map { $0 })
            #expect(contiguous.value == bytewise.value)
            #expect(string.value == bytewise.value)
        }
        // A part's bytes and its label are kept apart (each part framed by its length).
        var one = BuildFingerprint()
        one.add("ab", text: "c")
        var other = BuildFingerprint()
        other.add("a", text: "bc")
        #expect(one.value != other.value)
    }
}

import Foundation
import Testing

@testable import FeedParser

/// `UTF8Check`, eight ASCII bytes at a time, counts what a plain byte-by-byte pass counts, on
/// random bytes and on runs of valid and broken multi-byte text.
@Suite("UTF-8 check")
struct UTF8CheckTests {
    static func reference(_ b: [UInt8]) -> (invalid: Int, multibyte: Int, controls: Int) {
        var result = (invalid: 0, multibyte: 0, controls: 0)
        var i = 0
        b.withUnsafeBufferPointer { buffer in
            while i < buffer.count {
                let byte = buffer[i]
                if byte < 0x80 {
                    if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { result.controls += 1 }
                    i += 1
                } else if let length = UTF8Check.sequenceLength(buffer, at: i) {
                    result.multibyte += 1
                    i += length
                } else {
                    result.invalid += 1
                    i += 1
                }
            }
        }
        return result
    }

    @Test func countsAsByteByByte() {
        var generator = SplitMix64(seed: 3629)
        let pieces: [[UInt8]] = [
            Array("plain ascii text".utf8), Array("日本語のテキスト".utf8), Array("Кириллица".utf8),
            Array("\u{1F600}".utf8), [0x80], [0xC2], [0xE3, 0x81], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0x01], [0x09, 0x0A, 0x0D], [0xFF], [0xC0, 0xAF], Array("é".utf8)
        ]
        for round in 0..<3_000 {
            let bytes: [UInt8] =
                round % 3 == 0
                ? (0..<Int(generator.next() % 40)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                : (0..<Int(generator.next() % 12)).flatMap { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
            let check = bytes.withUnsafeBufferPointer(UTF8Check.init)
            let expected = Self.reference(bytes)
            #expect(check.invalidBytes == expected.invalid, "\(bytes)")
            #expect(check.multibyteSequences == expected.multibyte, "\(bytes)")
            #expect(check.forbiddenControls == expected.controls, "\(bytes)")
        }
    }
}

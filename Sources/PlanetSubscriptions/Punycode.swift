import Foundation

/// Punycode (RFC 3492) and IDNA host names (RFC 5890/5891): `bücher.example` → `xn--bcher-kva.example`.
package enum Punycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
    private static let initialBias = 72, initialN = 128

    /// Encodes one label's code points (RFC 3492 §6.3); basic code points keep their case.
    /// - Returns: the encoded label without the `xn--` prefix, or nil on overflow.
    package static func encode(_ label: String) -> String? {
        let input = label.unicodeScalars.map { Int($0.value) }
        var output = input.filter { $0 < 0x80 }.compactMap { Unicode.Scalar($0).map(Character.init) }
        let basicCount = output.count
        if basicCount > 0 { output.append("-") }
        var n = initialN
        var delta = 0
        var bias = initialBias
        var handled = basicCount
        while handled < input.count {
            guard let m = input.filter({ $0 >= n }).min() else { return nil }
            let (product, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow else { return nil }
            delta += product
            n = m
            for c in input {
                if c < n { delta += 1 }
                guard c == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, points: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(output)
    }

    /// A host name in ASCII: every label with a non-ASCII character is lower-cased, put in NFC
    /// and written `xn--` + Punycode (IDNA2008 A-label, RFC 5891 §4.4; the full UTS #46 mapping
    /// is not applied). ASCII labels are lower-cased.
    /// - Returns: nil when a label cannot be encoded.
    package static func asciiHost(_ host: String) -> String? {
        var labels: [String] = []
        for label in host.split(separator: ".", omittingEmptySubsequences: false) {
            let lowered = String(label).lowercased().precomposedStringWithCanonicalMapping
            if lowered.unicodeScalars.allSatisfy(\.isASCII) {
                labels.append(lowered)
            } else {
                guard let encoded = encode(lowered) else { return nil }
                labels.append("xn--" + encoded)
            }
        }
        return labels.joined(separator: ".")
    }

    /// RFC 3492 §6.1.
    private static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// 0–25 → a–z, 26–35 → 0–9 (RFC 3492 §5).
    private static func digit(_ value: Int) -> Character {
        let scalar = value < 26 ? 0x61 + value : 0x30 + value - 26
        return Character(Unicode.Scalar(UInt8(scalar)))
    }
}

extension SanitizingWriter {
    /// True when the output so far ends with two `<br>`s, with at most white space after them: a
    /// third `<br>` in a row is left out. Two make a blank line; more only make an entry taller
    /// (20,000 `<br>`s made one entry 544,000 px tall and pushed every other post off the page).
    var endsWithTwoBreaks: Bool {
        let tag = Array("<br>".utf8)
        var end = output.count
        while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(output[end - 1]) { end -= 1 }
        for _ in 0..<2 {
            guard end >= tag.count, output[(end - tag.count)..<end].elementsEqual(tag) else { return false }
            end -= tag.count
            while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(output[end - 1]) { end -= 1 }
        }
        return true
    }
}

/// Text from feeds made safe to print on a terminal: titles, names, URLs and error messages
/// reach `--verbose`, the progress line and every message, and a title holding `ESC ] 0 ;` or
/// `ESC [ 2 J` would otherwise retitle the window or clear the screen.
///
/// Removed (ECMA-48): escape sequences whole — CSI (`ESC [` … final byte 0x40–0x7E, or the C1
/// CSI U+009B …), OSC, DCS, SOS, PM and APC strings (up to BEL or ST), and any other two-character
/// `ESC X` — then every other C0 control but tab and line feed, DEL, and the C1 controls
/// U+0080–U+009F. Everything else is kept as it is.
enum TerminalText {
    /// `text` without control characters and escape sequences (see above).
    static func printable(_ text: String) -> String {
        // Fast path: nothing to remove in almost every line.
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        while let scalar = pending ?? scalars.next() {
            pending = nil
            switch scalar.value {
            case 0x1B:  // ESC: the sequence it starts
                guard let next = scalars.next() else { break }
                switch next {
                case "[": skipCSI(&scalars)
                case "]", "P", "X", "^", "_": skipString(&scalars)
                default:
                    // A two-character sequence; a control after ESC is looked at on its own.
                    if isControl(next) { pending = next }
                }
            case 0x9B: skipCSI(&scalars)
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F: skipString(&scalars)
            case 0x09, 0x0A: out.append(scalar)
            default:
                if !isControl(scalar) { out.append(scalar) }
            }
        }
        return String(out)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 && scalar.value != 0x09 && scalar.value != 0x0A || (0x7F...0x9F).contains(scalar.value)
    }

    /// Skips a control sequence's parameters and intermediates up to its final byte (0x40–0x7E).
    private static func skipCSI(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            if (0x40...0x7E).contains(scalar.value) { return }
            if !(0x20...0x3F).contains(scalar.value) { return }  // not a well-formed sequence: stop
        }
    }

    /// Skips a control string (OSC, DCS, …) up to BEL, ST (`ESC \` or U+009C) or the end.
    private static func skipString(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            if scalar.value == 0x07 || scalar.value == 0x9C { return }
            if scalar.value == 0x1B {
                _ = scalars.next()
                return
            }
        }
    }
}

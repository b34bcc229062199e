/// What `EntryHTMLOptions` change as the sanitizer writes a fragment: the one hook of the
/// settings in `SanitizingWriter` (`writtenName(_:node:kept:)`), beside the allow-list.
struct EntryHTMLRewrite {
    /// Whether tracking images and ad links are dropped (`TrackingMarkup`).
    let dropsTracking: Bool
    /// Levels every heading goes down (0: none), from the fragment's top heading.
    let headingShift: Int

    /// No change: what the sanitizer writes without options.
    static let none = EntryHTMLRewrite(dropsTracking: false, headingShift: 0)

    init(dropsTracking: Bool, headingShift: Int) {
        self.dropsTracking = dropsTracking
        self.headingShift = headingShift
    }

    /// The rewrite of the fragment whose first top-level node is `first`: the heading shift is
    /// `options.minimumHeading` minus the level of the fragment's top heading, when that is
    /// higher (Planet Venus `filters/minhead.py`), so that sanitizing the output again shifts
    /// nothing more.
    init(_ options: EntryHTMLOptions, fragment first: HTMLFragmentNode?) {
        dropsTracking = options.dropsTracking
        guard options.minimumHeading > 1, let top = Self.topHeading(first, depth: 0) else {
            headingShift = 0
            return
        }
        headingShift = max(0, options.minimumHeading - top)
    }

    /// The name to write the element as, or nil when it goes with its content: `entry.written`,
    /// a heading shifted by `headingShift` (at most `h6`), nil for tracking markup.
    /// - Parameter kept: the element's attributes that passed their checks (URLs absolute).
    func writtenName(_ entry: ElementEntry, node: HTMLFragmentNode, kept: [(name: String, value: String?)]) -> String? {
        if dropsTracking {
            if entry.kind == .image, TrackingMarkup.isTrackingImage(kept, style: node.attributeValue("style")) {
                return nil
            }
            if entry.kind == .link, let href = kept.first(where: { $0.name == "href" })?.value,
                TrackingMarkup.isTrackingLink(href)
            {
                return nil
            }
        }
        guard headingShift > 0, let level = Self.headingLevel(entry.written) else { return entry.written }
        return "h\(min(6, level + headingShift))"
    }

    /// 1–6 for `h1`–`h6`, else nil.
    static func headingLevel(_ name: String) -> Int? {
        let bytes = name.utf8
        guard bytes.count == 2, bytes.first == UInt8(ascii: "h"), let digit = bytes.last,
            (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(digit)
        else { return nil }
        return Int(digit - UInt8(ascii: "0"))
    }

    /// The smallest heading level of the sibling list `first` and below, to the sanitizer's
    /// nesting limit (`HTMLFragmentParser.maximumDepth`); nil without headings.
    private static func topHeading(_ first: HTMLFragmentNode?, depth: Int) -> Int? {
        guard depth < HTMLFragmentParser.maximumDepth else { return nil }
        var top: Int?
        var cursor = first
        while let node = cursor, top != 1 {
            cursor = node.next
            guard node.kind == .element else { continue }
            if let level = node.element.flatMap({ headingLevel($0.written) }) { top = min(top ?? level, level) }
            if let below = topHeading(node.firstChild, depth: depth + 1) { top = min(top ?? below, below) }
        }
        return top
    }
}

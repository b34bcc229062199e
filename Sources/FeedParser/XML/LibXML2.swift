import CLibXML2
import Foundation

/// The one wrapper around libxml2's C API in FeedParser. Nothing from `CLibXML2` leaves this file.
///
/// Parsing uses a fresh parser context per document with its own structured error handler, so no
/// global libxml2 state is touched and documents can be parsed concurrently; every entry point
/// first reads `LibXML.initialized` (libxml2's globals are set up once, before the first parse).
enum LibXML2 {
    /// The result of parsing one XML document in recovery mode.
    struct Parsed: Sendable {
        /// The root element, nil when nothing could be recovered.
        var root: XML.Element?
        /// libxml2 diagnostics, "line N: message", in document order.
        var diagnostics: [Diagnostic]
        /// Why the document is refused as an attack (external entity, entity amplification, markup
        /// beyond `MarkupBudget.document`); `root` is nil then. See `EntityBudget`.
        var refusal: String? = nil
        /// Entries left out by the entry limit of `parse(_:base:entryLimit:)`, with the warning.
        var entryLimit: EntryLimit? = nil
        /// The document ended inside an open element (`CutShort`); nil when it is complete.
        var cutShort: CutShort? = nil
    }

    struct Diagnostic: Sendable, Equatable {
        var line: Int
        var code: Int
        var message: String
        /// libxml2's first string argument (`str1`): for XML_ERR_TAG_NOT_FINISHED (77), the name
        /// of the element still open at the end of the document.
        var element: String? = nil
        /// libxml2's first number argument (`int1`): for code 77, the line of that element's start tag.
        var elementLine: Int = 0

        /// The document ended inside an open element (XML_ERR_TAG_NOT_FINISHED 77: "Premature end
        /// of data in tag …"): see `CutShort`.
        var isPrematureEnd: Bool { code == 77 }

        /// Undeclared entity, '&' not starting a reference, or a character reference XML does not
        /// accept (`&#XE9;`): what `EntityRepair` fixes.
        var isEntityProblem: Bool {
            // XML_ERR_UNDECLARED_ENTITY 26, XML_WAR_UNDECLARED_ENTITY 27, XML_ERR_ENTITYREF_SEMICOL_MISSING 23,
            // XML_ERR_NAME_REQUIRED 68, XML_ERR_ENTITYREF_NO_NAME 22, XML_ERR_INVALID_HEX_CHARREF 6,
            // XML_ERR_INVALID_DEC_CHARREF 7.
            [6, 7, 22, 23, 26, 27, 68].contains(code)
        }

        /// libxml2 stopped an entity loop or its own amplification check (XML_ERR_ENTITY_LOOP 89).
        var isEntityLoop: Bool { code == 89 }
    }

    /// Options: recover from ill-formed input; never touch the network; CDATA as text; no entity
    /// substitution from DTDs and no DTD loading (XXE); no huge-document mode (libxml2's limits stay).
    /// The bytes are already UTF-8 (`DocumentDecoder`), libxml2's own encoding: the document's
    /// encoding declaration is ignored and no encoding is named (naming "UTF-8" makes libxml2
    /// copy the whole input through its UTF-8 "converter", byte by byte).
    private static let options = Int32(
        XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue
            | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue
            | XML_PARSE_IGNORE_ENC.rawValue)

    private final class ErrorSink {
        var diagnostics: [Diagnostic] = []
        /// The `item`/`entry` elements libxml2 closed at an end tag (its SAX2 end-element event):
        /// an element still open at the end of the bytes is not among them (`CutShort`).
        var closedEntries = Set<UnsafeRawPointer>()
    }

    /// Parses a UTF-8 XML document.
    /// - Parameters:
    ///   - data: the document as UTF-8 bytes.
    ///   - base: document URL: the base of the root element's `xml:base`.
    ///   - entryLimit: for a feed, the most `item`/`entry` elements kept among the children of the
    ///     root and of its children (RSS 1.0 items are the root's, RSS 2.0's the channel's, Atom's
    ///     the feed's): the newest (`EntryLimit`); the others are never converted. nil keeps all.
    static func parse(_ data: Data, base: URL?, entryLimit: Int? = nil) -> Parsed {
        _ = LibXML.initialized
        if let violation = MarkupBudget.document.violation(data) {
            return Parsed(root: nil, diagnostics: [], refusal: "markup beyond the parser's bounds: \(violation)")
        }
        guard let ctxt = xmlNewParserCtxt() else {
            return Parsed(root: nil, diagnostics: [Diagnostic(line: 0, code: -1, message: "out of memory")])
        }
        defer { xmlFreeParserCtxt(ctxt) }
        let sink = ErrorSink()
        let unmanaged = Unmanaged.passRetained(sink)
        defer { unmanaged.release() }
        ctxt.pointee._private = unmanaged.toOpaque()
        installHandlers(ctxt)
        _ = xmlCtxtUseOptions(ctxt, options)
        let doc: xmlDocPtr? = data.withUnsafeBytes { raw in
            guard let bytes = raw.baseAddress?.assumingMemoryBound(to: CChar.self),
                raw.count < Int(Int32.max)
            else { return nil }
            return xmlCtxtReadMemory(ctxt, bytes, Int32(raw.count), base?.absoluteString, nil, options)
        }
        if sink.diagnostics.contains(where: \.isEntityLoop) {
            doc.map { xmlFreeDoc($0) }
            return Parsed(
                root: nil, diagnostics: sink.diagnostics,
                refusal: "entity reference loop or amplification (stopped by libxml2)")
        }
        guard let doc else { return Parsed(root: nil, diagnostics: sink.diagnostics) }
        defer { xmlFreeDoc(doc) }
        // A well-formed document is whole; one libxml2 saw reach the end of its root (extra content
        // after it, XML_ERR_DOCUMENT_END 5) is too. Any other problem may be a cut: the bytes say.
        let cutShort =
            sink.diagnostics.isEmpty || sink.diagnostics.contains(where: { $0.code == 5 })
            ? nil
            : leaveOutUnfinishedEntry(
                of: doc, sink.diagnostics.last(where: \.isPrematureEnd), data: data, closed: sink.closedEntries)
        var budget = EntityBudget(documentSize: data.count)
        var limit = entryLimit.map(EntryLimit.init)
        var names = InternedNames()
        let root = xmlDocGetRootElement(doc).map {
            convert($0, parentBase: base, parentLanguage: nil, budget: &budget, limit: &limit, names: &names, level: 0)
        }
        if let refusal = budget.refusal {
            return Parsed(root: nil, diagnostics: sink.diagnostics, refusal: refusal)
        }
        return Parsed(root: root, diagnostics: sink.diagnostics, entryLimit: limit, cutShort: cutShort)
    }

    /// Points `ctxt`'s SAX handlers at the `ErrorSink` in its `_private`: structured errors become
    /// diagnostics, and each `item`/`entry` closed at an end tag is noted before libxml2's own
    /// SAX2 end-element handler runs.
    private static func installHandlers(_ ctxt: xmlParserCtxtPtr) {
        ctxt.pointee.sax.pointee.serror = { userData, error in
            guard let userData, let error else { return }
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let opaque = context.pointee._private else { return }
            let sink = Unmanaged<ErrorSink>.fromOpaque(opaque).takeUnretainedValue()
            let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
            sink.diagnostics.append(
                Diagnostic(
                    line: Int(error.pointee.line), code: Int(error.pointee.code),
                    message: PlainText.collapse(message) ?? "unknown error",
                    element: error.pointee.str1.map { String(cString: $0) }, elementLine: Int(error.pointee.int1)))
        }
        ctxt.pointee.sax.pointee.endElementNs = { userData, localName, prefix, uri in
            guard let userData else { return }
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            if let node = context.pointee.node, let localName, let opaque = context.pointee._private,
                CutShort.isEntryName(localName)
            {
                Unmanaged<ErrorSink>.fromOpaque(opaque).takeUnretainedValue().closedEntries.insert(
                    UnsafeRawPointer(node))
            }
            xmlSAX2EndElementNs(userData, localName, prefix, uri)
        }
    }

    /// For a document libxml2 reported a problem in: nil when its bytes still end with
    /// the root's end tag (a complete document whose mismatched tags left elements open, such as
    /// raw `<br>`s in a description: not cut). Otherwise it is cut short (`CutShort`), and the
    /// first `item`/`entry` on the chain of last child elements from the root that libxml2 never
    /// closed at an end tag (`closed`; one cut inside its own start tag included) is removed from
    /// the tree before anything reads it.
    private static func leaveOutUnfinishedEntry(
        of doc: xmlDocPtr, _ premature: Diagnostic?, data: Data, closed: Set<UnsafeRawPointer>
    ) -> CutShort? {
        guard let root = xmlDocGetRootElement(doc), !CutShort.endsWithEndTag(data, name: qualifiedName(root))
        else { return nil }
        // Without "Premature end of data in tag …" the bytes ended inside a tag, the root's own
        // start tag included ("Couldn't find end of Start Tag rss").
        let innermost = premature?.element ?? qualifiedName(root)
        let line = premature?.elementLine ?? Int(xmlGetLineNo(root))
        var node = xmlGetLastChild(root)
        var depth = 0
        while let current = node, depth < 256 {
            if current.pointee.type == XML_ELEMENT_NODE {
                if let name = current.pointee.name, CutShort.isEntryName(name),
                    !closed.contains(UnsafeRawPointer(current))
                {
                    xmlUnlinkNode(current)
                    xmlFreeNode(current)
                    return CutShort(innermost: innermost, line: line, droppedEntry: true)
                }
                node = xmlGetLastChild(current)
                depth += 1
            } else {
                node = current.pointee.prev
            }
        }
        return CutShort(innermost: innermost, line: line, droppedEntry: false)
    }

    /// An element's name as written: `prefix:local`, or the local name without a prefix.
    private static func qualifiedName(_ element: xmlNodePtr) -> String {
        let local = element.pointee.name.map { String(cString: $0) } ?? ""
        guard let prefix = element.pointee.ns?.pointee.prefix else { return local }
        return String(cString: prefix) + ":" + local
    }

    private static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// Swift strings for the names and namespace URIs of one document, by the address libxml2
    /// keeps each at (its dictionary interns a name once; a namespace is one `xmlNs`), so that
    /// each is made once per document, not once per node. Valid while the document lives.
    private struct InternedNames {
        private var names: [UnsafeRawPointer: String] = [:]
        private var namespaces: [UnsafeRawPointer: String?] = [:]

        /// The name at `pointer` as a String, "" for none.
        mutating func name(_ pointer: UnsafePointer<xmlChar>?) -> String {
            guard let pointer else { return "" }
            if let known = names[UnsafeRawPointer(pointer)] { return known }
            let made = String(cString: pointer)
            names[UnsafeRawPointer(pointer)] = made
            return made
        }

        /// The canonical URI of a node's namespace (`Namespace.canonical`), nil for none.
        mutating func namespace(_ ns: xmlNsPtr?) -> String? {
            guard let ns else { return nil }
            if let known = namespaces[UnsafeRawPointer(ns)] { return known }
            let made = Namespace.canonical(ns.pointee.href.map { String(cString: $0) })
            namespaces[UnsafeRawPointer(ns)] = made
            return made
        }
    }

    private static func convert(
        _ node: xmlNodePtr, parentBase: URL?, parentLanguage: String?,
        budget: inout EntityBudget, limit: inout EntryLimit?, names: inout InternedNames,
        level: Int
    ) -> XML.Element {
        var attributes: [XML.Attribute] = []
        var attr = node.pointee.properties
        if attr != nil { attributes.reserveCapacity(4) }
        while let current = attr {
            let name = names.name(current.pointee.name)
            let namespace = names.namespace(current.pointee.ns)
            attributes.append(
                XML.Attribute(
                    namespace: namespace, name: name,
                    value: attributeValue(current, budget: &budget)))
            attr = current.pointee.next
        }
        var base = parentBase
        if let value = attributes.first(where: { $0.name == "base" && $0.namespace == xmlNamespace })?.value {
            base = XML.Element.resolvedBase(value, parent: parentBase)
        }
        let language = attributes.first { $0.name == "lang" && $0.namespace == xmlNamespace }?.value ?? parentLanguage
        var children: [XML.Node] = []
        var child = node.pointee.children
        var nodes = 0
        while let current = child, nodes < 64 {
            nodes += 1
            child = current.pointee.next
        }
        children.reserveCapacity(nodes)  // no regrowth for most elements (a feed's channel has thousands)
        child = node.pointee.children
        let kept = level <= 1 ? keptEntries(of: node, limit: &limit) : nil
        var entryIndex = 0
        while let current = child, budget.refusal == nil {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                if let kept, isEntry(current) {
                    let keep = kept.contains(entryIndex)
                    entryIndex += 1
                    if !keep { break }
                }
                children.append(
                    .element(
                        convert(
                            current, parentBase: base, parentLanguage: language,
                            budget: &budget, limit: &limit, names: &names, level: level + 1)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let text = string(current.pointee.content) { appendText(text, to: &children) }
            case XML_ENTITY_REF_NODE:
                if let text = entityText(current, budget: &budget) { appendText(text, to: &children) }
            default:
                break
            }
            child = current.pointee.next
        }
        return XML.Element(
            namespace: names.namespace(node.pointee.ns),
            name: names.name(node.pointee.name), attributes: attributes,
            children: children, base: base, language: language)
    }

    /// An `item` (RSS) or `entry` (Atom) element, in any namespace.
    private static func isEntry(_ node: xmlNodePtr) -> Bool {
        guard let name = node.pointee.name else { return false }
        return xmlStrEqual(name, "item") != 0 || xmlStrEqual(name, "entry") != 0
    }

    /// Which of `node`'s entry children (`isEntry`, counted in document order) `limit` keeps,
    /// nil for all. Dates are read from the C tree (the latest of the children
    /// `FieldPrecedence.entryDateNames` names), so that dropped entries are never converted.
    private static func keptEntries(of node: xmlNodePtr, limit: inout EntryLimit?) -> Set<Int>? {
        guard limit != nil else { return nil }
        var entries: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, isEntry(current) { entries.append(current) }
            child = current.pointee.next
        }
        return limit?.kept(count: entries.count) { entryDate(entries[$0]) }
    }

    /// The latest date among an entry element's date children, nil when none reads as a date.
    private static func entryDate(_ entry: xmlNodePtr) -> Date? {
        var latest: Date?
        var child = entry.pointee.children
        while let current = child {
            child = current.pointee.next
            guard current.pointee.type == XML_ELEMENT_NODE, let name = string(current.pointee.name),
                FieldPrecedence.entryDateNames.contains(name),
                let text = string(current.pointee.children?.pointee.content),
                let date = FeedDateParser.parse(text)
            else { continue }
            latest = max(latest ?? date, date)
        }
        return latest
    }

    private static func appendText(_ text: String, to children: inout [XML.Node]) {
        if case .text(let previous)? = children.last {
            children[children.count - 1] = .text(previous + text)
        } else {
            children.append(.text(text))
        }
    }

    /// An entity reference kept in the tree (declared in a DTD we did not load): its replacement
    /// text when libxml2 knows it, else the HTML entity of that name, else nothing. The text is
    /// charged to `budget`; a reference to an external entity refuses the document (XXE).
    private static func entityText(_ node: xmlNodePtr, budget: inout EntityBudget) -> String? {
        if let entity = xmlGetDocEntity(node.pointee.doc, node.pointee.name),
            entity.pointee.etype == XML_EXTERNAL_GENERAL_PARSED_ENTITY
                || entity.pointee.etype == XML_EXTERNAL_GENERAL_UNPARSED_ENTITY
        {
            budget.refuse("reference to the external entity '\(string(node.pointee.name) ?? "")' (XXE), not loaded")
            return nil
        }
        if let content = node.pointee.content, content.pointee != 0 {
            guard budget.spend(Int(xmlStrlen(content))) else { return nil }
            return String(cString: content)
        }
        guard let name = node.pointee.name, let entity = htmlEntityLookup(name),
            let scalar = Unicode.Scalar(entity.pointee.value)
        else { return nil }
        return String(Character(scalar))
    }

    private static func attributeValue(_ attr: xmlAttrPtr, budget: inout EntityBudget) -> String {
        var out = ""
        var child = attr.pointee.children
        while let current = child, budget.refusal == nil {
            if current.pointee.type == XML_ENTITY_REF_NODE {
                out += entityText(current, budget: &budget) ?? ""
            } else if let text = string(current.pointee.content) {
                out += text
            }
            child = current.pointee.next
        }
        return out
    }

    /// Text of a node's descendants (text and CDATA), skipping `script` and `style`.
    private static func collectText(_ node: xmlNodePtr, into out: inout String) {
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let text = string(current.pointee.content) { out += text }
            case XML_ELEMENT_NODE:
                let name = string(current.pointee.name)?.lowercased()
                if name != "script" && name != "style" { collectText(current, into: &out) }
            default:
                break
            }
            child = current.pointee.next
        }
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// The code point of an HTML 4 named entity (`uuml` → U+00FC), from libxml2's HTML table.
    static func htmlEntity(named name: String) -> Unicode.Scalar? {
        name.withCString { pointer in
            pointer.withMemoryRebound(to: xmlChar.self, capacity: name.utf8.count + 1) { xmlName in
                htmlEntityLookup(xmlName).flatMap { Unicode.Scalar($0.pointee.value) }
            }
        }
    }

    /// Parses a whole HTML page (libxml2's HTML parser: recover, no network, silent) into the same
    /// tree as `parse`, element and attribute names lower-case, for feed autodiscovery.
    /// - Parameters:
    ///   - data: the page's bytes.
    ///   - encoding: charset label, or nil to let libxml2 read `<meta charset>` (else Latin-1).
    /// - Returns: the root element, nil when nothing could be read or the page exceeds
    ///   `MarkupBudget.html`.
    static func parseHTML(_ data: Data, base: URL?, encoding: String?) -> XML.Element? {
        _ = LibXML.initialized
        guard MarkupBudget.html.violation(data) == nil, let ctxt = htmlNewParserCtxt() else { return nil }
        defer { htmlFreeParserCtxt(ctxt) }
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
                | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        let doc: htmlDocPtr? = data.withUnsafeBytes { raw in
            guard let bytes = raw.baseAddress?.assumingMemoryBound(to: CChar.self),
                raw.count < Int(Int32.max)
            else { return nil }
            return htmlCtxtReadMemory(ctxt, bytes, Int32(raw.count), base?.absoluteString, encoding, options)
        }
        guard let doc else { return nil }
        defer { xmlFreeDoc(doc) }
        // HTML pages have no entity declarations; the budget only guards the conversion.
        var budget = EntityBudget(documentSize: data.count)
        var limit: EntryLimit? = nil
        var names = InternedNames()
        return xmlDocGetRootElement(doc).map {
            convert($0, parentBase: base, parentLanguage: nil, budget: &budget, limit: &limit, names: &names, level: 0)
        }
    }

    /// The text content of an HTML fragment as a browser would render it into a title: tags dropped,
    /// entities decoded (libxml2's HTML parser, recovering, silent); "" for markup beyond
    /// `MarkupBudget.html`.
    static func htmlText(_ html: String) -> String {
        // Text without markup needs no parser, only its references decoded (the same result).
        HTMLEntityText.decoded(html) ?? parsedHTMLText(html)
    }

    /// `htmlText` through libxml2's HTML parser, whatever the input.
    static func parsedHTMLText(_ html: String) -> String {
        _ = LibXML.initialized
        // Markup beyond `MarkupBudget.html` is not parsed: its text is dropped.
        guard MarkupBudget.html.violation(html) == nil else { return "" }
        guard let ctxt = htmlNewParserCtxt() else { return html }
        defer { htmlFreeParserCtxt(ctxt) }
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
                | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        let wrapped = "<html><body><div>" + FragmentDoctype.removing(from: html) + "</div></body></html>"
        let doc: htmlDocPtr? = wrapped.withCString { bytes in
            htmlCtxtReadMemory(ctxt, bytes, Int32(strlen(bytes)), nil, "UTF-8", options)
        }
        guard let doc else { return html }
        defer { xmlFreeDoc(doc) }
        guard let root = xmlDocGetRootElement(doc) else { return "" }
        var out = ""
        collectText(root, into: &out)
        return out
    }
}

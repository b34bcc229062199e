import CLibXML2

/// libxml2's process-wide initialisation, done exactly once before the first parse.
///
/// libxml2 2.9 initialises its globals lazily, from whichever thread creates the first parser
/// context, and not thread-safely: two tasks creating their first context at the same moment can
/// leave the dictionary mutex locked for good (both blocked in `xmlRMutexLock` under
/// `xmlDictCreate`). libxml2's documentation asks a multithreaded program to call
/// `xmlInitParser()` from the main thread before any other call (libxml2 parser.h,
/// `xmlInitParser`; "Thread safety" in the libxml2 FAQ). `initialized` does it inside a Swift
/// `static let` initialiser, which the runtime runs once, all other callers waiting for it
/// (`swift_once`); every parse entry point of FeedParser reads it first, and the command-line tool
/// reads it at start, before any task exists.
public enum LibXML {
    /// Proof that `xmlInitParser()` has run in this process.
    public struct Initialized: Sendable {
        fileprivate init() {}
    }

    /// Calls `xmlInitParser()` the first time it is read, and never again; reading it costs
    /// nothing after that. Read it once at process start (before starting tasks) where possible.
    public static let initialized: Initialized = {
        xmlInitParser()
        return Initialized()
    }()
}

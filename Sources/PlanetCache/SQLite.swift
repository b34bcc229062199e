import CSQLite3
import Foundation

/// An error SQLite reported: the primary result code and `sqlite3_errmsg` at the time.
struct SQLiteError: Error, Sendable, Equatable {
    var code: Int32
    var message: String
}

/// A value bound to a statement parameter. Dates are stored as Unix seconds (`REAL`).
enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    static func text(_ value: String?) -> SQLiteValue { value.map(SQLiteValue.text) ?? .null }
    static func date(_ value: Date?) -> SQLiteValue { value.map { .real($0.timeIntervalSince1970) } ?? .null }
    static func integer(_ value: Int?) -> SQLiteValue { value.map { .integer(Int64($0)) } ?? .null }
    static func bool(_ value: Bool) -> SQLiteValue { .integer(value ? 1 : 0) }
}

/// The one wrapper around the SQLite C API. Not thread-safe by itself: its owner (the `FeedCache`
/// actor) serializes every call. Prepared statements are cached by SQL text and reused.
final class SQLiteDatabase {
    private let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens (creating when missing) the database at `path` (`:memory:` for a private in-memory
    /// one); with `readOnly`, opens an existing file for reading only (SQLITE_OPEN_READONLY).
    init(path: String, readOnly: Bool = false) throws(SQLiteError) {
        var db: OpaquePointer?
        // SQLITE_OPEN_NOMUTEX ("multi-thread" mode): the connection takes no mutex of its own on
        // every call (~4 M instructions in a warm build of 1,000 feeds: Benchmarks/PERF.md), which
        // SQLite allows when no two threads use one connection at once. Here the owner serializes
        // every call (the `FeedCache` actor), and this class is not Sendable, so the compiler
        // keeps it there.
        let flags =
            (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard let db else { throw SQLiteError(code: rc, message: "out of memory opening '\(path)'") }
        guard rc == SQLITE_OK else {
            let error = SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(db)))
            sqlite3_close_v2(db)
            throw error
        }
        sqlite3_extended_result_codes(db, 0)
        handle = db
    }

    deinit {
        statements.removeAll()  // finalize before closing
        sqlite3_close_v2(handle)
    }

    /// Wait up to `milliseconds` for another connection's lock before failing with SQLITE_BUSY.
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Runs one or more SQL statements that return no rows (schema, pragmas without results).
    func execute(_ sql: String) throws(SQLiteError) {
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw lastError(rc) }
    }

    /// The cached prepared statement for `sql`, reset and with bindings cleared.
    func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var raw: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
        guard rc == SQLITE_OK, let raw else { throw lastError(rc) }
        let statement = SQLiteStatement(raw, database: self)
        statements[sql] = statement
        return statement
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: the write lock is taken up front (waiting up to
    /// the busy timeout), so two writers never deadlock upgrading a read lock. Rolls back on error.
    func transaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")  // the original error is the one worth reporting
            throw error
        }
    }

    /// Rows inserted, updated or deleted by this connection since it opened (`sqlite3_total_changes`).
    var totalChanges: Int { Int(sqlite3_total_changes(handle)) }

    func lastError(_ rc: Int32) -> SQLiteError {
        SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(handle)))
    }
}

/// A prepared statement: bind parameters (1-based), step, read columns (0-based).
final class SQLiteStatement {
    private let handle: OpaquePointer
    private unowned let database: SQLiteDatabase

    fileprivate init(_ handle: OpaquePointer, database: SQLiteDatabase) {
        self.handle = handle
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds `values` to parameters 1...n.
    @discardableResult
    func bind(_ values: [SQLiteValue]) throws(SQLiteError) -> SQLiteStatement {
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
        return self
    }

    func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        let rc: Int32
        switch value {
        case .null: rc = sqlite3_bind_null(handle, index)
        case .integer(let v): rc = sqlite3_bind_int64(handle, index, v)
        case .real(let v): rc = sqlite3_bind_double(handle, index, v)
        case .text(let v): rc = sqlite3_bind_text(handle, index, v, Int32(v.utf8.count), sqliteTransient)
        case .blob(let v):
            rc = v.withUnsafeBytes { raw in
                // A zero-length blob still needs a non-NULL pointer, else SQLite stores NULL.
                sqlite3_bind_blob(
                    handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(v.count), sqliteTransient)
            }
        }
        guard rc == SQLITE_OK else { throw database.lastError(rc) }
    }

    /// Advances to the next row: true when a row is available, false when done.
    func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = database.lastError(rc)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Steps to completion, ignoring rows, then resets.
    func run() throws(SQLiteError) {
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Reads every row with `read`, then resets.
    func rows<T>(_ read: (SQLiteStatement) throws(SQLiteError) -> T) throws(SQLiteError) -> [T] {
        var result: [T] = []
        while try step() { result.append(try read(self)) }
        sqlite3_reset(handle)
        return result
    }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

    func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }

    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }

    func date(_ column: Int32) -> Date? {
        isNull(column) ? nil : Date(timeIntervalSince1970: double(column))
    }

    /// Appends the type and the value of every column of the current row to `bytes` (text and
    /// blobs with their length), without making Swift values of them: two rows give the same bytes
    /// exactly when their values are the same.
    func appendRow(to bytes: inout [UInt8]) {
        for column in 0..<sqlite3_column_count(handle) {
            let type = sqlite3_column_type(handle, column)
            bytes.append(UInt8(truncatingIfNeeded: type))
            switch type {
            case SQLITE_INTEGER:
                withUnsafeBytes(of: sqlite3_column_int64(handle, column)) { bytes.append(contentsOf: $0) }
            case SQLITE_FLOAT:
                withUnsafeBytes(of: sqlite3_column_double(handle, column).bitPattern) { bytes.append(contentsOf: $0) }
            case SQLITE_NULL:
                break
            default:
                let count = Int(sqlite3_column_bytes(handle, column))
                withUnsafeBytes(of: Int64(count)) { bytes.append(contentsOf: $0) }
                if let start = sqlite3_column_blob(handle, column) {
                    bytes.append(contentsOf: UnsafeRawBufferPointer(start: start, count: count))
                }
            }
        }
    }

    /// The bytes of a blob (or text) column; nil for NULL.
    func data(_ column: Int32) -> Data? {
        guard !isNull(column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let start = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: start, count: count)
    }

    func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}

/// `SQLITE_TRANSIENT`: SQLite copies the bound bytes before the call returns.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

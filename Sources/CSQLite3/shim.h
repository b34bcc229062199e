#include <sqlite3.h>

/// sqlite3_db_config is variadic, which Swift cannot call: one fixed-signature wrapper per option
/// planet sets. SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE (SQLite 3.16): when on, closing the last
/// connection leaves the WAL file as it is instead of checkpointing it into the database and
/// deleting it. Returns an SQLite result code.
static inline int planet_sqlite3_no_checkpoint_on_close(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on, (int *)0);
}

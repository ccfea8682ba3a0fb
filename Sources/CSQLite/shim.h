#ifndef HERALD_CSQLITE_SHIM_H
#define HERALD_CSQLITE_SHIM_H
#include <sqlite3.h>

/// sqlite3_config is variadic; Swift cannot call it. Wrapped here.
static inline int herald_sqlite3_config_multithread(void) { return sqlite3_config(SQLITE_CONFIG_MULTITHREAD); }

/// sqlite3_db_config is variadic too. Lets this connection edit `sqlite_schema` under
/// `PRAGMA writable_schema` (schema version 6 edits a table's SQL in place), whatever the
/// library's default for SQLITE_DBCONFIG_DEFENSIVE.
static inline int herald_sqlite3_allow_schema_edits(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 0, (int *)0);
}

#endif

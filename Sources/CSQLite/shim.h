#ifndef HERALD_CSQLITE_SHIM_H
#define HERALD_CSQLITE_SHIM_H
#include <sqlite3.h>

/// sqlite3_config is variadic; Swift cannot call it. Wrapped here.
static inline int herald_sqlite3_config_multithread(void) { return sqlite3_config(SQLITE_CONFIG_MULTITHREAD); }

/// Turns SQLite's memory statistics on or off (SQLITE_CONFIG_MEMSTATUS). With them on, every
/// allocation takes a process-wide mutex to count itself. Only before `sqlite3_initialize`
/// (later it fails with SQLITE_MISUSE and changes nothing).
static inline int herald_sqlite3_config_memstatus(int on) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on); }

/// sqlite3_db_config is variadic too. Sets SQLITE_DBCONFIG_DEFENSIVE (off lets the connection
/// edit `sqlite_schema` under `PRAGMA writable_schema`, as schema version 6 does) and returns
/// what it was, to put back.
static inline int herald_sqlite3_set_defensive(sqlite3 *db, int on) {
    int previous = 0;
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, -1, &previous);
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, on, (int *)0);
    return previous;
}

#endif

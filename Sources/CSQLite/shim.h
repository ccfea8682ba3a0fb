#ifndef HERALD_CSQLITE_SHIM_H
#define HERALD_CSQLITE_SHIM_H
#include <sqlite3.h>

/// sqlite3_config is variadic; Swift cannot call it. Wrapped here.
static inline int herald_sqlite3_config_multithread(void) { return sqlite3_config(SQLITE_CONFIG_MULTITHREAD); }

#endif

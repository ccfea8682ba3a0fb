#ifndef HERALD_CNCURSES_SHIM_H
#define HERALD_CNCURSES_SHIM_H
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

static inline WINDOW *herald_stdscr(void) { return stdscr; }
static inline int herald_lines(void) { return LINES; }
static inline int herald_cols(void) { return COLS; }
static inline void herald_set_escdelay(int ms) { set_escdelay(ms); }

#endif

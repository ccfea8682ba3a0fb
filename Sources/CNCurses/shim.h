#ifndef HERALD_CNCURSES_SHIM_H
#define HERALD_CNCURSES_SHIM_H
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <ncursesw/curses.h>

/* Everything Swift 6 cannot reach directly (global mutable state, function-like macros,
   macros built from expressions) is wrapped here; no number is copied into Swift. */

static inline WINDOW *herald_stdscr(void) { return stdscr; }
static inline int herald_lines(void) { return LINES; }
static inline int herald_cols(void) { return COLS; }
static inline int herald_color_pairs(void) { return COLOR_PAIRS; }
static inline int herald_colors(void) { return COLORS; }
static inline void herald_set_escdelay(int ms) { set_escdelay(ms); }

/* Locale */
static inline const char *herald_setlocale_all(const char *name) { return setlocale(LC_ALL, name); }
static inline const char *herald_codeset(void) { return nl_langinfo(CODESET); }

/* Screen: newterm on stdout/stdin (NULL on failure, unlike initscr which exits). */
static inline SCREEN *herald_newterm(const char *term) { return newterm(term, stdout, stdin); }
/* Screen on other streams (a scratch file: herald-bench measures what ncurses writes). */
static inline SCREEN *herald_newterm_on(const char *term, FILE *out, FILE *in) { return newterm(term, out, in); }

/* Return codes */
static inline int herald_ok(void) { return OK; }
static inline int herald_err(void) { return ERR; }
static inline int herald_key_code_yes(void) { return KEY_CODE_YES; }

/* Attributes */
static inline attr_t herald_a_normal(void) { return A_NORMAL; }
static inline attr_t herald_a_bold(void) { return A_BOLD; }
static inline attr_t herald_a_dim(void) { return A_DIM; }
static inline attr_t herald_a_italic(void) { return A_ITALIC; }
static inline attr_t herald_a_underline(void) { return A_UNDERLINE; }
static inline attr_t herald_a_reverse(void) { return A_REVERSE; }
static inline attr_t herald_a_blink(void) { return A_BLINK; }

/* Colours */
static inline short herald_color_black(void) { return COLOR_BLACK; }
static inline short herald_color_red(void) { return COLOR_RED; }
static inline short herald_color_green(void) { return COLOR_GREEN; }
static inline short herald_color_yellow(void) { return COLOR_YELLOW; }
static inline short herald_color_blue(void) { return COLOR_BLUE; }
static inline short herald_color_magenta(void) { return COLOR_MAGENTA; }
static inline short herald_color_cyan(void) { return COLOR_CYAN; }
static inline short herald_color_white(void) { return COLOR_WHITE; }

/* Keys */
static inline int herald_key_up(void) { return KEY_UP; }
static inline int herald_key_down(void) { return KEY_DOWN; }
static inline int herald_key_left(void) { return KEY_LEFT; }
static inline int herald_key_right(void) { return KEY_RIGHT; }
static inline int herald_key_home(void) { return KEY_HOME; }
static inline int herald_key_end(void) { return KEY_END; }
static inline int herald_key_ppage(void) { return KEY_PPAGE; }
static inline int herald_key_npage(void) { return KEY_NPAGE; }
static inline int herald_key_backspace(void) { return KEY_BACKSPACE; }
static inline int herald_key_dc(void) { return KEY_DC; }
static inline int herald_key_enter(void) { return KEY_ENTER; }
static inline int herald_key_btab(void) { return KEY_BTAB; }
static inline int herald_key_resize(void) { return KEY_RESIZE; }
static inline int herald_key_mouse(void) { return KEY_MOUSE; }
static inline int herald_key_f(int n) { return KEY_F(n); }

/* Mouse */
static inline mmask_t herald_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t herald_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t herald_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t herald_button5_pressed(void) { return BUTTON5_PRESSED; }

static inline int herald_cchar_max(void) { return CCHARW_MAX; }

/* One grapheme cluster in one cell: setcchar() stops at the first spacing character after the
   base (so a ZWJ sequence such as a family would lose its members); the cell is set up with the
   base alone, then the rest of the cluster (up to CCHARW_MAX) is copied in and written as is.
   The pair goes through setcchar's extended-colour argument, so pairs past 32767 work. */
static inline int herald_put_cluster(int y, int x, const wchar_t *wch, int count, attr_t attrs, int pair) {
    cchar_t cell;
    memset(&cell, 0, sizeof cell);
    wchar_t base[2] = { wch[0], 0 };
    if (setcchar(&cell, base, attrs, 0, &pair) == ERR) return ERR;
    for (int i = 1; i < count && i < CCHARW_MAX; i++) cell.chars[i] = wch[i];
    if (wmove(stdscr, y, x) == ERR) return ERR;
    return wadd_wch(stdscr, &cell);
}
static inline int herald_wcwidth(wchar_t c) { return wcwidth(c); }

/* Colour pairs of any colour number (palette entries past 255, direct colours). */
static inline int herald_init_pair(int pair, int fg, int bg) { return init_extended_pair(pair, fg, bg); }

/* Restoring the terminal from any exit path. */
static inline void herald_restore_terminal(void) {
    if (!isendwin()) endwin();
}
static inline void herald_fatal_signal_handler(int sig) {
    herald_restore_terminal();
    signal(sig, SIG_DFL);
    raise(sig);
}
/* On a crash (trap, abort, segfault): restore the terminal, then die with the same signal. */
static inline void herald_install_crash_restore(void) {
    static int installed = 0;
    if (installed) return;
    installed = 1;
    int signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE };
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = herald_fatal_signal_handler;
        action.sa_flags = SA_RESETHAND;
        sigaction(signals[i], &action, NULL);
    }
    atexit(herald_restore_terminal);
}

/* Resizes wake the UI's poll. SIGWINCH goes to whichever thread does not block it — not the UI's,
   which sleeps in poll — so the handler runs ncurses' own handler (it records the new size for
   the next doupdate or wgetch) and then writes a byte into a pipe the UI polls. The pipe lives
   as long as the process (a handler running on another thread never writes into a closed
   descriptor); stopping gives SIGWINCH its previous handler back. */
struct herald_resize_watch {
    int pipe[2];
    int active;
    struct sigaction previous;
};
static inline struct herald_resize_watch *herald_resize_watch_state(void) {
    static struct herald_resize_watch state = { { -1, -1 }, 0 };
    return &state;
}
static inline void herald_resize_handler(int sig, siginfo_t *info, void *context) {
    int saved = errno;
    struct herald_resize_watch *watch = herald_resize_watch_state();
    if (watch->previous.sa_flags & SA_SIGINFO) {
        if (watch->previous.sa_sigaction) watch->previous.sa_sigaction(sig, info, context);
    } else if (watch->previous.sa_handler != SIG_DFL && watch->previous.sa_handler != SIG_IGN) {
        watch->previous.sa_handler(sig);
    }
    char byte = 1;
    if (watch->pipe[1] >= 0 && write(watch->pipe[1], &byte, 1) < 0) { /* full: a wake-up is already waiting */ }
    errno = saved;
}
/* Starts watching (after newterm, which installs ncurses' handler); returns the descriptor to
   poll for reading, or -1 when no pipe could be made. */
static inline int herald_resize_watch_start(void) {
    struct herald_resize_watch *watch = herald_resize_watch_state();
    if (watch->pipe[0] < 0) {
        int ends[2];
        if (pipe(ends) != 0) return -1;
        for (int i = 0; i < 2; i++) {
            fcntl(ends[i], F_SETFD, FD_CLOEXEC);
            fcntl(ends[i], F_SETFL, fcntl(ends[i], F_GETFL) | O_NONBLOCK);
        }
        watch->pipe[0] = ends[0];
        watch->pipe[1] = ends[1];
    }
    if (!watch->active) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = herald_resize_handler;
        action.sa_flags = SA_SIGINFO | SA_RESTART;
        sigemptyset(&action.sa_mask);
        if (sigaction(SIGWINCH, &action, &watch->previous) != 0) return -1;
        watch->active = 1;
    }
    return watch->pipe[0];
}
/* Empties the pipe after a wake-up. */
static inline void herald_resize_watch_drain(void) {
    char bytes[64];
    int fd = herald_resize_watch_state()->pipe[0];
    while (fd >= 0 && read(fd, bytes, sizeof bytes) > 0) {}
}
/* Gives SIGWINCH its previous handler back (before endwin). */
static inline void herald_resize_watch_stop(void) {
    struct herald_resize_watch *watch = herald_resize_watch_state();
    if (!watch->active) return;
    sigaction(SIGWINCH, &watch->previous, NULL);
    watch->active = 0;
}

#endif

/* FreeCell's complete search in C (freecell.py's FreeCellSearch, move for move): the same
 * moves in the same order, the same safe foundation moves, the same keys (columns and cells
 * as multisets), the same best-first scores and tie-breaks, the same node counts and budget
 * checks, so both find the same lines and verdicts (tests/test_freecell_core.py compares
 * them), only faster.
 *
 * Cards are suit * 16 + rank (ranks 1..13; suits S H D C = 0 1 2 3, H and D red); an empty
 * cell is 0. 8 columns, 4 cells; a position may hold fewer than 52 cards (tests build such),
 * never a card twice.
 */
#ifndef FREECELL_H
#define FREECELL_H

#include <stddef.h>
#include <stdint.h>

#define FC_COLS 8
#define FC_CELLS 4
#define FC_CARDS 52
#define FC_MAXMOVES 256   /* at most 4 x 10 from cells + 8 x 22 from columns */
#define FC_MAXREC (FC_CARDS + 1)   /* a move and the safe foundation moves after it */
#define FC_KEYW 6   /* 64 symbols of 6 bits: the cards, 8 column ends, 4 cells */

enum { FC_T, FC_C, FC_F };   /* pile kinds: column, cell, foundation (its index: the suit) */
/* how a search ends: its round's budget spent, a win, every position seen, a limit */
enum { FC_ROUND, FC_WON, FC_DONE, FC_LIMIT };
#define FC_NOMEM (-1)
#define FC_LOST (-2)   /* the best-first path could not be replayed (a bug) */

typedef struct { uint8_t sk, si, dk, di, n; } FcMv;

typedef struct {
    uint8_t len[FC_COLS], cells[FC_CELLS], found[4];
    uint8_t col[FC_COLS][FC_CARDS];
} FcPos;

typedef struct { uint64_t w[FC_KEYW]; } FcKey;

/* the budget of a round (positions generated) and the limits of the whole solve: at most
 * max_left more positions (when has_max), until the monotonic clock passes deadline (when
 * has_deadline) */
typedef struct {
    long long budget, max_left;
    int has_max, has_deadline;
    double deadline;
} FcLimits;

/* fc_position.c */
int fc_builds(int onto, int card);
int fc_safe(const FcPos *p, int c);
int fc_play(FcPos *p, FcMv m, FcMv *rec);   /* the move and the safe ones after it: count */
int fc_auto(FcPos *p, FcMv *out);
int fc_moves(const FcPos *p, FcMv *out);
void fc_key(const FcPos *p, FcKey *k);
void fc_load(const FcKey *k, FcPos *p);
#define FC_WEIGHTS 5
int fc_score(const FcPos *p, const int *W);   /* W: FC_WEIGHTS weights */
int fc_won(const FcPos *p);

/* fc_search.c: each returns an FC_ status, or FC_NOMEM / FC_LOST; on a win *line (malloc'ed,
 * the caller frees it) holds the moves from start, else NULL; *nodes: positions generated */
double fc_now(void);
int fc_depth_first(const FcPos *start, const FcLimits *lim, FcMv **line, size_t *nline,
                   long long *nodes);
int fc_best_first(const FcPos *start, const FcLimits *lim, const int *W, FcMv **line,
                  size_t *nline, long long *nodes);

#ifdef Py_PYTHON_H
/* fc_module.c: the Python functions registered in module.c */
PyObject *fc_py_depth_first(PyObject *self, PyObject *args);
PyObject *fc_py_best_first(PyObject *self, PyObject *args);
#endif

#endif

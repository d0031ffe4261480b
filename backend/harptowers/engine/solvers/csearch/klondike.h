/* Klondike's thoughtful search in C (klondike.c; the Python binding in klondike_py.c).
 *
 * Cards are suit * 16 + rank (suits S H D C = 0 1 2 3, H and D red; ranks 1..13), as in
 * engine/solvers/klondike.py. The stock and the waste are one sequence deck[0..n): the waste
 * bottom → top is deck[0..p), then the stock in the order it is drawn. A tap moves p on by
 * the draw (1 or 3, fewer when fewer are left) or, from p == n, back to 0 (KL-10).
 */
#ifndef KLONDIKE_H
#define KLONDIKE_H

#include <stddef.h>
#include <stdint.h>

#define KL_COLS 7
#define KL_MAXC 32     /* cards a column may hold here (a real one: 6 face down + 13) */
#define KL_MAXDOWN 31  /* face-down cards a column may hold here (a real one: 6) */
#define KL_DECK 24

/* a step: so many taps on the stock, then n cards from (sk, si) to (dk, di).
 * sk: 0 a column, 1 the waste, 2 a foundation (si: its suit); dk: 0 a column, 1 a
 * foundation (di: the suit) */
typedef struct { uint8_t taps, sk, si, dk, di, n; } KlMove;
enum { KL_T = 0, KL_W = 1, KL_F = 2 };
enum { KL_TO_T = 0, KL_TO_F = 1 };

typedef struct {
    uint8_t col[KL_COLS][KL_MAXC];
    uint8_t len[KL_COLS], down[KL_COLS];
    uint8_t deck[KL_DECK], orig[KL_DECK];  /* orig: each card's place in the first deck */
    uint8_t n, p, found[4];
    uint32_t mask;                          /* the places of the first deck still there */
    uint8_t must, must_kind;  /* the next step must land on card must (KL_MUST_…) */
} KlState;

/* obligations (docs/solver.md, "Klondike"): after a card comes back from its foundation the
 * next step lands on it or takes back the next card of that foundation; drawing one, after
 * a card goes from the waste onto a column the next step lands on it; after a whole column
 * without face-down cards moves (not King-led) the next step fills an empty column; after a
 * run moves off a face-up card u, the next step moves u or lands on it */
enum { KL_MUST_NONE, KL_MUST_PLACED, KL_MUST_BACK, KL_MUST_KING, KL_MUST_TOUCH };

/* verdicts of kl_solve */
enum { KL_UNWINNABLE = 0, KL_WINNABLE = 1, KL_UNKNOWN = 2, KL_NOMEM = -1 };

/* Search from start (checked by the caller: a real position, every card once, face-up
 * parts of columns in runs). seconds < 0 / max_nodes < 0: no limit; max_entries: the
 * table's largest size (positions remembered). On a win, *line (malloc'ed, the caller
 * frees it) holds *nline steps to it, the safe foundation moves included. */
int kl_solve(const KlState *start, int draw, double seconds, long long max_nodes,
             long long max_entries, KlMove **line, size_t *nline, long long *nodes);

#endif

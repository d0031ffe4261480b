/* Easy Harp's searches in C (issue 15): the position, its moves and the stores the searches
 * share. They mirror the Python searches move for move (harp_greedy.py, harp_position.py,
 * easy_harp.py): the same moves in the same order, the same scores and tie-breaks, so they
 * find the same lines (tests/test_search_core.py compares them), only faster. The hints weigh
 * many samples of the hidden cards with them (hint_ways.py).
 *
 * Faces are suit * 16 + rank (ranks 1..13; suits S H D C = 0 1 2 3, H and D red); full decks
 * only (104 cards, 9 columns).
 */
#ifndef HARP_H
#define HARP_H

#include <stddef.h>
#include <stdint.h>

#define NCOL 9
#define MAXC 104
#define TOTAL 104
#define TOP 13
#define KEYMAX 512
#define MAXMOVES 1024
#define NONE 255

/* move kinds: column -> foundation, column -> column, pool -> foundation, pool -> column,
 * foundation -> column (harp_position.HOME ... BACK) */
enum { HOME, COL, POOL_HOME, POOL_COL, BACK };

typedef struct {
    uint8_t len[NCOL], down[NCOL], pool[64], found[8], home;
    uint8_t col[NCOL][MAXC];
} State;

/* a move; the greedy search's pool moves keep the face in src as well (its own form) */
typedef struct { uint8_t kind, src, dst, n, face; } Mv;

/* an obligation of the complete search (harp_position.HarpPosition.moves): the next move
 * must land on a column of land[] or take its card from a column of leave[] */
typedef struct { uint8_t has, nland, nleave, land[2], leave[1]; } Must;

extern const int OPP[4][2];
extern const int RED[4];

int can_home(const State *s, int c);
void home_card(State *s, int c);
void unhome_card(State *s, int c);
int fits(int a, int b);
int key_of(const State *s, const Must *must, uint8_t *k);
int apply(State *s, Mv m);
int auto_home(State *s, Mv *out, int (*safe)(const State *, int));

/* the columns whose top is each face (in column order), and the first empty column */
typedef struct { int8_t first[64]; int8_t next[NCOL]; int8_t empty; } Tops;
void tops_of(const State *s, Tops *t);
int parent_of(int c, int k);   /* the k-th face c may be built on (rank + 1, other colour) */
int child_of(int c, int k);    /* the k-th face that may be built on c */

/* a candidate move with its sort keys; moves are sorted stably by (s, d) */
typedef struct { int s, d; Mv m; } Scored;
int sorted_moves(Scored *sc, int n, Mv *out);

/* ---- the store of a search: nodes (parent, moves, key, state), a hash set, a heap ---- */
typedef struct {
    int32_t parent;
    uint32_t moves, nmoves, key, keylen, blob;
    Must must;
} Node;

typedef struct { int32_t score, count, node; } Item;

typedef struct {
    Node *nodes; size_t nn, cn;
    Mv *mv; size_t nm, cm;
    uint8_t *keys; size_t nk, ck;
    uint8_t *blobs; size_t nb, cb;
    int32_t *table; size_t tsize;
    Item *heap; size_t nh, ch;
    int oom;
} Store;

int store_init(Store *S);
void store_free(Store *S);
/* the node of key k, or -1 (then *slot is where it goes) */
int32_t store_find(Store *S, const uint8_t *k, int n, size_t *slot);
int32_t store_add(Store *S, int32_t parent, const Mv *ms, int nms, const uint8_t *k, int n,
                  size_t slot, const State *st, const Must *must);
void store_state(const Store *S, int32_t node, State *st);
void heap_push(Store *S, Item it);
Item heap_pop(Store *S);
int item_less(Item a, Item b);
/* how many moves lead from the start to node, and those moves, oldest first (out holds
 * store_path_len of them) */
size_t store_path_len(const Store *S, int32_t node);
void store_path(const Store *S, int32_t node, Mv *out);
/* a new store holding the start (with its state when keep_state): the root's index, or -1 */
int32_t store_start(Store *S, const State *start, int keep_state);
/* the moves to node, malloc'ed (the caller frees them): 0, or -1 when out of memory */
int store_line(const Store *S, int32_t node, Mv **line, size_t *nline);

/* ---- the limits of one call (easy_harp.HarpSearch: Budgeted.out_of_budget) ---------------
 * The round's node budget (past it: R_ROUND) and the limits of the whole search (R_LIMIT):
 * more than cap positions in this call (when has_cap), the monotonic clock past deadline
 * (when has_deadline), or poll(ctx) saying stop (1; -1: it failed, R_ERROR), asked at most
 * every POLL_SECONDS. rng: random tie-breaks (the restarts' jitter: a score becomes
 * 4 * score + a draw below 4, as random.Random.randrange(4) draws it), or NULL. */
enum { R_ROUND = 0, R_WON = 1, R_DONE = 2, R_LIMIT = 3, R_GO = 4, R_NOMEM = -1, R_ERROR = -2 };
#define POLL_SECONDS 0.01

/* CPython's Mersenne Twister (random.Random's state: 624 words and the index) */
typedef struct { uint32_t mt[624]; int index; } Rng;
uint32_t rng_next(Rng *r);
int rng_below4(Rng *r);   /* random.Random.randrange(4): getrandbits(3) until below 4 */

typedef struct {
    long long budget, cap;
    int has_cap, has_deadline;
    double deadline, next_poll;
    int (*poll)(void *ctx);
    void *ctx;
    Rng *rng;
} Limits;
double harp_now(void);
void limits_none(Limits *L, long long budget);   /* the budget only */
/* Budgeted.out_of_budget after nodes positions: R_ROUND, R_LIMIT, R_ERROR, or R_GO */
int limits_check(Limits *L, long long nodes);
int jittered(Limits *L, int h);   /* h, or 4 * h + a draw (L->rng) */

/* ---- the searches: each returns an R_ status; line/nline: the moves to the win (or,
 * greedy_run, to the best-scored position); *nodes: positions generated; *best: that
 * position's score. line is malloc'ed (the caller frees it), NULL when there is none. */
int greedy_run(const State *start, const int *weights, long long budget, Mv **line,
               size_t *nline, long long *nodes, int *best);
int complete_bfs(const State *start, const int *weights, Limits *L, Mv **line, size_t *nline,
                 long long *nodes);
int complete_dfs(const State *start, Limits *L, Mv **line, size_t *nline, long long *nodes);

/* the greedy search as an object that goes on where it stopped (GreedySearch.run_bfs called
 * again): its store holds the open positions, the best-scored one and the tie-break count */
typedef struct {
    Store S;
    State start;
    int W[7], started, oom;
    Item best;
    int32_t count, won;
} Greedy;
int greedy_init(Greedy *g, const State *start, const int *weights);   /* 0, or -1 */
/* one call of GreedySearch.run_bfs: an R_ status (R_DONE: no open position left) */
int greedy_go(Greedy *g, Limits *L, long long *nodes);
/* the moves to the win, or to the best-scored position: 0, or -1 (out of memory) */
int greedy_line(const Greedy *g, Mv **line, size_t *nline);
void greedy_free(Greedy *g);

#ifdef Py_PYTHON_H
/* module.c: reading a state and weights, and writing a line */
int harp_read_state(PyObject *obj, State *st);
int harp_read_ints(PyObject *seq, int *out, Py_ssize_t n, int hi, const char *what);
PyObject *harp_line_of(const Mv *line, size_t n, int greedy_form);
/* harp_run.c: the searches of easy_harp.HarpSearch with their limits (registered in
 * module.c) */
extern PyTypeObject HarpGreedyType;
PyObject *py_harp_best_first(PyObject *self, PyObject *args);
PyObject *py_harp_depth_first(PyObject *self, PyObject *args);
#endif

#endif

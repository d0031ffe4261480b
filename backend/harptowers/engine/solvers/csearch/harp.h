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

/* ---- the searches: each returns 1 on a win, 0 otherwise; line/nline: the moves to the win
 * (or, greedy, to the best-scored position); *nodes: positions generated; *best: that
 * position's score. line is malloc'ed (the caller frees it); -1: out of memory. */
int greedy_run(const State *start, const int *weights, long long budget, Mv **line,
               size_t *nline, long long *nodes, int *best);
int complete_bfs(const State *start, const int *weights, long long budget, Mv **line,
                 size_t *nline, long long *nodes);
int complete_dfs(const State *start, long long budget, Mv **line, size_t *nline,
                 long long *nodes);

#endif

/* FreeCell's searches in C: FreeCellSearch.run_dfs and run_bfs (with _rebuild), over the
 * positions of fc_position.c. The positions seen are kept as keys in a hash set (open
 * addressing); best-first keeps each one's parent as well and loads a position from its key,
 * as the Python search does. The budget and the limits are looked at where Python looks:
 * every 1024 positions depth-first, before each position best-first expands. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "freecell.h"

double fc_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

/* Budgeted.out_of_budget: the round is over, a limit is reached, or neither (-1) */
static int checked(const FcLimits *L, long long nodes) {
    if (nodes > L->budget) return FC_ROUND;
    if ((L->has_max && nodes > L->max_left) || (L->has_deadline && fc_now() > L->deadline))
        return FC_LIMIT;
    return -1;
}

/* ---- the positions seen ------------------------------------------------------------ */
typedef struct {
    FcKey *keys; int32_t *parent; size_t n, cap;
    int32_t *table; size_t tsize;   /* node + 1, 0 for a free slot */
} Seen;

static uint64_t hash(const FcKey *k) {
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < FC_KEYW; i++) {
        h ^= k->w[i];
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return h;
}

static int seen_init(Seen *S, int with_parent) {
    memset(S, 0, sizeof *S);
    S->tsize = 1 << 16;
    S->cap = S->tsize / 2;
    S->table = calloc(S->tsize, sizeof *S->table);
    S->keys = malloc(S->cap * sizeof *S->keys);
    S->parent = with_parent ? malloc(S->cap * sizeof *S->parent) : NULL;
    return S->table && S->keys && (S->parent || !with_parent) ? 0 : FC_NOMEM;
}

static void seen_free(Seen *S) {
    free(S->keys); free(S->parent); free(S->table);
}

/* the node of key k, or -1 (then *slot is where it goes) */
static int32_t seen_find(const Seen *S, const FcKey *k, size_t *slot) {
    size_t mask = S->tsize - 1, i = (size_t)hash(k) & mask;
    while (S->table[i]) {
        int32_t x = S->table[i] - 1;
        if (!memcmp(&S->keys[x], k, sizeof *k)) return x;
        i = (i + 1) & mask;
    }
    *slot = i;
    return -1;
}

/* add k (found missing at slot): its node, or FC_NOMEM; the table is kept at most half full */
static int32_t seen_add(Seen *S, const FcKey *k, int32_t parent, size_t slot) {
    if (S->n == S->cap) {   /* grow the arrays and the table together */
        if (S->tsize > ((size_t)1 << 31)) return FC_NOMEM;   /* nodes stay int32 */
        size_t cap = S->cap * 2, size = S->tsize * 2;
        FcKey *keys = realloc(S->keys, cap * sizeof *keys);
        if (!keys) return FC_NOMEM;
        S->keys = keys;
        if (S->parent) {
            int32_t *par = realloc(S->parent, cap * sizeof *par);
            if (!par) return FC_NOMEM;
            S->parent = par;
        }
        int32_t *t = calloc(size, sizeof *t);
        if (!t) return FC_NOMEM;
        for (size_t x = 0; x < S->n; x++) {
            size_t i = (size_t)hash(&S->keys[x]) & (size - 1);
            while (t[i]) i = (i + 1) & (size - 1);
            t[i] = (int32_t)x + 1;
        }
        free(S->table);
        S->table = t;
        S->tsize = size;
        S->cap = cap;
        seen_find(S, k, &slot);
    }
    S->keys[S->n] = *k;
    if (S->parent) S->parent[S->n] = parent;
    S->table[slot] = (int32_t)S->n + 1;
    return (int32_t)S->n++;
}

/* ---- a growing list of moves ------------------------------------------------------- */
typedef struct { FcMv *m; size_t n, cap; } Line;

static int line_add(Line *L, const FcMv *ms, int n) {
    if (L->n + n > L->cap) {
        size_t cap = L->cap ? L->cap : 256;
        while (cap < L->n + n) cap *= 2;
        FcMv *m = realloc(L->m, cap * sizeof *m);
        if (!m) return FC_NOMEM;
        L->m = m;
        L->cap = cap;
    }
    memcpy(L->m + L->n, ms, n * sizeof *ms);
    L->n += n;
    return 0;
}

/* ---- depth-first ------------------------------------------------------------------- */
/* a position on the path: the moves that led to it (recs), its moves (in the move arena,
 * from moff) and the next one to try */
typedef struct { FcPos st; uint32_t moff; int n, next, nrec; FcMv rec[FC_MAXREC]; } Frame;

static int dfs_line(const Frame *fr, size_t depth, const FcMv *rec, int nrec, Line *out) {
    for (size_t d = 1; d < depth; d++)
        if (line_add(out, fr[d].rec, fr[d].nrec)) return FC_NOMEM;
    return line_add(out, rec, nrec);
}

int fc_depth_first(const FcPos *start, const FcLimits *lim, FcMv **line, size_t *nline,
                   long long *nodes) {
    Seen S;
    Line out = {NULL, 0, 0};
    size_t depth = 0, cap = 256, mcap = 64 * FC_MAXMOVES, slot = 0;
    uint32_t mtop = 0;
    Frame *fr = malloc(cap * sizeof *fr);
    FcMv *ms = malloc(mcap * sizeof *ms), rec[FC_MAXREC];
    FcKey k;
    int rc = seen_init(&S, 0);
    *nodes = 0;
    if (fr && ms && rc == 0) {
        fc_key(start, &k);
        seen_find(&S, &k, &slot);
        rc = seen_add(&S, &k, -1, slot) < 0 ? FC_NOMEM : 0;
        fr[0].st = *start;
        fr[0].nrec = 0;
        depth = 1;
    } else {
        rc = FC_NOMEM;
    }
    int pushed = rc == 0;   /* the deepest frame still needs its moves */
    while (rc == 0) {
        if (pushed) {
            Frame *f = &fr[depth - 1];
            f->moff = mtop;
            f->n = fc_moves(&f->st, ms + mtop);
            f->next = 0;
            mtop += (uint32_t)f->n;
            pushed = 0;
        }
        if (!depth) { rc = FC_DONE; break; }
        Frame *f = &fr[depth - 1];
        if (f->next == f->n) { mtop = f->moff; depth--; continue; }
        FcMv m = ms[f->moff + f->next++];
        ++*nodes;
        if ((*nodes & 1023) == 0) {
            int c = checked(lim, *nodes);
            if (c >= 0) { rc = c; break; }
        }
        FcPos q = f->st;
        int nr = fc_play(&q, m, rec);
        if (fc_won(&q)) {
            rc = dfs_line(fr, depth, rec, nr, &out) ? FC_NOMEM : FC_WON;
            break;
        }
        fc_key(&q, &k);
        if (seen_find(&S, &k, &slot) >= 0) continue;
        if (seen_add(&S, &k, -1, slot) < 0) { rc = FC_NOMEM; break; }
        if (depth == cap || mtop + FC_MAXMOVES > mcap) {   /* room for one more frame */
            Frame *f2 = realloc(fr, 2 * cap * sizeof *fr);
            if (!f2) { rc = FC_NOMEM; break; }
            fr = f2;
            cap *= 2;
            FcMv *m2 = realloc(ms, 2 * mcap * sizeof *ms);
            if (!m2) { rc = FC_NOMEM; break; }
            ms = m2;
            mcap *= 2;
        }
        f = &fr[depth++];
        f->st = q;
        f->nrec = nr;
        memcpy(f->rec, rec, nr * sizeof *rec);
        pushed = 1;
    }
    free(fr);
    free(ms);
    seen_free(&S);
    if (rc != FC_WON) { free(out.m); out.m = NULL; out.n = 0; }
    *line = out.m;
    *nline = out.n;
    return rc;
}

/* ---- best-first -------------------------------------------------------------------- */
typedef struct { int32_t score, count, node; } Item;
typedef struct { Item *a; size_t n, cap; } Heap;

static int less(Item a, Item b) {
    return a.score != b.score ? a.score < b.score : a.count < b.count;
}

static int heap_push(Heap *H, Item it) {
    if (H->n == H->cap) {
        size_t cap = H->cap ? 2 * H->cap : 4096;
        Item *a = realloc(H->a, cap * sizeof *a);
        if (!a) return FC_NOMEM;
        H->a = a;
        H->cap = cap;
    }
    size_t i = H->n++;
    while (i > 0 && less(it, H->a[(i - 1) / 2])) { H->a[i] = H->a[(i - 1) / 2]; i = (i - 1) / 2; }
    H->a[i] = it;
    return 0;
}

static Item heap_pop(Heap *H) {
    Item top = H->a[0], last = H->a[--H->n];
    size_t i = 0, n = H->n;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && less(H->a[c + 1], H->a[c])) c++;
        if (!less(H->a[c], last)) break;
        H->a[i] = H->a[c];
        i = c;
    }
    if (n) H->a[i] = last;
    return top;
}

/* _rebuild: from the start, through the chain of parents to node, each step the first move
 * whose position has the next key */
static int rebuild(const Seen *S, int32_t node, const FcPos *start, Line *out) {
    size_t n = 0;
    for (int32_t x = node; x >= 0; x = S->parent[x]) n++;
    int32_t *chain = malloc(n * sizeof *chain);
    if (!chain) return FC_NOMEM;
    size_t at = n;
    for (int32_t x = node; x >= 0; x = S->parent[x]) chain[--at] = x;
    FcPos p = *start, q;
    FcMv ms[FC_MAXMOVES], rec[FC_MAXREC];
    FcKey k;
    int rc = 0;
    for (size_t s = 1; s < n && rc == 0; s++) {
        int nm = fc_moves(&p, ms), x;
        for (x = 0; x < nm; x++) {
            q = p;
            int nr = fc_play(&q, ms[x], rec);
            fc_key(&q, &k);
            if (!memcmp(&k, &S->keys[chain[s]], sizeof k)) {
                rc = line_add(out, rec, nr);
                p = q;
                break;
            }
        }
        if (x == nm) rc = FC_LOST;
    }
    free(chain);
    return rc;
}

int fc_best_first(const FcPos *start, const FcLimits *lim, const int *W, FcMv **line,
                  size_t *nline, long long *nodes) {
    Seen S;
    Heap H = {NULL, 0, 0};
    Line out = {NULL, 0, 0};
    FcMv ms[FC_MAXMOVES], rec[FC_MAXREC];
    FcKey k;
    FcPos p, q;
    size_t slot = 0;
    int32_t count = 0;
    int rc = seen_init(&S, 1);
    *nodes = 0;
    if (rc == 0) {
        fc_key(start, &k);
        seen_find(&S, &k, &slot);
        int32_t root = seen_add(&S, &k, -1, slot);
        rc = root < 0 ? FC_NOMEM : heap_push(&H, (Item){fc_score(start, W), 0, root});
    }
    while (rc == 0) {
        if (!H.n) { rc = FC_DONE; break; }
        int c = checked(lim, *nodes);
        if (c >= 0) { rc = c; break; }
        Item it = heap_pop(&H);
        fc_load(&S.keys[it.node], &p);
        int nm = fc_moves(&p, ms);
        for (int x = 0; x < nm && rc == 0; x++) {
            ++*nodes;
            q = p;
            fc_play(&q, ms[x], rec);
            fc_key(&q, &k);
            if (seen_find(&S, &k, &slot) >= 0) continue;
            int32_t node = seen_add(&S, &k, it.node, slot);
            if (node < 0) { rc = FC_NOMEM; break; }
            if (fc_won(&q)) {
                int r = rebuild(&S, node, start, &out);
                rc = r ? r : FC_WON;
                break;
            }
            rc = heap_push(&H, (Item){fc_score(&q, W), ++count, node});
        }
    }
    free(H.a);
    seen_free(&S);
    if (rc != FC_WON) { free(out.m); out.m = NULL; out.n = 0; }
    *line = out.m;
    *nline = out.n;
    return rc;
}

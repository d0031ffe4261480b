/* Klondike's thoughtful search (KL-04 … KL-11), complete: a depth-first search over every
 * reachable position with a table of the positions already searched, so that an exhausted
 * search proves the position lost. What it does, and why each reduction keeps every win, is
 * in docs/solver.md ("Klondike"):
 *
 *  - a step is "so many taps on the stock, then the waste's top card somewhere" (a macro
 *    move), so every card the stock can bring up is one step;
 *  - safe cards go home at once: rank 1 or 2, or both other-colour foundations at rank − 2
 *    or more and the other foundation of its colour at rank − 3 or more (Solvitaire's rule
 *    where cards may come back from the foundations); waste cards only drawing one;
 *  - a face-up run moves off a face-up card only when that card can then go home at once;
 *    a King-led run at the foot of its column never moves to an empty column; of several
 *    empty columns only the first is tried;
 *  - the key: the columns without face-down cards as a set, the stock pointer dropped where
 *    every pointer of the cycle is reachable (drawing one: always; three: p % 3 == 0 or
 *    p == n).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "klondike.h"

#define MAXMV 256
#define MAXDEPTH 3000
#define RANK(c) ((c) & 15)
#define SUIT(c) ((c) >> 4)
#define IS_RED(s) ((s) == 1 || (s) == 2)

typedef struct { uint64_t k[2]; } Key;
typedef struct { KlMove m; int score; } Cand;

typedef struct {
    int draw, stop, incomplete;
    long long nodes, max_nodes;
    double deadline;
    Key *tab; size_t cap, used, max_used;
    KlMove *path; size_t npath, cpath;
    Cand *cand;  /* MAXMV a depth */
} Ctx;

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int kfits(int top, int face) {
    return IS_RED(SUIT(top)) != IS_RED(SUIT(face)) && RANK(top) == RANK(face) + 1;
}

static int safe(const uint8_t *f, int c) {
    int r = RANK(c), s = SUIT(c);
    if (f[s] != r - 1) return 0;
    if (r <= 2) return 1;
    int a = IS_RED(s) ? 0 : 1, b = IS_RED(s) ? 3 : 2;
    return f[a] >= r - 2 && f[b] >= r - 2 && f[3 - s] >= r - 3;
}

static int tap(const KlState *s, int p, int draw) {
    if (p == s->n) return 0;
    return p + draw < s->n ? p + draw : s->n;
}

/* taps from s->p until the pointer is q (q reachable: the caller found it so) */
static int taps_to(const KlState *s, int q, int draw) {
    int p = s->p, t = 0;
    while (p != q && t <= 2 * KL_DECK + 2) { p = tap(s, p, draw); t++; }
    return t;
}

static void flip(KlState *s, int i) {
    if (s->down[i] && s->down[i] == s->len[i]) s->down[i]--;
}

static int take_deck(KlState *s, int q) {  /* remove deck[q - 1]; the pointer is q */
    int c = s->deck[q - 1];
    s->mask &= ~(1u << s->orig[q - 1]);
    memmove(s->deck + q - 1, s->deck + q, (size_t)(s->n - q));
    memmove(s->orig + q - 1, s->orig + q, (size_t)(s->n - q));
    s->n--;
    s->p = (uint8_t)(q - 1);
    return c;
}

static void apply(KlState *s, KlMove m, int draw) {
    uint8_t moving[KL_MAXC], under = 0, whole = 0;
    int k = m.n;
    if (m.sk == KL_T) {
        int j = s->len[m.si] - k;
        whole = j == 0 && RANK(s->col[m.si][0]) != 13;
        under = j > s->down[m.si] ? s->col[m.si][j - 1] : 0;
        memcpy(moving, s->col[m.si] + s->len[m.si] - k, (size_t)k);
        s->len[m.si] = (uint8_t)(s->len[m.si] - k);
        flip(s, m.si);
    } else if (m.sk == KL_W) {
        int p = s->p;
        for (int t = 0; t < m.taps; t++) p = tap(s, p, draw);
        moving[0] = (uint8_t)take_deck(s, p);
    } else {
        moving[0] = (uint8_t)(m.si * 16 + s->found[m.si]);
        s->found[m.si]--;
    }
    if (m.dk == KL_TO_F) {
        s->found[SUIT(moving[0])]++;
    } else {
        memcpy(s->col[m.di] + s->len[m.di], moving, (size_t)k);
        s->len[m.di] = (uint8_t)(s->len[m.di] + k);
    }
    s->must = 0;
    s->must_kind = KL_MUST_NONE;
    if (m.dk == KL_TO_T && m.sk == KL_F) {
        s->must = moving[0];
        s->must_kind = KL_MUST_BACK;
    } else if (m.dk == KL_TO_T && m.sk == KL_W && draw == 1) {
        s->must = moving[0];
        s->must_kind = KL_MUST_PLACED;
    } else if (m.dk == KL_TO_T && m.sk == KL_T && whole) {
        s->must_kind = KL_MUST_KING;
    } else if (m.dk == KL_TO_T && m.sk == KL_T && under) {
        s->must = under;
        s->must_kind = KL_MUST_TOUCH;
    }
}

/* the step keeps the obligation of s (see klondike.h) */
static int top_is(const KlState *s, int i, int c) {
    return s->len[i] && s->col[i][s->len[i] - 1] == c;
}

static int keeps(const KlState *s, KlMove m) {
    switch (s->must_kind) {
    case KL_MUST_NONE: return 1;
    case KL_MUST_KING: return m.dk == KL_TO_T && !s->len[m.di];
    case KL_MUST_TOUCH:
        if (m.sk == KL_T && top_is(s, m.si, s->must)) return 1;
        break;
    case KL_MUST_BACK:
        if (m.sk == KL_F && m.si == SUIT(s->must)) return 1;
        break;
    }
    return m.dk == KL_TO_T && top_is(s, m.di, s->must);
}

/* ---- the key ------------------------------------------------------------------------ */
static void put(Key *key, int *pos, uint64_t v, int nb) {
    for (int b = 0; b < nb; b++, (*pos)++)
        if (v >> b & 1) key->k[*pos >> 6] |= 1ULL << (*pos & 63);
}

/* The key: face-down counts, the stock (which of the first deck's cards are left, the
 * pointer), the foundations, how many columns are empty and the obligation. The face-up
 * cards of the columns are the cards that are nowhere else (face-down cards never move), so
 * the key names them as a set: how they lie in runs is left out, as lonelybot's solver
 * does (any two arrangements of the same face-up cards on the same face-down cards win
 * alike; docs/solver.md). */
static void key_of(const KlState *s, int draw, Key *key) {
    int pos = 0, p = s->p, empty = 0;
    memset(key, 0, sizeof *key);
    if (draw == 1 || p % draw == 0 || p == s->n) p = 0;
    put(key, &pos, s->mask, KL_DECK);
    put(key, &pos, (uint64_t)p, 5);
    for (int i = 0; i < KL_COLS; i++) {
        put(key, &pos, s->down[i], 5);
        empty += !s->len[i];
    }
    for (int i = 0; i < 4; i++) put(key, &pos, s->found[i], 4);
    put(key, &pos, (uint64_t)empty, 3);
    put(key, &pos, s->must ? (uint64_t)(SUIT(s->must) * 13 + RANK(s->must) - 1) : 63, 6);
    put(key, &pos, s->must_kind, 3);
    key->k[1] |= 1ULL << 63;   /* taken (96 bits are used) */
}

static size_t hash_of(const Key *k) {
    uint64_t h = k->k[0] * 0x9E3779B97F4A7C15ULL ^ k->k[1] * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 31; h *= 0xBF58476D1CE4E5B9ULL; h ^= h >> 29;
    return (size_t)h;
}

static int grow(Ctx *C) {
    size_t ncap = C->cap ? C->cap * 2 : (size_t)1 << 16;
    Key *nt = calloc(ncap, sizeof *nt);
    if (!nt) return -1;
    for (size_t i = 0; i < C->cap; i++) {
        if (!C->tab[i].k[1]) continue;
        size_t h = hash_of(&C->tab[i]) & (ncap - 1);
        while (nt[h].k[1]) h = (h + 1) & (ncap - 1);
        nt[h] = C->tab[i];
    }
    free(C->tab);
    C->tab = nt;
    C->cap = ncap;
    return 0;
}

/* 1: seen before; 0: added; -1: the table is full or out of memory (C->stop set) */
static int seen(Ctx *C, const Key *k) {
    if (C->used >= C->max_used) { C->stop = KL_UNKNOWN; return -1; }
    if ((C->used + 1) * 10 > C->cap * 7 && grow(C)) { C->stop = KL_NOMEM; return -1; }
    size_t h = hash_of(k) & (C->cap - 1);
    while (C->tab[h].k[1]) {
        if (!memcmp(&C->tab[h], k, sizeof *k)) return 1;
        h = (h + 1) & (C->cap - 1);
    }
    C->tab[h] = *k;
    C->used++;
    return 0;
}

/* ---- the steps ------------------------------------------------------------------------ */
static int push(Ctx *C, KlMove m) {
    if (C->npath == C->cpath) {
        size_t nc = C->cpath ? C->cpath * 2 : 1024;
        KlMove *np = realloc(C->path, nc * sizeof *np);
        if (!np) { C->stop = KL_NOMEM; return -1; }
        C->path = np;
        C->cpath = nc;
    }
    C->path[C->npath++] = m;
    return 0;
}

static KlMove mv(int taps, int sk, int si, int dk, int di, int n) {
    KlMove m = {(uint8_t)taps, (uint8_t)sk, (uint8_t)si, (uint8_t)dk, (uint8_t)di, (uint8_t)n};
    return m;
}

/* the safe foundation moves, played and pushed on the path; they keep the obligation
 * unless its card is the one going home */
static int auto_home(Ctx *C, KlState *s) {
    uint8_t must = s->must, kind = s->must_kind;
    for (int again = 1; again;) {
        again = 0;
        for (int i = 0; i < KL_COLS && !again; i++) {
            int c = s->len[i] ? s->col[i][s->len[i] - 1] : 0;
            if (c && safe(s->found, c)) {
                KlMove m = mv(0, KL_T, i, KL_TO_F, SUIT(c), 1);
                if (push(C, m)) return -1;
                apply(s, m, C->draw);
                if (c == must) must = 0, kind = KL_MUST_NONE;
                again = 1;
            }
        }
        for (int q = 1; C->draw == 1 && q <= s->n && !again; q++) {
            if (safe(s->found, s->deck[q - 1])) {
                KlMove m = mv(taps_to(s, q, 1), KL_W, 0, KL_TO_F, SUIT(s->deck[q - 1]), 1);
                if (push(C, m)) return -1;
                apply(s, m, C->draw);
                again = 1;
            }
        }
    }
    s->must = must;
    s->must_kind = kind;
    return 0;
}

static void add(Cand *out, int *n, KlMove m, int score) {
    if (*n < MAXMV) { out[*n].m = m; out[*n].score = score; (*n)++; }
}

/* every column whose top card c fits on (top[card]: the column it tops, or -1), in column
 * order, then (a King) the first empty column */
static void to_columns(const int8_t *top, int c, int from, int empty, KlMove m, int score,
                       Cand *out, int *n) {
    m.dk = KL_TO_T;
    if (RANK(c) == 13) {
        if (empty >= 0) { m.di = (uint8_t)empty; add(out, n, m, score); }
        return;
    }
    int a = IS_RED(SUIT(c)) ? 0 : 1, b = IS_RED(SUIT(c)) ? 3 : 2;
    int d1 = top[a * 16 + RANK(c) + 1], d2 = top[b * 16 + RANK(c) + 1];
    if (d1 > d2) { int t = d1; d1 = d2; d2 = t; }
    if (d1 >= 0 && d1 != from) { m.di = (uint8_t)d1; add(out, n, m, score); }
    if (d2 >= 0 && d2 != from) { m.di = (uint8_t)d2; add(out, n, m, score); }
}

/* the candidate steps, best first (scores: kind * 64 + a tie-break) */
static int gen(const KlState *s, int draw, Cand *out) {
    int n = 0, empty = -1;
    int8_t tops[64];
    memset(tops, -1, sizeof tops);
    for (int i = KL_COLS - 1; i >= 0; i--)
        if (!s->len[i]) empty = i;
        else tops[s->col[i][s->len[i] - 1]] = (int8_t)i;
    for (int i = 0; i < KL_COLS; i++) {
        int len = s->len[i], dn = s->down[i];
        if (!len) continue;
        int top = s->col[i][len - 1];
        if (s->found[SUIT(top)] == RANK(top) - 1)
            add(out, &n, mv(0, KL_T, i, KL_TO_F, SUIT(top), 1),
                (len - 1 == dn && dn ? 0 : 4) * 64);
        for (int j = len - 1; j >= dn; j--) {
            int c = s->col[i][j];
            if (j < len - 1 && !kfits(c, s->col[i][j + 1])) break;
            int below = j > 0 ? s->col[i][j - 1] : -1;
            if (j > dn && s->found[SUIT(below)] != RANK(below) - 1) continue;
            if (RANK(c) == 13 && j == 0) continue;
            int score = j == dn && dn ? 1 * 64 + (KL_MAXDOWN - dn) : j > dn ? 8 * 64 : 9 * 64;
            to_columns(tops, c, i, empty, mv(0, KL_T, i, KL_TO_T, 0, len - j), score, out, &n);
        }
    }
    int q = s->p, taps = 0, seenq[KL_DECK + 1] = {0};
    while (s->n && !seenq[q]) {
        seenq[q] = 1;
        if (q) {
            int c = s->deck[q - 1];
            if (s->found[SUIT(c)] == RANK(c) - 1)
                add(out, &n, mv(taps, KL_W, 0, KL_TO_F, SUIT(c), 1), (taps ? 3 : 2) * 64 + taps);
            to_columns(tops, c, -1, empty, mv(taps, KL_W, 0, KL_TO_T, 0, 1),
                       (taps ? 7 : 6) * 64 + taps, out, &n);
        }
        q = tap(s, q, draw);
        taps++;
    }
    for (int su = 0; su < 4; su++)
        if (s->found[su] >= 3)
            to_columns(tops, su * 16 + s->found[su], -1, empty, mv(0, KL_F, su, KL_TO_T, 0, 1),
                       12 * 64, out, &n);
    for (int a = 1; a < n; a++)   /* stable: equal scores keep their order */
        for (int b = a; b > 0 && out[b - 1].score > out[b].score; b--) {
            Cand t = out[b]; out[b] = out[b - 1]; out[b - 1] = t;
        }
    return n;
}

/* ---- the search ----------------------------------------------------------------------- */
static int won(const KlState *s) {
    return s->found[0] + s->found[1] + s->found[2] + s->found[3] == 52;
}

/* 1: a win (its steps on C->path); 0: none from here; -1: stopped (C->stop says why) */
static int dfs(Ctx *C, const KlState *from, int depth) {
    KlState s = *from;
    size_t mark = C->npath;
    if (auto_home(C, &s)) return -1;
    if (won(&s)) return 1;
    Key k;
    key_of(&s, C->draw, &k);
    int r = seen(C, &k);
    if (r) { C->npath = mark; return r < 0 ? -1 : 0; }
    if (++C->nodes % 1024 == 0 &&
        ((C->max_nodes >= 0 && C->nodes > C->max_nodes) ||
         (C->deadline > 0 && now_s() > C->deadline))) {
        C->stop = KL_UNKNOWN;
        return -1;
    }
    if (depth >= MAXDEPTH) { C->incomplete = 1; C->npath = mark; return 0; }
    Cand *cand = C->cand + (size_t)depth * MAXMV;
    int n = gen(&s, C->draw, cand);
    if (n >= MAXMV) C->incomplete = 1;
    for (int i = 0; i < n; i++) {
        if (!keeps(&s, cand[i].m)) continue;
        KlState t = s;
        apply(&t, cand[i].m, C->draw);
        if (push(C, cand[i].m)) return -1;
        r = dfs(C, &t, depth + 1);
        if (r) return r;
        C->npath--;
    }
    C->npath = mark;
    return 0;
}

int kl_solve(const KlState *start, int draw, double seconds, long long max_nodes,
             long long max_entries, KlMove **line, size_t *nline, long long *nodes) {
    Ctx C;
    memset(&C, 0, sizeof C);
    C.draw = draw;
    C.max_nodes = max_nodes;
    C.deadline = seconds >= 0 ? now_s() + seconds : 0;
    C.max_used = max_entries > 0 ? (size_t)max_entries : 1;
    C.cand = malloc(sizeof(Cand) * MAXMV * (MAXDEPTH + 1));
    *line = NULL;
    *nline = 0;
    int rc = C.cand && !grow(&C) ? dfs(&C, start, 0) : (C.stop = KL_NOMEM, -1);
    int verdict = rc == 1 ? KL_WINNABLE
                : rc < 0 ? C.stop
                : C.incomplete ? KL_UNKNOWN : KL_UNWINNABLE;
    if (verdict == KL_WINNABLE) {
        *line = C.path;
        *nline = C.npath;
        C.path = NULL;
    }
    *nodes = C.nodes;
    free(C.path);
    free(C.tab);
    free(C.cand);
    return verdict;
}

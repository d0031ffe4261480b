/* Easy Harp's greedy best-first search over narrowed moves (harp_greedy.GreedySearch): the
 * same candidate moves in the same order, the same heuristic and tie-breaks. */
#include <stdlib.h>
#include <string.h>

#include "harp.h"

/* GreedySearch.safe: an Ace or a 2, or all four cards that could lie on it are home */
static int safe(const State *s, int c) {
    int r = c & 15;
    if (r <= 2) return 1;
    int a = OPP[c >> 4][0], b = OPP[c >> 4][1];
    return s->found[2 * a + 1] >= r - 1 && s->found[2 * b + 1] >= r - 1;
}

static int has_dest(const State *s, const Tops *t, int u, int i, int j) {
    if (can_home(s, u)) return 1;
    if ((u & 15) >= TOP) return 0;
    for (int k = 0; k < 2; k++)
        for (int x = t->first[parent_of(u, k)]; x >= 0; x = t->next[x])
            if (x != i && x != j) return 1;
    return 0;
}

static int needed(const State *s, const Tops *t, int c, int depth) {
    if ((c & 15) <= 1) return 0;
    for (int k = 0; k < 2; k++) {
        int ch = child_of(c, k);
        if (t->first[ch] >= 0) return 1;
        if (depth && s->pool[ch] && ch != c && needed(s, t, ch, depth - 1)) return 1;
    }
    return 0;
}

/* GreedySearch.moves: candidates, best first */
static int moves(const State *s, const int *W, Mv *out) {
    Scored sc[MAXMOVES];
    int n = 0;
    Tops t;
    tops_of(s, &t);
    for (int i = 0; i < NCOL; i++) {
        int len = s->len[i], d = s->down[i];
        if (!len) continue;
        int q = s->col[i][len - 1], rest = len - 1;
        if (can_home(s, q)) sc[n++] = (Scored){0, d, {HOME, (uint8_t)i, NONE, 1, (uint8_t)q}};
        for (int k = 0; k < 2 && (q & 15) < TOP; k++) {
            for (int j = t.first[parent_of(q, k)]; j >= 0; j = t.next[j]) {
                int v;
                if (rest == 0) v = 3;
                else if (rest == d) v = 1;
                else {
                    int u = s->col[i][len - 2];
                    if (can_home(s, u)) v = 2;
                    else if (has_dest(s, &t, u, i, j) || ((u & 15) == TOP && t.empty >= 0)) v = 4;
                    else continue;
                }
                sc[n++] = (Scored){v, d, {COL, (uint8_t)i, (uint8_t)j, 1, (uint8_t)q}};
            }
        }
        if (t.empty >= 0 && len > 1) {
            int k = len - 1;
            while (k > d && fits(s->col[i][k - 1], s->col[i][k])) k--;
            if ((s->col[i][k] & 15) == TOP && k > 0)
                sc[n++] = (Scored){k == d ? 1 : 4, d,
                                   {COL, (uint8_t)i, (uint8_t)t.empty, (uint8_t)(len - k), s->col[i][k]}};
        }
    }
    for (int c = 0; c < 64; c++) {
        if (!s->pool[c]) continue;
        if (can_home(s, c)) sc[n++] = (Scored){1, 0, {POOL_HOME, NONE, NONE, 1, (uint8_t)c}};
        int dests[NCOL + 1], nd = 0;
        for (int k = 0; k < 2 && (c & 15) < TOP; k++)
            for (int j = t.first[parent_of(c, k)]; j >= 0; j = t.next[j]) dests[nd++] = j;
        if ((c & 15) == TOP && t.empty >= 0) dests[nd++] = t.empty;
        if (nd && needed(s, &t, c, W[6]))
            for (int x = 0; x < nd; x++)
                sc[n++] = (Scored){5, 0, {POOL_COL, NONE, (uint8_t)dests[x], 1, (uint8_t)c}};
    }
    return sorted_moves(sc, n, out);
}

/* GreedySearch.score: a heuristic distance to a win */
static int score(const State *s, const int *W) {
    int down = 0, pool = 0;
    for (int i = 0; i < NCOL; i++) down += s->down[i];
    for (int c = 0; c < 64; c++) pool += s->pool[c];
    int h = W[0] * (TOTAL - s->home) + W[1] * down + W[4] * pool;
    for (int i = 0; i < NCOL; i++) {
        for (int k = s->down[i] + 1; k < s->len[i]; k++)
            if (!fits(s->col[i][k - 1], s->col[i][k])) h += W[2];
        if (!s->len[i]) h -= W[3];
    }
    if (W[5]) {
        int depth[64];
        for (int c = 0; c < 64; c++) depth[c] = 99;
        for (int i = 0; i < NCOL; i++)
            for (int k = 0; k < s->len[i]; k++) {
                int c = s->col[i][k];
                if (s->len[i] - 1 - k < depth[c]) depth[c] = s->len[i] - 1 - k;
            }
        for (int slot = 0; slot < 8; slot++) {
            if (s->found[slot] >= TOP) continue;
            int c = (slot >> 1) * 16 + s->found[slot] + 1;
            if (!s->pool[c]) h += W[5] * depth[c];
        }
    }
    return h;
}

int greedy_init(Greedy *g, const State *start, const int *W) {
    memset(g, 0, sizeof *g);
    g->start = *start;
    memcpy(g->W, W, sizeof g->W);
    g->won = -1;
    return store_init(&g->S);
}

void greedy_free(Greedy *g) {
    store_free(&g->S);
    memset(&g->S, 0, sizeof g->S);
}

/* GreedySearch.run_bfs: the first call starts from the start (its score the first draw of
 * the tie-breaks), a later one goes on with the open positions */
int greedy_go(Greedy *g, Limits *L, long long *nodes) {
    Store *S = &g->S;
    const int *W = g->W;
    uint8_t k[KEYMAX];
    size_t slot = 0;
    int kn, rc = R_DONE;
    *nodes = 0;
    if (g->oom) return R_NOMEM;
    if (g->won >= 0) return R_WON;
    if (!g->started) {
        g->started = 1;
        store_free(S);
        int32_t root = store_start(S, &g->start, 1);
        if (root < 0) { g->oom = 1; return R_NOMEM; }
        g->best = (Item){jittered(L, score(&g->start, W)), 0, root};
        heap_push(S, g->best);
        g->count = 0;
    }
    Mv ms[MAXMOVES], rec[MAXC + 1];
    while (S->nh && !S->oom) {
        int c = limits_check(L, *nodes);
        if (c != R_GO) { rc = c; break; }
        Item it = heap_pop(S);
        State cur;
        store_state(S, it.node, &cur);
        int nm = moves(&cur, W, ms);
        for (int x = 0; x < nm && !S->oom; x++) {
            ++*nodes;
            State nxt = cur;
            rec[0] = ms[x];
            apply(&nxt, ms[x]);
            int nr = 1 + auto_home(&nxt, rec + 1, safe);
            kn = key_of(&nxt, NULL, k);
            if (store_find(S, k, kn, &slot) >= 0) continue;
            int32_t node = store_add(S, it.node, rec, nr, k, kn, slot, &nxt, NULL);
            if (node < 0) break;
            if (nxt.home == TOTAL) { g->won = node; return R_WON; }
            Item ni = {jittered(L, score(&nxt, W)), --g->count, node};
            if (item_less(ni, g->best)) g->best = ni;
            heap_push(S, ni);
        }
    }
    if (S->oom) { g->oom = 1; return R_NOMEM; }
    return rc;
}

int greedy_line(const Greedy *g, Mv **line, size_t *nline) {
    return store_line(&g->S, g->won >= 0 ? g->won : g->best.node, line, nline);
}

/* GreedySearch.run_bfs once from the start, without jitter: the line to a win or to the
 * best-scored position, and that position's score (0 for a win) */
int greedy_run(const State *start, const int *W, long long budget, Mv **line, size_t *nline,
               long long *nodes, int *best_score) {
    Greedy g;
    Limits L;
    limits_none(&L, budget);
    *line = NULL;
    *nline = 0;
    if (greedy_init(&g, start, W)) { greedy_free(&g); return R_NOMEM; }
    int rc = greedy_go(&g, &L, nodes);
    if (rc != R_NOMEM && greedy_line(&g, line, nline)) rc = R_NOMEM;
    *best_score = rc == R_WON ? 0 : g.best.score;
    greedy_free(&g);
    return rc;
}

/* Easy Harp's complete searches (easy_harp.HarpSearch.run_bfs and run_dfs over
 * harp_position.HarpPosition.moves): every move the Python search tries, with its two
 * obligations, in the same order; the same heuristic and tie-breaks. */
#include <stdlib.h>
#include <string.h>

#include "harp.h"

/* HarpPosition.safe: only an Ace goes home at once */
static int ace(const State *s, int c) {
    (void)s;
    return (c & 15) == 1;
}

static int in(const uint8_t *xs, int n, int v) {
    for (int i = 0; i < n; i++) if (xs[i] == v) return 1;
    return 0;
}

static Must must_of(int nland, int a, int b, int nleave, int c) {
    Must m = {1, (uint8_t)nland, (uint8_t)nleave, {(uint8_t)a, (uint8_t)b}, {(uint8_t)c}};
    return m;
}

/* HarpPosition.moves(must) sorted by score (stably): the moves and their obligations */
static int moves(const State *s, const Must *must, Mv *out, Must *obs) {
    Scored sc[MAXMOVES];
    Must ob[MAXMOVES];
    int n = 0, has = must && must->has;
    Tops t;
    tops_of(s, &t);
    int low[2] = {99, 99};
    for (int c = 0; c < 64; c++)
        if (t.first[c] >= 0 && (c & 15) < low[RED[c >> 4]]) low[RED[c >> 4]] = c & 15;
    Must none = {0, 0, 0, {0, 0}, {0}};
    for (int i = 0; i < NCOL; i++) {
        int len = s->len[i], d = s->down[i];
        if (!len) continue;
        int q = s->col[i][len - 1], rest = len - 1;
        int free_ = !has || in(must->leave, must->nleave, i);
        int base, obl;
        if (rest && rest == d) { base = 10 - d; obl = 0; }
        else if (rest == 0) { base = 12; obl = 0; }
        else { base = 20; obl = 1; }
        if (free_ && can_home(s, q)) {
            ob[n] = none;
            sc[n++] = (Scored){base - 2, 0, {HOME, (uint8_t)i, NONE, 1, (uint8_t)q}};
        }
        for (int k = 0; k < 2 && (q & 15) < TOP; k++)
            for (int j = t.first[parent_of(q, k)]; j >= 0; j = t.next[j])
                if (free_ || in(must->land, must->nland, j)) {
                    ob[n] = obl ? must_of(2, i, j, 1, i) : none;
                    sc[n++] = (Scored){base, 0, {COL, (uint8_t)i, (uint8_t)j, 1, (uint8_t)q}};
                }
        int e = t.empty;
        if (e >= 0 && rest && (free_ || in(must->land, must->nland, e))) {
            if ((q & 15) == TOP) {
                ob[n] = obl ? must_of(2, i, e, 1, i) : none;
                sc[n++] = (Scored){base + 1, 0, {COL, (uint8_t)i, (uint8_t)e, 1, (uint8_t)q}};
            } else {
                int k = rest;
                while (k > d && fits(s->col[i][k - 1], s->col[i][k])) k--;
                if ((s->col[i][k] & 15) == TOP && k > 0) {
                    ob[n] = k == d ? none : must_of(2, i, e, 1, i);
                    sc[n++] = (Scored){k == d ? 10 - d : 21, 0,
                                       {COL, (uint8_t)i, (uint8_t)e, (uint8_t)(len - k), s->col[i][k]}};
                }
            }
        }
    }
    if (!has)
        for (int c = 0; c < 64; c++)
            if (s->pool[c] && can_home(s, c)) {
                ob[n] = none;
                sc[n++] = (Scored){35, 0, {POOL_HOME, NONE, NONE, 1, (uint8_t)c}};
            }
    int ftop[64] = {0};
    for (int slot = 0; slot < 8; slot++)
        if (s->found[slot]) ftop[(slot >> 1) * 16 + s->found[slot]] = 1;
    int lowest = low[0] < low[1] ? low[0] : low[1];
    for (int c = 0; c < 64; c++) {
        int r = c & 15;
        if (!(ftop[c] || s->pool[c]) || !r || r > TOP) continue;
        int back = ftop[c], placed = s->pool[c] && lowest < r;
        if (!(back || placed)) continue;
        int dests[NCOL + 1], nd = 0;
        for (int k = 0; k < 2 && r < TOP; k++)
            for (int j = t.first[parent_of(c, k)]; j >= 0; j = t.next[j]) dests[nd++] = j;
        if (r == TOP && t.empty >= 0) dests[nd++] = t.empty;
        if (!nd) continue;
        int v = 40;
        for (int k = 0; k < 2 && r > 1; k++)
            for (int i = t.first[child_of(c, k)]; i >= 0; i = t.next[i]) {
                int rest = s->len[i] - 1, w;
                if (rest && rest == s->down[i]) w = 11 - s->down[i];
                else if (rest == 0) w = 13;
                else w = 25;
                if (w < v) v = w;
            }
        for (int x = 0; x < nd; x++) {
            int j = dests[x];
            if (has && !in(must->land, must->nland, j)) continue;
            if (placed) {
                ob[n] = must_of(1, j, 0, 0, 0);
                sc[n++] = (Scored){v, 0, {POOL_COL, NONE, (uint8_t)j, 1, (uint8_t)c}};
            }
            if (back) {
                ob[n] = none;
                sc[n++] = (Scored){v + 6, 0, {BACK, NONE, (uint8_t)j, 1, (uint8_t)c}};
            }
        }
    }
    /* the stable sort, carrying the obligations along (d holds the original index) */
    for (int a = 0; a < n; a++) sc[a].d = a;
    for (int a = 1; a < n; a++) {   /* insertion sort on s only, stable */
        Scored v = sc[a];
        int b = a - 1;
        while (b >= 0 && sc[b].s > v.s) { sc[b + 1] = sc[b]; b--; }
        sc[b + 1] = v;
    }
    for (int a = 0; a < n; a++) { out[a] = sc[a].m; obs[a] = ob[sc[a].d]; }
    return n;
}

/* HarpSearch.score with weights W (5), without jitter */
static int score(const State *s, const int *W) {
    int down = 0;
    for (int i = 0; i < NCOL; i++) down += s->down[i];
    int h = W[0] * (TOTAL - s->home) + W[1] * down;
    for (int i = 0; i < NCOL; i++) {
        if (!s->len[i]) { h -= W[3]; continue; }
        for (int k = s->down[i] + 1; k < s->len[i]; k++)
            if (!fits(s->col[i][k - 1], s->col[i][k])) h += W[2];
    }
    for (int slot = 0; slot < 8; slot++) {
        if (s->found[slot] >= TOP) continue;
        int c = (slot >> 1) * 16 + s->found[slot] + 1;
        if (s->pool[c]) continue;
        int d = 99;
        for (int i = 0; i < NCOL; i++)
            for (int k = s->len[i] - 1; k >= 0; k--)
                if (s->col[i][k] == c) {
                    if (s->len[i] - 1 - k < d) d = s->len[i] - 1 - k;
                    break;
                }
        h += W[4] * d;
    }
    return h;
}

/* HarpSearch._play: the move, then (when it leaves no obligation) the Aces home */
static int play(State *s, Mv m, const Must *ob, Mv *rec) {
    rec[0] = m;
    apply(s, m);
    return 1 + (ob->has ? 0 : auto_home(s, rec + 1, ace));
}

/* HarpSearch.run_bfs: the limits looked at before each position is expanded, as there */
int complete_bfs(const State *start, const int *W, Limits *L, Mv **line, size_t *nline,
                 long long *nodes) {
    Store S;
    *line = NULL;
    *nline = 0;
    int32_t root = store_start(&S, start, 1);
    if (root < 0) { store_free(&S); return R_NOMEM; }
    uint8_t k[KEYMAX];
    size_t slot = 0;
    int kn, rc = R_DONE;
    heap_push(&S, (Item){jittered(L, score(start, W)), 0, root});
    int32_t count = 0, won = -1;
    Mv ms[MAXMOVES], rec[MAXC + 1];
    Must obs[MAXMOVES];
    *nodes = 0;
    while (S.nh && !S.oom && won < 0) {
        int c = limits_check(L, *nodes);
        if (c != R_GO) { rc = c; break; }
        Item it = heap_pop(&S);
        State cur;
        store_state(&S, it.node, &cur);
        Must must0 = S.nodes[it.node].must;
        int nm = moves(&cur, &must0, ms, obs);
        for (int x = 0; x < nm && won < 0 && !S.oom; x++) {
            ++*nodes;
            State nxt = cur;
            int nr = play(&nxt, ms[x], &obs[x], rec);
            kn = key_of(&nxt, &obs[x], k);
            if (store_find(&S, k, kn, &slot) >= 0) continue;
            int32_t node = store_add(&S, it.node, rec, nr, k, kn, slot, &nxt, &obs[x]);
            if (node < 0) break;
            if (nxt.home == TOTAL) { won = node; break; }
            heap_push(&S, (Item){jittered(L, score(&nxt, W)), ++count, node});
        }
    }
    if (S.oom) rc = R_NOMEM;
    else if (won >= 0) rc = store_line(&S, won, line, nline) ? R_NOMEM : R_WON;
    store_free(&S);
    return rc;
}

/* HarpSearch.run_dfs: depth first in move order, every position once; the budget is looked
 * at every 256 positions, as there. A frame: a position on the path, its moves (in the move
 * arena, from moff) and the next one to try. */
typedef struct { State st; int32_t node; uint32_t moff; int n, next; } Frame;

int complete_dfs(const State *start, Limits *L, Mv **line, size_t *nline, long long *nodes) {
    Store S;   /* the positions seen; a node's moves: its frame's move and the Aces after it */
    if (store_start(&S, start, 0) < 0) { store_free(&S); return -1; }
    uint8_t k[KEYMAX];
    size_t slot = 0, cap = 64, depth = 0, mcap = 4096;
    int kn;
    Frame *fr = malloc(cap * sizeof *fr);
    Mv *ms = malloc(mcap * sizeof *ms);
    Must *obs = malloc(mcap * sizeof *obs);
    Mv rec[MAXC + 1];
    int won = -1, rc = R_DONE;
    uint32_t mtop = 0;
    State st = *start;
    Must ob = {0, 0, 0, {0, 0}, {0}};
    int32_t node = -1;
    *nodes = 0;
    for (;;) {   /* push the frame of (st, ob, node), then go on from the deepest frame */
        if (!fr || !ms || !obs) { rc = R_NOMEM; break; }
        if (depth == cap || mtop + MAXMOVES > mcap) {
            Frame *f2 = depth == cap ? realloc(fr, 2 * cap * sizeof *fr) : fr;
            if (f2) { fr = f2; if (depth == cap) cap *= 2; }
            if (f2 && mtop + MAXMOVES > mcap) {
                Mv *m2 = realloc(ms, 2 * mcap * sizeof *ms);
                if (m2) ms = m2;
                Must *o2 = m2 ? realloc(obs, 2 * mcap * sizeof *obs) : NULL;
                if (o2) { obs = o2; mcap *= 2; }
                else f2 = NULL;
            }
            if (!f2) { rc = R_NOMEM; break; }
        }
        Frame *f = &fr[depth++];
        f->st = st;
        f->node = node;
        f->moff = mtop;
        f->n = moves(&st, &ob, ms + mtop, obs + mtop);
        f->next = 0;
        mtop += (uint32_t)f->n;
        int pushed = 0;
        while (depth && !pushed) {
            f = &fr[depth - 1];
            if (f->next == f->n) { mtop = f->moff; depth--; continue; }
            int x = f->next++;
            ++*nodes;
            if ((*nodes & 255) == 0) {
                int c = limits_check(L, *nodes);
                if (c != R_GO) { rc = c; break; }
            }
            st = f->st;
            ob = obs[f->moff + x];
            int nr = play(&st, ms[f->moff + x], &ob, rec);
            kn = key_of(&st, &ob, k);
            int seen = store_find(&S, k, kn, &slot) >= 0;
            if (seen) continue;   /* a won position ends the search: never seen before */
            node = store_add(&S, f->node, rec, nr, k, kn, slot, NULL, NULL);
            if (node < 0) { rc = R_NOMEM; break; }
            if (st.home == TOTAL) { won = node; rc = R_WON; break; }
            pushed = 1;
        }
        if (!pushed) break;
    }
    *line = NULL;
    *nline = 0;
    if (rc == R_WON && store_line(&S, won, line, nline)) rc = R_NOMEM;
    free(fr);
    free(ms);
    free(obs);
    store_free(&S);
    return rc;
}

/* What Easy Harp's C searches share: foundations, keys, and the store of a search. */
#include <stdlib.h>
#include <string.h>

#include "harp.h"

const int OPP[4][2] = {{1, 2}, {0, 3}, {0, 3}, {1, 2}};
const int RED[4] = {0, 1, 1, 0};

int can_home(const State *s, int c) {
    int su = c >> 4, r = c & 15;
    return s->found[2 * su] == r - 1 || s->found[2 * su + 1] == r - 1;
}

void home_card(State *s, int c) {   /* FoundationPairs._home */
    int su = c >> 4, r = c & 15;
    if (s->found[2 * su] == r - 1) s->found[2 * su] = (uint8_t)r;
    else s->found[2 * su + 1] = (uint8_t)r;
    s->home++;
}

void unhome_card(State *s, int c) {   /* FoundationPairs._unhome */
    int su = c >> 4, r = c & 15;
    if (s->found[2 * su + 1] == r) s->found[2 * su + 1] = (uint8_t)(r - 1);
    else s->found[2 * su] = (uint8_t)(r - 1);
    s->home--;
}

int fits(int a, int b) {   /* b may lie on a (EH-04) */
    return (a & 15) == (b & 15) + 1 && RED[a >> 4] != RED[b >> 4];
}

static int col_cmp(const State *s, int a, int b, int with_down) {
    if (with_down && s->down[a] != s->down[b]) return s->down[a] < s->down[b] ? -1 : 1;
    int n = s->len[a] < s->len[b] ? s->len[a] : s->len[b];
    int c = memcmp(s->col[a], s->col[b], n);
    return c ? c : (int)s->len[a] - (int)s->len[b];
}

static int put_col(const State *s, int i, uint8_t *k, int n, uint8_t sep) {
    memcpy(k + n, s->col[i], s->len[i]);
    n += s->len[i];
    k[n++] = sep;
    return n;
}

/* HarpPosition.key() (+ HarpSearch._key's obligation): the columns as a multiset with their
 * face-down counts, the pool; then the obligation's columns (those to land on as a multiset,
 * those to leave in order). Only equality matters: the same positions share a key. */
int key_of(const State *s, const Must *must, uint8_t *k) {
    int order[NCOL], n = 0;
    for (int i = 0; i < NCOL; i++) {
        int j = i;
        while (j > 0 && col_cmp(s, order[j - 1], i, 1) > 0) { order[j] = order[j - 1]; j--; }
        order[j] = i;
    }
    for (int x = 0; x < NCOL; x++) {
        k[n++] = s->down[order[x]];
        n = put_col(s, order[x], k, n, 0xff);
    }
    k[n++] = 0xfe;
    memcpy(k + n, s->pool, 64);
    n += 64;
    if (must && must->has) {
        k[n++] = 0xfd;
        int a = must->land[0], b = must->nland > 1 ? must->land[1] : -1;
        if (b >= 0 && col_cmp(s, a, b, 0) > 0) { int t = a; a = b; b = t; }
        n = put_col(s, a, k, n, 0xfc);
        if (b >= 0) n = put_col(s, b, k, n, 0xfc);
        k[n++] = 0xfb;
        for (int x = 0; x < must->nleave; x++) n = put_col(s, must->leave[x], k, n, 0xfc);
    }
    return n;
}

static uint64_t hash(const uint8_t *k, int n) {
    uint64_t h = 1469598103934665603ULL;
    for (int i = 0; i < n; i++) { h ^= k[i]; h *= 1099511628211ULL; }
    return h;
}

static void *grow(void *p, size_t *cap, size_t need, size_t size, int *oom) {
    if (need <= *cap) return p;
    size_t c = *cap ? *cap : 1024;
    while (c < need) c *= 2;
    void *q = realloc(p, c * size);
    if (!q) { *oom = 1; return p; }
    *cap = c;
    return q;
}

int store_init(Store *S) {
    memset(S, 0, sizeof *S);
    S->tsize = 1 << 12;
    S->table = calloc(S->tsize, sizeof *S->table);
    return S->table ? 0 : -1;
}

void store_free(Store *S) {
    free(S->nodes); free(S->mv); free(S->keys); free(S->blobs); free(S->table); free(S->heap);
}

int32_t store_find(Store *S, const uint8_t *k, int n, size_t *slot) {
    size_t mask = S->tsize - 1, i = (size_t)hash(k, n) & mask;
    while (S->table[i]) {
        const Node *nd = &S->nodes[S->table[i] - 1];
        if ((int)nd->keylen == n && !memcmp(S->keys + nd->key, k, n)) return S->table[i] - 1;
        i = (i + 1) & mask;
    }
    *slot = i;
    return -1;
}

static void rehash(Store *S) {
    size_t size = S->tsize * 2;
    int32_t *t = calloc(size, sizeof *t);
    if (!t) { S->oom = 1; return; }
    for (size_t x = 0; x < S->nn; x++) {
        const Node *nd = &S->nodes[x];
        size_t i = (size_t)hash(S->keys + nd->key, nd->keylen) & (size - 1);
        while (t[i]) i = (i + 1) & (size - 1);
        t[i] = (int32_t)x + 1;
    }
    free(S->table);
    S->table = t;
    S->tsize = size;
}

#define BLOB (NCOL * 2 + 64 + 8 + 1 + MAXC)

int32_t store_add(Store *S, int32_t parent, const Mv *ms, int nms, const uint8_t *k, int n,
                  size_t slot, const State *st, const Must *must) {
    S->nodes = grow(S->nodes, &S->cn, S->nn + 1, sizeof *S->nodes, &S->oom);
    S->mv = grow(S->mv, &S->cm, S->nm + nms + 1, sizeof *S->mv, &S->oom);
    S->keys = grow(S->keys, &S->ck, S->nk + n, 1, &S->oom);
    S->blobs = grow(S->blobs, &S->cb, S->nb + (st ? BLOB : 0) + 1, 1, &S->oom);
    if (S->oom) return -1;
    Node *nd = &S->nodes[S->nn];
    nd->parent = parent;
    nd->moves = (uint32_t)S->nm;
    nd->nmoves = (uint32_t)nms;
    if (nms) memcpy(S->mv + S->nm, ms, nms * sizeof *ms);
    S->nm += nms;
    nd->key = (uint32_t)S->nk;
    nd->keylen = (uint32_t)n;
    memcpy(S->keys + S->nk, k, n);
    S->nk += n;
    nd->blob = (uint32_t)S->nb;
    if (st) {   /* packed: lengths, down, pool, foundations, home, the cards */
        uint8_t *b = S->blobs + S->nb;
        size_t at = 0;
        memcpy(b, st->len, NCOL); at += NCOL;
        memcpy(b + at, st->down, NCOL); at += NCOL;
        memcpy(b + at, st->pool, 64); at += 64;
        memcpy(b + at, st->found, 8); at += 8;
        b[at++] = st->home;
        for (int i = 0; i < NCOL; i++) { memcpy(b + at, st->col[i], st->len[i]); at += st->len[i]; }
        S->nb += at;
    }
    if (must) nd->must = *must; else memset(&nd->must, 0, sizeof nd->must);
    S->table[slot] = (int32_t)S->nn + 1;
    S->nn++;
    if (S->nn * 2 > S->tsize) rehash(S);
    return (int32_t)S->nn - 1;
}

void store_state(const Store *S, int32_t node, State *st) {
    const uint8_t *b = S->blobs + S->nodes[node].blob;
    size_t at = 0;
    memcpy(st->len, b, NCOL); at += NCOL;
    memcpy(st->down, b + at, NCOL); at += NCOL;
    memcpy(st->pool, b + at, 64); at += 64;
    memcpy(st->found, b + at, 8); at += 8;
    st->home = b[at++];
    for (int i = 0; i < NCOL; i++) { memcpy(st->col[i], b + at, st->len[i]); at += st->len[i]; }
}

int item_less(Item a, Item b) {
    return a.score != b.score ? a.score < b.score : a.count < b.count;
}

void heap_push(Store *S, Item it) {
    S->heap = grow(S->heap, &S->ch, S->nh + 1, sizeof *S->heap, &S->oom);
    if (S->oom) return;
    size_t i = S->nh++;
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (!item_less(it, S->heap[p])) break;
        S->heap[i] = S->heap[p];
        i = p;
    }
    S->heap[i] = it;
}

Item heap_pop(Store *S) {
    Item top = S->heap[0], last = S->heap[--S->nh];
    size_t i = 0, n = S->nh;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && item_less(S->heap[c + 1], S->heap[c])) c++;
        if (!item_less(S->heap[c], last)) break;
        S->heap[i] = S->heap[c];
        i = c;
    }
    if (n) S->heap[i] = last;
    return top;
}

size_t store_path_len(const Store *S, int32_t node) {
    size_t count = 0;
    for (int32_t x = node; x >= 0; x = S->nodes[x].parent) count += S->nodes[x].nmoves;
    return count;
}

int32_t store_start(Store *S, const State *start, int keep_state) {
    uint8_t k[KEYMAX];
    size_t slot = 0;
    if (store_init(S)) return -1;
    int kn = key_of(start, NULL, k);
    store_find(S, k, kn, &slot);
    return store_add(S, -1, NULL, 0, k, kn, slot, keep_state ? start : NULL, NULL);
}

int store_line(const Store *S, int32_t node, Mv **line, size_t *nline) {
    *nline = store_path_len(S, node);
    *line = malloc((*nline + 1) * sizeof **line);
    if (!*line) return -1;
    store_path(S, node, *line);
    return 0;
}

void store_path(const Store *S, int32_t node, Mv *out) {
    size_t at = store_path_len(S, node);
    for (int32_t x = node; x >= 0; x = S->nodes[x].parent) {
        const Node *nd = &S->nodes[x];
        for (int k = (int)nd->nmoves - 1; k >= 0; k--) out[--at] = S->mv[nd->moves + k];
    }
}

int apply(State *s, Mv m) {   /* 1 when it turns a face-down card (EH-08) */
    switch (m.kind) {
    case POOL_HOME: s->pool[m.face]--; home_card(s, m.face); return 0;
    case POOL_COL: s->pool[m.face]--; s->col[m.dst][s->len[m.dst]++] = m.face; return 0;
    case BACK: unhome_card(s, m.face); s->col[m.dst][s->len[m.dst]++] = m.face; return 0;
    default: break;
    }
    int rest = s->len[m.src] - m.n;
    int turned = rest > 0 && s->down[m.src] == rest;
    if (turned) s->down[m.src]--;
    if (m.kind == HOME) home_card(s, s->col[m.src][rest]);
    else {
        memcpy(&s->col[m.dst][s->len[m.dst]], &s->col[m.src][rest], m.n);
        s->len[m.dst] += m.n;
    }
    s->len[m.src] = (uint8_t)rest;
    return turned;
}

void tops_of(const State *s, Tops *t) {
    memset(t->first, -1, sizeof t->first);
    t->empty = -1;
    int8_t last[64];
    memset(last, -1, sizeof last);
    for (int i = 0; i < NCOL; i++) {
        t->next[i] = -1;
        if (!s->len[i]) { if (t->empty < 0) t->empty = (int8_t)i; continue; }
        int c = s->col[i][s->len[i] - 1];
        if (t->first[c] < 0) t->first[c] = (int8_t)i; else t->next[last[c]] = (int8_t)i;
        last[c] = (int8_t)i;
    }
}

int parent_of(int c, int k) { return OPP[c >> 4][k] * 16 + (c & 15) + 1; }
int child_of(int c, int k) { return OPP[c >> 4][k] * 16 + (c & 15) - 1; }

/* a stable insertion sort of scored moves (few) */
int sorted_moves(Scored *sc, int n, Mv *out) {
    for (int a = 1; a < n; a++) {
        Scored v = sc[a];
        int b = a - 1;
        while (b >= 0 && (sc[b].s > v.s || (sc[b].s == v.s && sc[b].d > v.d))) {
            sc[b + 1] = sc[b];
            b--;
        }
        sc[b + 1] = v;
    }
    for (int a = 0; a < n; a++) out[a] = sc[a].m;
    return n;
}

/* the safe foundation moves (HarpPosition.auto, GreedySearch.auto: which cards are safe
 * differs), one at a time until none is left, appended to out; returns how many */
int auto_home(State *s, Mv *out, int (*safe)(const State *, int)) {
    int k = 0, again = 1;
    while (again) {
        again = 0;
        for (int slot = 0; slot < 8 && !again; slot++) {
            int c = (slot >> 1) * 16 + s->found[slot] + 1;
            if (s->found[slot] == TOP || !safe(s, c)) continue;
            if (s->pool[c]) {
                Mv m = {POOL_HOME, NONE, NONE, 1, (uint8_t)c};
                apply(s, m); out[k++] = m; again = 1;
                break;
            }
            for (int i = 0; i < NCOL; i++) {
                if (s->len[i] && s->col[i][s->len[i] - 1] == c) {
                    Mv m = {HOME, (uint8_t)i, NONE, 1, (uint8_t)c};
                    apply(s, m); out[k++] = m; again = 1;
                    break;
                }
            }
        }
    }
    return k;
}

/* FreeCell's position in C: its moves, the safe foundation moves, keys and the best-first
 * score, each the counterpart of the FreeCellSearch method named beside it (freecell.py). */
#include <string.h>

#include "freecell.h"

static const int RED_[4] = {0, 1, 1, 0};
static const int OTHER_[4][2] = {{1, 2}, {0, 3}, {0, 3}, {1, 2}};

int fc_builds(int onto, int card) {   /* builds: the other colour, one rank lower */
    return (onto & 15) == (card & 15) + 1 && RED_[(onto >> 4) & 3] != RED_[(card >> 4) & 3];
}

int fc_safe(const FcPos *p, int c) {   /* safe */
    int s = c >> 4, r = c & 15;
    if (p->found[s] != r - 1) return 0;
    return r <= 2 || (p->found[OTHER_[s][0]] >= r - 1 && p->found[OTHER_[s][1]] >= r - 1);
}

int fc_won(const FcPos *p) {
    return p->found[0] + p->found[1] + p->found[2] + p->found[3] == FC_CARDS;
}

static void apply(FcPos *p, FcMv m) {   /* apply */
    uint8_t moving[FC_CARDS];
    if (m.sk == FC_T) {
        p->len[m.si] = (uint8_t)(p->len[m.si] - m.n);
        memcpy(moving, &p->col[m.si][p->len[m.si]], m.n);
    } else {
        moving[0] = p->cells[m.si];
        p->cells[m.si] = 0;
    }
    if (m.dk == FC_T) {
        memcpy(&p->col[m.di][p->len[m.di]], moving, m.n);
        p->len[m.di] = (uint8_t)(p->len[m.di] + m.n);
    } else if (m.dk == FC_C) {
        p->cells[m.di] = moving[0];
    } else {
        p->found[m.di]++;
    }
}

static FcMv mv(int sk, int si, int dk, int di, int n) {
    FcMv m = {(uint8_t)sk, (uint8_t)si, (uint8_t)dk, (uint8_t)di, (uint8_t)n};
    return m;
}

int fc_auto(FcPos *p, FcMv *out) {   /* auto: every safe card home, until none is left */
    int k = 0, again = 1;
    while (again) {
        again = 0;
        for (int i = 0; i < FC_CELLS; i++) {
            int c = p->cells[i];
            if (c && fc_safe(p, c)) {
                p->cells[i] = 0;
                p->found[c >> 4]++;
                out[k++] = mv(FC_C, i, FC_F, c >> 4, 1);
                again = 1;
            }
        }
        for (int i = 0; i < FC_COLS; i++)
            while (p->len[i] && fc_safe(p, p->col[i][p->len[i] - 1])) {
                int c = p->col[i][--p->len[i]];
                p->found[c >> 4]++;
                out[k++] = mv(FC_T, i, FC_F, c >> 4, 1);
                again = 1;
            }
    }
    return k;
}

int fc_play(FcPos *p, FcMv m, FcMv *rec) {   /* apply, then after */
    apply(p, m);
    rec[0] = m;
    if (m.dk == FC_F) return 1 + fc_auto(p, rec + 1);
    if (m.sk == FC_T && p->len[m.si] && fc_safe(p, p->col[m.si][p->len[m.si] - 1]))
        return 1 + fc_auto(p, rec + 1);
    return 1;
}

int fc_moves(const FcPos *p, FcMv *out) {   /* moves: home, then builds, then parks */
    FcMv home[FC_MAXMOVES], build[FC_MAXMOVES], park[FC_MAXMOVES];
    int nh = 0, nb = 0, np = 0, empty = -1, nempty = 0, free_ = -1, nfree = 0;
    for (int i = 0; i < FC_COLS; i++)
        if (!p->len[i]) { nempty++; if (empty < 0) empty = i; }
    for (int i = 0; i < FC_CELLS; i++)
        if (!p->cells[i]) { nfree++; if (free_ < 0) free_ = i; }
    for (int i = 0; i < FC_CELLS; i++) {
        int c = p->cells[i];
        if (!c) continue;
        if (p->found[c >> 4] == (c & 15) - 1) home[nh++] = mv(FC_C, i, FC_F, c >> 4, 1);
        for (int d = 0; d < FC_COLS; d++)
            if (p->len[d] && fc_builds(p->col[d][p->len[d] - 1], c))
                build[nb++] = mv(FC_C, i, FC_T, d, 1);
        if (empty >= 0) park[np++] = mv(FC_C, i, FC_T, empty, 1);
    }
    int limit_occ = (nfree + 1) << nempty;
    int limit_empty = nempty ? (nfree + 1) << (nempty - 1) : 0;
    for (int i = 0; i < FC_COLS; i++) {
        int n = p->len[i];
        if (!n) continue;
        const uint8_t *col = p->col[i];
        int top = col[n - 1], j = n - 1;
        if (p->found[top >> 4] == (top & 15) - 1) home[nh++] = mv(FC_T, i, FC_F, top >> 4, 1);
        while (j > 0 && fc_builds(col[j - 1], col[j])) j--;
        for (int d = 0; d < FC_COLS; d++) {
            if (d == i || !p->len[d]) continue;
            int t = p->col[d][p->len[d] - 1];
            /* the card of the run that goes on t: rank one lower, the other colour */
            int k = n - ((t & 15) - 1 - (top & 15)) - 1;
            if (j <= k && k < n && fc_builds(t, col[k]) && n - k <= limit_occ)
                build[nb++] = mv(FC_T, i, FC_T, d, n - k);
        }
        if (empty >= 0)
            for (int k = j > n - limit_empty ? j : n - limit_empty; k < n; k++)
                if (k) park[np++] = mv(FC_T, i, FC_T, empty, n - k);
        if (free_ >= 0) park[np++] = mv(FC_T, i, FC_C, free_, 1);
    }
    memcpy(out, home, nh * sizeof *out);
    memcpy(out + nh, build, nb * sizeof *out);
    memcpy(out + nh + nb, park, np * sizeof *out);
    return nh + nb + np;
}

static int col_cmp(const FcPos *p, int a, int b) {   /* Python's order of bytes */
    int n = p->len[a] < p->len[b] ? p->len[a] : p->len[b];
    int c = memcmp(p->col[a], p->col[b], n);
    return c ? c : (int)p->len[a] - (int)p->len[b];
}

static void put(FcKey *k, int at, unsigned v) {   /* the 6-bit symbol number at */
    int bit = at * 6, w = bit >> 6, off = bit & 63;
    k->w[w] |= (uint64_t)v << off;
    if (off > 58) k->w[w + 1] |= (uint64_t)v >> (64 - off);
}

static unsigned get(const FcKey *k, int at) {
    int bit = at * 6, w = bit >> 6, off = bit & 63;
    uint64_t v = k->w[w] >> off;
    if (off > 58) v |= k->w[w + 1] << (64 - off);
    return (unsigned)(v & 63);
}

/* key: the columns sorted as Python sorts bytes, each ended by a 0, then the cells sorted;
 * 6 bits a symbol (a card is 1..61), at most 52 + 8 + 4 of them */
void fc_key(const FcPos *p, FcKey *k) {
    int order[FC_COLS], at = 0;
    uint8_t cells[FC_CELLS];
    for (int i = 0; i < FC_COLS; i++) {
        int j = i;
        while (j > 0 && col_cmp(p, order[j - 1], i) > 0) { order[j] = order[j - 1]; j--; }
        order[j] = i;
    }
    for (int i = 0; i < FC_CELLS; i++) {
        int j = i;
        while (j > 0 && cells[j - 1] > p->cells[i]) { cells[j] = cells[j - 1]; j--; }
        cells[j] = p->cells[i];
    }
    memset(k, 0, sizeof *k);
    for (int x = 0; x < FC_COLS; x++) {
        const uint8_t *col = p->col[order[x]];
        for (int y = 0; y < p->len[order[x]]; y++) put(k, at++, col[y]);
        put(k, at++, 0);
    }
    for (int i = 0; i < FC_CELLS; i++) put(k, at++, cells[i]);
}

/* load: the position of a key (columns and cells in key order); each foundation holds the
 * cards of its suit below the lowest one left */
void fc_load(const FcKey *k, FcPos *p) {
    int at = 0, low[4] = {14, 14, 14, 14};
    for (int i = 0; i < FC_COLS; i++) {
        int n = 0;
        for (unsigned c; (c = get(k, at++)) != 0;) {
            p->col[i][n++] = (uint8_t)c;
            if ((int)(c & 15) < low[c >> 4]) low[c >> 4] = c & 15;
        }
        p->len[i] = (uint8_t)n;
    }
    for (int i = 0; i < FC_CELLS; i++) {
        unsigned c = get(k, at++);
        p->cells[i] = (uint8_t)c;
        if (c && (int)(c & 15) < low[c >> 4]) low[c >> 4] = c & 15;
    }
    for (int s = 0; s < 4; s++) p->found[s] = (uint8_t)(low[s] - 1);
}

/* score with weights W: cards not home, cards in cells, empty columns (in favour), cards
 * above a lower-ranked card of their column, how deep the next card of each suit lies */
int fc_score(const FcPos *p, const int *W) {
    int h = (FC_CARDS - (p->found[0] + p->found[1] + p->found[2] + p->found[3])) * W[0];
    for (int i = 0; i < FC_CELLS; i++) h += p->cells[i] ? W[1] : 0;
    for (int i = 0; i < FC_COLS; i++) {
        int n = p->len[i], low = 99;
        if (!n) { h -= W[2]; continue; }
        for (int k = 0; k < n; k++) {
            int c = p->col[i][k], r = c & 15;
            if (r > low) h += W[3];
            else low = r;
            if (p->found[c >> 4] == r - 1) h += W[4] * (n - 1 - k);
        }
    }
    return h;
}

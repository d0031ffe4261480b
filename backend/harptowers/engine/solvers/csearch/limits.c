/* The limits of Easy Harp's searches (Budgeted.out_of_budget) and the random tie-breaks of
 * its restarts, drawn exactly as random.Random draws them, so that a compiled restart finds
 * what the Python one finds from the same random state. */
#include <time.h>

#include "harp.h"

double harp_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

/* CPython's genrand_uint32 (Modules/_randommodule.c, MT19937) */
uint32_t rng_next(Rng *r) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y, *mt = r->mt;
    if (r->index >= 624) {
        int kk;
        for (kk = 0; kk < 624 - 397; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + 397] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < 623; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + (397 - 624)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (mt[623] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[623] = mt[396] ^ (y >> 1) ^ mag01[y & 0x1U];
        r->index = 0;
    }
    y = mt[r->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

int rng_below4(Rng *r) {   /* _randbelow_with_getrandbits(4): k = 3 bits, below 4 kept */
    uint32_t v;
    do v = rng_next(r) >> 29; while (v >= 4);
    return (int)v;
}

int jittered(Limits *L, int h) {
    return L->rng ? 4 * h + rng_below4(L->rng) : h;
}

void limits_none(Limits *L, long long budget) {
    L->budget = budget;
    L->cap = 0;
    L->has_cap = L->has_deadline = 0;
    L->deadline = L->next_poll = 0;
    L->poll = NULL;
    L->ctx = NULL;
    L->rng = NULL;
}

int limits_check(Limits *L, long long nodes) {
    if (nodes > L->budget) return R_ROUND;
    if (L->has_cap && nodes > L->cap) return R_LIMIT;
    if (!L->has_deadline && !L->poll) return R_GO;
    double now = harp_now();
    if (L->has_deadline && now > L->deadline) return R_LIMIT;
    if (L->poll && now >= L->next_poll) {
        L->next_poll = now + POLL_SECONDS;
        int r = L->poll(L->ctx);
        if (r < 0) return R_ERROR;
        if (r) return R_LIMIT;
    }
    return R_GO;
}

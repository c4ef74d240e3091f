/* Offline retrograde analysis of walls (book 001) on the whole 5x5 board, layer by layer.
 *
 * A position is (walls W, mover's token, other token), seen from the mover. Walls only grow, so the
 * wall sets with k walls depend only on those with k + 1: the pass keeps two layers in memory (the
 * largest pair, k = 12 and 13, is about 1.7 GB), fullest first, and inside a wall set runs the same
 * fixed point as algorithm.py (a stuck mover loses; a move to a loss wins; all moves to
 * wins lose; the rest draw). The wall sets of one layer are independent: OpenMP shares them out.
 *
 * Output (stdout): for each k = 0 .. K (argv[1]), the wall sets with k walls that are least among
 * their 8 images under the board's symmetries, ascending, and for each the 2-bit codes (1 loss, 2 draw,
 * 3 win; four a byte, low bits first) of its positions: mover on the i-th open cell, other on the j-th
 * open cell but the mover's, in that order (i outer). Layout per layer: u32 count, count x u32 wall
 * sets, then the codes of every listed wall set back to back (little-endian).
 *
 * Build and run: see scripts/make_tables.py (`make tables`). About 1e10 index slots, 5e9 positions.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef SIDE
#define SIDE 5 /* -DSIDE=4 builds the 4x4 table the same way, for checking against walls-4x4 */
#endif
#define N (SIDE * SIDE)
#define PAIRS (N * N)
#define BLOCK ((((PAIRS * 2 + 7) / 8) + 15) & ~15) /* bytes per wall set: 2-bit codes, rounded up */

static uint32_t nbr[N];
static uint64_t binom[N + 1][N + 2];
static int perm[8][N];

static uint64_t rank_of(uint32_t w) {
    uint64_t r = 0;
    int j = 1;
    for (uint32_t s = w; s; s &= s - 1) r += binom[__builtin_ctz(s)][j++];
    return r;
}

static int get(const uint8_t *block, int ix) { return (block[ix >> 2] >> ((ix & 3) * 2)) & 3; }

static uint32_t image(uint32_t w, int s) {
    uint32_t out = 0;
    for (uint32_t b = w; b; b &= b - 1) out |= 1u << perm[s][__builtin_ctz(b)];
    return out;
}

static void solve_set(uint32_t W, const uint8_t *prev, uint8_t *out) {
    uint32_t full = (uint32_t)((1ull << N) - 1), free_cells = full & ~W;
    uint8_t value[PAIRS], pending[PAIRS], drawish[PAIRS];
    uint16_t queue[PAIRS];
    const uint8_t *child[N];
    int qn = 0;
    memset(value, 0, sizeof value);
    memset(pending, 0, sizeof pending);
    memset(drawish, 0, sizeof drawish);
    memset(out, 0, BLOCK);
    if (__builtin_popcount(free_cells) < 2) return;
    for (uint32_t cs = free_cells; cs; cs &= cs - 1) {
        int c = __builtin_ctz(cs);
        child[c] = prev + rank_of(W | 1u << c) * BLOCK;
    }
    for (uint32_t ms = free_cells; ms; ms &= ms - 1) {
        int me = __builtin_ctz(ms);
        for (uint32_t os = free_cells & ~(1u << me); os; os &= os - 1) {
            int opp = __builtin_ctz(os), at = me * N + opp;
            uint32_t empty = free_cells & ~(1u << me | 1u << opp);
            uint32_t steps = nbr[me] & empty;
            if (!steps) { value[at] = 1; queue[qn++] = (uint16_t)at; continue; }
            uint32_t libs = nbr[opp] & empty;
            if (!(libs & (libs - 1))) { value[at] = 3; queue[qn++] = (uint16_t)at; continue; }
            int draws = 0, won = 0;
            for (uint32_t cs = empty; cs; cs &= cs - 1) {
                int code = get(child[__builtin_ctz(cs)], opp * N + me);
                if (code == 1) { won = 1; break; }
                if (code == 2) draws = 1;
            }
            if (won) { value[at] = 3; queue[qn++] = (uint16_t)at; continue; }
            pending[at] = (uint8_t)__builtin_popcount(steps);
            drawish[at] = (uint8_t)draws;
        }
    }
    while (qn) {
        int at = queue[--qn], a = at / N, b = at % N, code = value[at];
        for (uint32_t xs = nbr[b] & free_cells & ~(1u << a); xs; xs &= xs - 1) {
            int pred = __builtin_ctz(xs) * N + a;
            if (value[pred] || !pending[pred]) continue;
            if (code == 1) {
                value[pred] = 3; queue[qn++] = (uint16_t)pred;
            } else if (!--pending[pred] && !drawish[pred]) {
                value[pred] = 1; queue[qn++] = (uint16_t)pred;
            }
        }
    }
    for (uint32_t ms = free_cells; ms; ms &= ms - 1) {
        int me = __builtin_ctz(ms);
        for (uint32_t os = free_cells & ~(1u << me); os; os &= os - 1) {
            int opp = __builtin_ctz(os), at = me * N + opp;
            int code = value[at] ? value[at] : 2;
            out[at >> 2] |= (uint8_t)(code << ((at & 3) * 2));
        }
    }
}

static uint32_t *layer_sets(int k, uint64_t count) {
    uint32_t *sets = malloc(sizeof(uint32_t) * (count ? count : 1));
    if (!sets) { perror("malloc"); exit(1); }
    if (k == 0) { sets[0] = 0; return sets; }
    uint32_t w = (1u << k) - 1;
    for (uint64_t i = 0; i < count; i++) {
        sets[i] = w;
        uint32_t t = w | (w - 1); /* Gosper's hack: the next mask with k bits */
        w = (t + 1) | (((~t & -~t) - 1) >> (__builtin_ctz(w) + 1));
    }
    return sets;
}

static void put32(uint32_t x) {
    uint8_t b[4] = {(uint8_t)x, (uint8_t)(x >> 8), (uint8_t)(x >> 16), (uint8_t)(x >> 24)};
    fwrite(b, 1, 4, stdout);
}

int main(int argc, char **argv) {
    int keep = argc > 1 ? atoi(argv[1]) : 8;
    for (int i = 0; i <= N; i++) {
        binom[i][0] = 1;
        for (int j = 1; j <= N + 1; j++) binom[i][j] = i ? binom[i - 1][j - 1] + binom[i - 1][j] : 0;
    }
    for (int r = 0; r < SIDE; r++)
        for (int c = 0; c < SIDE; c++) {
            uint32_t m = 0;
            if (r) m |= 1u << ((r - 1) * SIDE + c);
            if (r < SIDE - 1) m |= 1u << ((r + 1) * SIDE + c);
            if (c) m |= 1u << (r * SIDE + c - 1);
            if (c < SIDE - 1) m |= 1u << (r * SIDE + c + 1);
            nbr[r * SIDE + c] = m;
            int rr[8] = {r, c, SIDE - 1 - r, r, SIDE - 1 - r, c, SIDE - 1 - c, SIDE - 1 - c};
            int cc[8] = {c, r, c, SIDE - 1 - c, SIDE - 1 - c, SIDE - 1 - r, r, SIDE - 1 - r};
            for (int s = 0; s < 8; s++) perm[s][r * SIDE + c] = rr[s] * SIDE + cc[s];
        }
    uint8_t **layers = calloc(N + 2, sizeof(uint8_t *));
    uint32_t **sets = calloc(N + 2, sizeof(uint32_t *));
    for (int k = N; k >= 0; k--) {
        uint64_t count = binom[N][k];
        sets[k] = layer_sets(k, count);
        layers[k] = malloc(count * BLOCK);
        if (!layers[k]) { perror("malloc layer"); return 1; }
        const uint8_t *prev = k < N ? layers[k + 1] : NULL;
#pragma omp parallel for schedule(dynamic, 4096)
        for (uint64_t i = 0; i < count; i++) solve_set(sets[k][i], prev, layers[k] + i * BLOCK);
        if (k + 1 <= N && k + 1 > keep) {
            free(layers[k + 1]); layers[k + 1] = NULL;
            free(sets[k + 1]); sets[k + 1] = NULL;
        }
        fprintf(stderr, "layer %d: %llu wall sets\n", k, (unsigned long long)count);
    }
    for (int k = 0; k <= keep; k++) {
        uint64_t count = binom[N][k], listed = 0;
        uint32_t *canon = malloc(sizeof(uint32_t) * count);
        uint64_t *where = malloc(sizeof(uint64_t) * count);
        for (uint64_t i = 0; i < count; i++) {
            uint32_t w = sets[k][i], least = w;
            for (int s = 1; s < 8; s++) { uint32_t im = image(w, s); if (im < least) least = im; }
            if (least == w) { canon[listed] = w; where[listed++] = i; }
        }
        put32((uint32_t)listed);
        for (uint64_t i = 0; i < listed; i++) put32(canon[i]);
        int f = N - k;
        uint64_t pairs = (uint64_t)f * (f - 1), bitsz = listed * pairs * 2;
        uint8_t *codes = calloc((bitsz + 7) / 8 + 1, 1);
        uint64_t at = 0;
        for (uint64_t i = 0; i < listed; i++) {
            uint32_t free_cells = ((1u << N) - 1) & ~canon[i];
            const uint8_t *block = layers[k] + where[i] * BLOCK;
            for (uint32_t ms = free_cells; ms; ms &= ms - 1) {
                int me = __builtin_ctz(ms);
                for (uint32_t os = free_cells & ~(1u << me); os; os &= os - 1, at += 2) {
                    int code = get(block, me * N + __builtin_ctz(os));
                    codes[at >> 3] |= (uint8_t)(code << (at & 7));
                }
            }
        }
        fwrite(codes, 1, (bitsz + 7) / 8, stdout);
        fprintf(stderr, "kept layer %d: %llu canonical wall sets, %llu bytes of codes\n", k,
                (unsigned long long)listed, (unsigned long long)((bitsz + 7) / 8));
        free(codes); free(canon); free(where);
    }
    uint8_t start = (uint8_t)get(layers[0], 0 * N + (N - 1));
    fprintf(stderr, "corner vs corner (A1 to move, E5): code %d\n", start);
    return 0;
}

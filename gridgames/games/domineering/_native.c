/* Domineering's optional C core: the search of reference.py on bitboards (unsigned __int128, up to 126
 * cells), with the same move-counting bounds (safe, protective and vulnerable areas: Breuker, Uiterwijk
 * and van den Herik 2000; Bullock 2002; boards up to 12 columns wide, else safe moves only) and move
 * ordering, and a transposition table keyed by the least of a position's four mirror images (boards up
 * to 12 columns wide: mirroring in either axis keeps each player's direction).
 *
 * `plain` switches every speed-up off (no table, no bounds, no ordering): the oracle the tests compare with.
 *
 * Budget: seconds left (< 0: none) and a Python callable returning True to stop; the clock is read every
 * 256 nodes and the stop check called every 2 ms (with the GIL released for a moment), so a cancelled
 * search ends within a few milliseconds. A stopped search returns None; Python raises SearchTimeout.
 *
 * Memory: the transposition table is 2**table_log2 buckets of two 16-byte slots (default 2**21: 64 MB),
 * allocated on first use, kept between calls on the same board size (positions stay solved), emptied for
 * another size and freed by clear(). A bucket keeps
 * the position with more empty cells (more work saved) and the newest one.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>

#include "bits.h"

typedef unsigned __int128 u128;
#define BIT(i) (((u128)1) << (i))
#define MAXCELLS 126 /* bit 126 of a table key is the side to move, bit 127 the answer */

enum { STOPPED = -1, NO_MEMORY = -2 };

static int lowbit(u128 x) {
    uint64_t lo = (uint64_t)x;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}
static inline int count(u128 x) { return ones64((uint64_t)x) + ones64((uint64_t)(x >> 64)); }

/* ---- budget: the shared one (gridgames/solve/native/budget.h), its clock read every 256 nodes ---- */

#define BUDGET_EVERY 256
#include "budget.h"

/* ---- transposition table ------------------------------------------------------------------------ */

/* A slot of the shared table type (gridgames/solve/native/slots.h), here in buckets of two that replace:
 * a = the key's low half, b = its high half; b's bit 62: Vertical to move, bit 63: the mover wins. */
#include "slots.h"
static Slot *table = NULL;
static size_t table_buckets = 0;
static int table_log2 = 21;
static size_t table_used = 0;
static int table_rows = 0, table_cols = 0; /* the board the table's positions are on */

#define SIDE_BIT ((uint64_t)1 << 62)
#define WIN_BIT ((uint64_t)1 << 63)

static size_t bucket_of(uint64_t lo, uint64_t hi) {
    uint64_t h = lo * 0x9E3779B97F4A7C15ULL ^ (hi + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 31;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    return (size_t)h & (table_buckets - 1);
}

/* The table's memory: zeroed pages mapped on first touch and, where the system offers them, in 2 MB
 * pages (madvise): a search reads buckets all over the table, and with 4 KB pages nearly every read also
 * missed the address cache (TLB). */
static Slot *table_alloc(size_t bytes) {
#if defined(MADV_HUGEPAGE) && defined(MAP_ANONYMOUS)
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
    madvise(p, bytes, MADV_HUGEPAGE);
    return p;
#else
    return calloc(bytes, 1);
#endif
}

static void table_release(Slot *p, size_t bytes) {
#if defined(MADV_HUGEPAGE) && defined(MAP_ANONYMOUS)
    if (p) munmap(p, bytes);
#else
    (void)bytes;
    free(p);
#endif
}

static int tt_ready(void) {
    if (table) return 0;
    table_buckets = (size_t)1 << table_log2;
    table = table_alloc(table_buckets * 2 * sizeof(Slot));
    if (!table) { table_buckets = 0; return -1; }
    table_used = 0;
    return 0;
}


static void tt_free(void) {
    table_release(table, table_buckets * 2 * sizeof(Slot));
    table = NULL;
    table_buckets = table_used = 0;
}

static inline size_t key_bucket(u128 key) { return bucket_of((uint64_t)key, (uint64_t)(key >> 64)); }

/* 1 win, 0 loss, -1 not stored; `at`: the key's bucket (key_bucket), where the caller has it already. */
static int tt_get_at(size_t at, u128 key) {
    uint64_t lo = (uint64_t)key, hi = (uint64_t)(key >> 64);
    Slot *s = &table[2 * at];
    for (int j = 0; j < 2; j++)
        if (s[j].a == lo && (s[j].b & ~WIN_BIT) == hi && (s[j].a | s[j].b)) return (s[j].b & WIN_BIT) != 0;
    return -1;
}

static int tt_get(u128 key) { return tt_get_at(key_bucket(key), key); }

static void tt_put_at(size_t at, u128 key, int win, int cells) {
    uint64_t lo = (uint64_t)key, hi = (uint64_t)(key >> 64);
    Slot *s = &table[2 * at];
    Slot fresh = {lo, hi | (win ? WIN_BIT : 0)};
    /* slot 0 keeps the larger position, slot 1 the newest */
    if (!(s[0].a | s[0].b)) { s[0] = fresh; table_used++; return; }
    int held = count(((u128)(s[0].b & ((SIDE_BIT) - 1)) << 64) | s[0].a);
    if (cells >= held) { s[1] = s[0]; s[0] = fresh; return; }
    if (!(s[1].a | s[1].b)) table_used++;
    s[1] = fresh;
}

static void tt_put(u128 key, int win, int cells) { tt_put_at(key_bucket(key), key, win, cells); }

/* ---- board ---------------------------------------------------------------------------------------- */

typedef struct {
    int rows, cols, plain;
    u128 full, not_first, not_last;
    u128 row_mask;
    const uint16_t *reversed; /* each row value with its bits reversed (cols <= MIRROR_COLS), else NULL */
    const uint8_t *row_pairs; /* each row value's most disjoint horizontal dominoes (cols <= MIRROR_COLS) */
    int areas;                /* the row tables of the area counts are ready (cols <= MIRROR_COLS) */
    Budget *b;
} Board;

/* ---- mirror images: a position and its mirror images in the vertical and horizontal axes have the
 * same value (both keep each player's direction), so the table holds the least of the four ----------- */

#define MIRROR_COLS 12
static uint16_t *reversed_rows[MIRROR_COLS + 1];

static const uint16_t *reversal_table(int cols) {
    if (cols > MIRROR_COLS) return NULL;
    if (reversed_rows[cols]) return reversed_rows[cols];
    uint16_t *t = malloc(sizeof(uint16_t) << cols);
    if (!t) return NULL;
    for (int x = 0; x < 1 << cols; x++) {
        int r = 0;
        for (int c = 0; c < cols; c++)
            if (x >> c & 1) r |= 1 << (cols - 1 - c);
        t[x] = (uint16_t)r;
    }
    reversed_rows[cols] = t;
    return t;
}

static uint8_t *pairs_in_rows[MIRROR_COLS + 1];

/* For each row value: half of each run of empty cells, rounded down, summed. */
static const uint8_t *pairs_table(int cols) {
    if (cols > MIRROR_COLS) return NULL;
    if (pairs_in_rows[cols]) return pairs_in_rows[cols];
    uint8_t *t = malloc((size_t)1 << cols);
    if (!t) return NULL;
    for (int x = 0; x < 1 << cols; x++) {
        int total = 0, run = 0;
        for (int c = 0; c <= cols; c++) {
            if (c < cols && (x >> c & 1)) { run++; continue; }
            total += run / 2;
            run = 0;
        }
        t[x] = (uint8_t)total;
    }
    pairs_in_rows[cols] = t;
    return t;
}

/* The least of the position's four mirror images (itself when the board is too wide to mirror), its dead
 * cells (empty, but with no empty neighbour: nobody can ever cover them) left out: they change nothing. */
static u128 least_mirror(const Board *d, u128 free) {
    u128 near = ((free << 1) & d->not_first) | ((free >> 1) & d->not_last) | (free << d->cols) | (free >> d->cols);
    free &= near;
    if (!d->reversed) return free;
    int w = d->cols, h = d->rows;
    if (w == 8 && h <= 8) { /* eight columns (Gardner's board): a row is a byte, so byte and bit swaps mirror it */
        uint64_t x = (uint64_t)free, m = x;
        m = ((m >> 1) & 0x5555555555555555ULL) | ((m & 0x5555555555555555ULL) << 1);
        m = ((m >> 2) & 0x3333333333333333ULL) | ((m & 0x3333333333333333ULL) << 2);
        m = ((m >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((m & 0x0F0F0F0F0F0F0F0FULL) << 4);
        uint64_t up = __builtin_bswap64(x) >> (64 - 8 * h), both = __builtin_bswap64(m) >> (64 - 8 * h);
        uint64_t least = x < m ? x : m;
        if (up < least) least = up;
        if (both < least) least = both;
        return least;
    }
    u128 flipped = 0, upside = 0, both = 0;
    for (int r = 0; r < h; r++) {
        unsigned row = (unsigned)((free >> (r * w)) & d->row_mask);
        u128 mirrored = d->reversed[row];
        flipped |= mirrored << (r * w);
        upside |= (u128)row << ((h - 1 - r) * w);
        both |= mirrored << ((h - 1 - r) * w);
    }
    u128 least = free;
    if (flipped < least) least = flipped;
    if (upside < least) least = upside;
    if (both < least) least = both;
    return least;
}

/* The most disjoint vertical dominoes on `cells`: half of each column run, rounded down. */
static int pairs_down(const Board *d, u128 cells) {
    u128 pending = 0;
    int total = 0;
    for (int r = 0; r < d->rows; r++) {
        u128 row = (cells >> (r * d->cols)) & d->row_mask;
        u128 paired = pending & row;
        total += count(paired);
        pending = row & ~paired;
    }
    return total;
}

/* The most disjoint horizontal dominoes on `cells`: half of each row run, rounded down. */
static int pairs_across(const Board *d, u128 cells) {
    int total = 0;
    if (d->row_pairs) {
        for (int r = 0; r < d->rows; r++) total += d->row_pairs[(unsigned)((cells >> (r * d->cols)) & d->row_mask)];
        return total;
    }
    u128 rest = cells & (cells >> 1) & d->not_last; /* first cells of horizontal pairs */
    while (rest) {
        int i = lowbit(rest);
        total++;
        rest &= ~(BIT(i) | BIT(i + 1)); /* the next pair of the run starts two cells on */
    }
    return total;
}

static u128 tops(const Board *d, u128 free, int vertical) {
    return vertical ? free & (free >> d->cols) : free & (free >> 1) & d->not_last;
}

/* ---- counting bounds -------------------------------------------------------------------------------
 * For each player P, a packing of disjoint *areas* of empty cells (Bullock 2002; Breuker et al. 2000):
 *  - safe: P's domino on cells the opponent Q can never cover (no empty neighbour in Q's direction);
 *  - protective: a 2x2 square whose two sides in Q's direction are closed (filled or the edge), so Q can
 *    touch it only inside it; P playing one half makes the other half safe (two moves), Q playing in it
 *    spoils it;
 *  - vulnerable: P's domino that Q can spoil, no cell of it next to another area in Q's direction, so one
 *    move of Q spoils at most one area.
 * P takes protective areas first, then vulnerable ones, then safe ones; Q spoils at most one area a move,
 * so P is sure of safe + 2 * (protective P takes) + (vulnerable P takes) moves, however Q plays (`sure`).
 * The most moves Q can still make is the most disjoint dominoes of Q on the empty cells (`most`): moves
 * only remove cells. The mover wins when her sure moves (moving first) exceed the opponent's most, and
 * loses when the opponent's sure moves (moving second) reach her most. */

/* `avail`, `pure` and `v2` are read by the line search's bound only (F_CELLS): the cells the player can
 * still cover (those with an empty neighbour along her lines), her safe dominoes before safe options, and
 * her vulnerable areas of two open cells; `free` (F_FREE) that she has a domino on no cell of her areas
 * (a free move, see `free_tempo`; found in one common case only, see line_counts_n). */
typedef struct { int most, safe, protective, vulnerable, avail, pure, v2, free; } Counts;

static int sure_moves(const Counts *c, int first) {
    int p = c->protective, v = c->vulnerable;
    int taken = first ? (p + 1) / 2 : p / 2;               /* protective areas P gets to play */
    int vfirst = (p % 2 == 0) == first;                       /* whether P is first among the vulnerable */
    return c->safe + 2 * taken + (vfirst ? (v + 1) / 2 : v / 2);
}

static uint16_t *apart_rows[MIRROR_COLS + 1], *dominoes_in_rows[MIRROR_COLS + 1], *lone_in_rows[MIRROR_COLS + 1];
/* for each line value of safe cells: its dominoes and the cells they leave, the terms of `sure_at_most` */
static uint8_t *sa_in_rows[MIRROR_COLS + 1];

/* For each row value: the cells taken greedily from the lowest one, no two side by side (`apart`), and
 * the cells of disjoint side-by-side pairs taken greedily from the lowest cell (`dominoes`), and the cells
 * those pairs leave (`lone`: the value less its `dominoes`, one lookup where the counts need it). */
static int row_tables(int cols) {
    if (cols > MIRROR_COLS) return -1;
    if (apart_rows[cols]) return 0;
    uint16_t *apart = malloc(sizeof(uint16_t) << cols), *pairs = malloc(sizeof(uint16_t) << cols),
             *lone = malloc(sizeof(uint16_t) << cols);
    uint8_t *sa = malloc((size_t)1 << cols);
    if (!apart || !pairs || !lone || !sa) { free(apart); free(pairs); free(lone); free(sa); return -1; }
    for (int x = 0; x < 1 << cols; x++) {
        int a = 0, p = 0;
        for (int c = 0; c < cols; c++)
            if ((x >> c & 1) && !(c > 0 && (a >> (c - 1) & 1))) a |= 1 << c;
        for (int c = 0; c + 1 < cols; c++)
            if ((x >> c & 1) && (x >> (c + 1) & 1)) { p |= 3 << c; c++; }
        apart[x] = (uint16_t)a;
        pairs[x] = (uint16_t)p;
        lone[x] = (uint16_t)(x & ~p);
        sa[x] = (uint8_t)(ones64((uint64_t)p) / 2 + ones64((uint64_t)lone[x]));
    }
    apart_rows[cols] = apart;
    dominoes_in_rows[cols] = pairs;
    lone_in_rows[cols] = lone;
    sa_in_rows[cols] = sa;
    return 0;
}

/* Vertical's counts on the rows of empty cells `row` (bit c: column c). */
static void counts_down(const Board *d, const uint16_t *row, Counts *out) {
    int h = d->rows, m = (int)d->row_mask;
    uint16_t open[MAXCELLS];
    int most = 0, safe = 0, prot = 0, vuln = 0;
    unsigned pending_all = 0, pending_safe = 0;
    for (int r = 0; r < h; r++) {
        unsigned x = row[r], side = ((x << 1) | (x >> 1)) & x & m; /* cells with an empty left or right */
        unsigned sf = x & ~side, paired = pending_all & x, paired_safe = pending_safe & sf;
        most += ones64(paired);
        pending_all = x & ~paired;
        safe += ones64(paired_safe);
        pending_safe = sf & ~paired_safe;
        open[r] = (uint16_t)side;
    }
    for (int r = 0; r + 1 < h; r++) { /* protective squares: closed on the left and right */
        unsigned both = open[r] & open[r + 1], either = (unsigned)(row[r] | row[r + 1]);
        unsigned sq = both & (both >> 1) & ~(either << 1) & ~(either >> 2) & m;
        if (!sq) continue;
        prot += ones64(sq);
        sq |= sq << 1;
        open[r] &= (uint16_t)~sq;
        open[r + 1] &= (uint16_t)~sq;
    }
    for (int r = 0; r + 1 < h; r++) { /* vulnerable dominoes, none side by side with another */
        unsigned pick = apart_rows[d->cols][open[r] & open[r + 1]];
        vuln += ones64(pick);
        open[r + 1] &= (uint16_t)~((pick | (pick << 1) | (pick >> 1)) & m);
    }
    out->most = most; out->safe = safe; out->protective = prot; out->vulnerable = vuln;
}

/* Horizontal's counts on the same rows. */
static void counts_across(const Board *d, const uint16_t *row, Counts *out) {
    int h = d->rows;
    const uint8_t *pairs = d->row_pairs;
    uint16_t open[MAXCELLS];
    int most = 0, safe = 0, prot = 0, vuln = 0;
    for (int r = 0; r < h; r++) {
        unsigned x = row[r], near = (r > 0 ? row[r - 1] : 0) | (r + 1 < h ? row[r + 1] : 0);
        most += pairs[x];
        safe += pairs[x & ~near];
        open[r] = (uint16_t)(x & near);
    }
    for (int r = 0; r + 1 < h; r++) { /* protective squares: closed above and below */
        unsigned both = open[r] & open[r + 1];
        unsigned up = r > 0 ? row[r - 1] : 0, down = r + 2 < h ? row[r + 2] : 0;
        unsigned cand = both & (both >> 1) & ~(up | (up >> 1)) & ~(down | (down >> 1));
        unsigned sq = apart_rows[d->cols][cand];
        if (!sq) continue;
        prot += ones64(sq);
        sq |= sq << 1;
        open[r] &= (uint16_t)~sq;
        open[r + 1] &= (uint16_t)~sq;
    }
    for (int r = 0; r < h; r++) { /* vulnerable dominoes, none above or below another */
        unsigned taken = dominoes_in_rows[d->cols][open[r]];
        vuln += ones64(taken) / 2;
        if (r + 1 < h) open[r + 1] &= (uint16_t)~taken;
    }
    out->most = most; out->safe = safe; out->protective = prot; out->vulnerable = vuln;
}

/* 1 / 0 when counting proves the mover wins / loses, -1 when it does not. */
static int bound_scored(const Board *d, u128 free, int vertical, int *margin) {
    *margin = 0;
    if (d->row_pairs && d->areas) {
        uint16_t row[MAXCELLS];
        if (d->rows * d->cols <= 64) { /* 64-bit shifts where the board fits: cheaper than 128-bit ones */
            uint64_t x = (uint64_t)free, m = (uint64_t)d->row_mask;
            for (int r = 0; r < d->rows; r++, x >>= d->cols) row[r] = (uint16_t)(x & m);
        } else {
            for (int r = 0; r < d->rows; r++) row[r] = (uint16_t)((free >> (r * d->cols)) & d->row_mask);
        }
        Counts v, hz;
        counts_down(d, row, &v);
        counts_across(d, row, &hz);
        const Counts *mine = vertical ? &v : &hz, *theirs = vertical ? &hz : &v;
        if (mine->most == 0) return 0;
        if (theirs->most == 0) return 1;
        /* each protective square P plays takes two of Q's moves (its two halves in Q's direction) */
        if (sure_moves(mine, 1) > theirs->most - 2 * ((mine->protective + 1) / 2)) return 1;
        if (sure_moves(theirs, 0) >= mine->most - 2 * (theirs->protective / 2)) return 0;
        /* how far the mover is ahead, for move ordering */
        *margin = sure_moves(mine, 1) + mine->most - sure_moves(theirs, 0) - theirs->most;
        return -1;
    }
    u128 across = ((free << 1) & d->not_first) | ((free >> 1) & d->not_last);
    u128 updown = ((free << d->cols) | (free >> d->cols)) & d->full;
    int v_most = pairs_down(d, free), h_most = pairs_across(d, free);
    int mine_most = vertical ? v_most : h_most, theirs_most = vertical ? h_most : v_most;
    if (mine_most == 0) return 0;
    if (theirs_most == 0) return 1;
    int v_safe = pairs_down(d, free & ~across), h_safe = pairs_across(d, free & ~updown);
    int mine_safe = vertical ? v_safe : h_safe, theirs_safe = vertical ? h_safe : v_safe;
    if (mine_safe > theirs_most) return 1;
    if (theirs_safe >= mine_most) return 0;
    *margin = mine_safe + mine_most - theirs_safe - theirs_most;
    return -1;
}

static int bound(const Board *d, u128 free, int vertical) {
    int margin;
    return bound_scored(d, free, vertical, &margin);
}

static int wins(Board *d, u128 free, int vertical);

/* Whether some move of the mover wins: moves in the order of `reference.ordered` (most of the opponent's
 * moves taken first, then lowest cell first; also weighing one's own moves lost was 2-4x slower). */
static int some_move_wins(Board *d, u128 free, int vertical) {
    int step = vertical ? d->cols : 1, other = vertical ? 1 : d->cols;
    u128 mine = tops(d, free, vertical), theirs = tops(d, free, !vertical);
    int order[MAXCELLS], score[MAXCELLS], n = 0;
    for (u128 m = mine; m; m &= m - 1) {
        int i = lowbit(m), s = 0;
        if (!d->plain) {
            u128 cells = BIT(i) | BIT(i + step);
            s = -count(theirs & (cells | (cells >> other))); /* the opponent's moves it takes */
        }
        int k = n++;
        while (k > 0 && score[k - 1] > s) { order[k] = order[k - 1]; score[k] = score[k - 1]; k--; }
        order[k] = i;
        score[k] = s;
    }
    if (!d->plain) {
        /* Enhanced transposition cutoff: a reply the table or the counting bounds already show lost
         * for the opponent wins at once; one they show won for the opponent is not searched. */
        /* Every reply's key first, its bucket fetched ahead (the table is far larger than the caches:
         * probing reply by reply waited for one memory read at a time, 45% of the time of a 7x7 search). */
        u128 keys[MAXCELLS];
        for (int k = 0; k < n; k++) {
            u128 child = free & ~(BIT(order[k]) | BIT(order[k] + step));
            keys[k] = least_mirror(d, child) | ((u128)(vertical ? 0 : SIDE_BIT) << 64);
            __builtin_prefetch(&table[2 * bucket_of((uint64_t)keys[k], (uint64_t)(keys[k] >> 64))]);
        }
        int keep = 0;
        for (int k = 0; k < n; k++) {
            u128 child = free & ~(BIT(order[k]) | BIT(order[k] + step));
            int known = tt_get(keys[k]);
            if (known < 0) known = bound(d, child, !vertical);
            if (known == 0) return 1;
            if (known < 0) order[keep++] = order[k];
        }
        n = keep;
    }
    for (int k = 0; k < n; k++) {
        int i = order[k];
        int r = wins(d, free & ~(BIT(i) | BIT(i + step)), !vertical);
        if (r < 0) return r;
        if (r == 0) return 1;
    }
    return 0;
}

static int wins(Board *d, u128 free, int vertical) {
    if (budget_spent(d->b)) return STOPPED;
    if (d->plain) return some_move_wins(d, free, vertical);
    u128 key = least_mirror(d, free) | ((u128)(vertical ? SIDE_BIT : 0) << 64);
    int known = tt_get(key);
    if (known >= 0) return known;
    int r = bound(d, free, vertical);
    if (r < 0) r = some_move_wins(d, free, vertical);
    if (r < 0) return r;
    tt_put(key, r, count(free));
    return r;
}

/* ---- the line search: boards up to 12 by 12 (at most 126 cells) --------------------------------------
 * Each player's dominoes lie along her *lines*: Horizontal's are the rows (bit c: column c), Vertical's the
 * columns (bit r: row r). A move clears two neighbouring bits of one of the mover's lines and one bit of two
 * neighbouring lines of the opponent's, so both sets of lines, and the position's four mirror images (for
 * the table's key), are updated move by move, and the counts a move changes are read from the few lines it
 * touches (Bullock 2002), not recounted over the board for every reply. The search is the same for both
 * players on their own lines, so a board and its transpose with the other player first take the same nodes.
 *
 * Move ordering (Bullock 2002): a move's score is the net change it makes in both players' safe moves
 * (disjoint dominoes the opponent can never spoil) and the opponent's real moves (dominoes that fit now):
 *     score = SAFE_WEIGHT * (my safe change - their safe change) - their real change
 *             - MOST_WEIGHT * the change in their most disjoint dominoes
 * (weighing her own real moves too made 8x7 a quarter slower; the last term took 8x8 (V) from 6.72M
 * nodes to 6.13M), and moves are tried highest first by
 *     2 * score - 3 * edge_rank,
 * edge_rank being the domino's distance from the edges (the positional term: moves near the edges and
 * corners first; without it 8x7 took twice the nodes, as the primary key 50 times), then lowest cell.
 *
 * Safe components: a run of the mover's free cells, all out of the opponent's reach, is a separate
 * component worth floor(len/2) moves to her (an integer). Any move in such components leaves at most one
 * move less there, and a move at a run's end leaves exactly one less: so of all the moves in them only one
 * need be searched, the first run's end, after every other move (a move elsewhere is never worse when it
 * exists, Number Avoidance, but the rest need not be a number, so the one move is kept, last).
 *
 * The last winning moves (F_PROBE): for each player and number of empty cells, the search keeps the
 * KILLERS moves that last won a node it expanded or this probe, the latest first; a node where one is
 * legal first looks its child up in the table and the bound alone, and wins at once if either shows it
 * lost for the opponent (three nodes in four on 8x7), before its moves are scored. The move's child is
 * never searched there: that was tried (the move searched first) and cost twice the nodes.
 *
 * The free move (F_FREE, see free_tempo): a domino of the mover's on no cell of her areas counts as one
 * sure move more where her protective squares and vulnerable areas are both even in number (8x8 (V)
 * 7.04M nodes to 5.82M, 8x7 (H) 1.02M to 0.73M, the instructions level: docs/solvers.md).
 */

#define LINES_MAX 12
#define KILLERS 4 /* the last winning moves kept per player and number of empty cells (docs/solvers.md: 2 to 16 measured) */
#define SAFE_WEIGHT 4
#define MOST_WEIGHT 4

enum {
    F_ORDER = 1,      /* the real/safe ordering (off: most of the opponent's moves taken first) */
    F_TIEBREAK = 2,   /* the positional tie-break (off: lowest cell first) */
    F_SAFE_SKIP = 4,  /* one move in the safe components, last */
    F_ETC = 8,        /* children's table entries and bounds tried before searching any but the best move's */
    F_INCREMENTAL = 16, /* scores and the cut-off's bound totals from the lines a move touches (off: recounted) */
    F_AREAS = 32,     /* protective and vulnerable areas in the bound (off: safe moves only) */
    F_OPTIONS = 64,   /* safe options and vulnerable areas with one safe cell in the bound */
    F_ETC_BOUND = 128, /* the cut-off also tries the children's bounds */
    F_CELLS = 256,    /* the bound also counts the opponent's usable cells the mover's sure moves cover */
    F_PROBE = 512,    /* the moves that last won at the same number of empty cells tried on the table and bound first */
    F_FREE = 1024,    /* a free move (on no cell of her areas) as a sure move more for the mover (free_tempo) */
};
static int features = F_ORDER | F_TIEBREAK | F_SAFE_SKIP | F_ETC | F_INCREMENTAL | F_AREAS | F_OPTIONS | F_ETC_BOUND | F_CELLS
                      | F_PROBE | F_FREE;

static uint8_t ones12[1 << LINES_MAX];
static uint8_t avail12[1 << LINES_MAX]; /* a line's cells with an empty neighbour along it (`line_avail`) */
/* for the protective squares' sweep: the cells whose next one is in the value too, and the cells neither
 * in it nor just below one of it (each one lookup where the sweep takes it for every pair of lines) */
static uint16_t starts12[1 << LINES_MAX], clear12[1 << LINES_MAX];

typedef struct {
    int rows, cols, n;
    const uint8_t *pairs[2];      /* [0]: lines of width cols (rows, Horizontal's); [1]: width rows */
    const uint16_t *apart[2], *dominoes[2], *lone[2];
    const uint8_t *sa[2];
    u128 image[4][MAXCELLS];       /* each cell under each mirror image (0: itself) */
    u128 domino[2][MAXCELLS][4];   /* [side][first cell]: the side's domino from it under each image */
    u128 not_first, not_last, full;
    int8_t edge[2][MAXCELLS];      /* the positional term of a move from the cell, by the mover (`edge_rank`) */
    uint8_t most_real[2][1 << LINES_MAX]; /* per line value: MOST_WEIGHT * its most dominoes + its real ones */
    uint32_t move_key[2][LINES_MAX * 16]; /* [mover][line * 16 + bit]: the move's sort key less its score */
} Geo;

static Geo *geos[LINES_MAX + 1][LINES_MAX + 1];

/* The position: Horizontal's lines (rows), Vertical's lines (columns) and the four mirror images. */
typedef struct {
    uint16_t line[2][LINES_MAX]; /* [0]: rows, bit c; [1]: columns, bit r */
    u128 img[4];
    int empty;                   /* empty cells (a count of img[0], kept move by move) */
    int opp;                     /* the opponent's most dominoes * 256 + usable cells where the parent's
                                  * cut-off counted them (see won_by), else -1 */
} Pos;

/* How far a domino from cell (r, c) lies from the edges: its distance from the nearer of the top and
 * bottom edges plus that from the nearer side edge (the domino's second cell counted in its direction). */
static int edge_rank(int rows, int cols, int r, int c, int vertical) {
    int low = vertical ? rows - 2 - r : rows - 1 - r, right = vertical ? cols - 1 - c : cols - 2 - c;
    return (r < low ? r : low) + (c < right ? c : right);
}

static Geo *geo(int rows, int cols) {
    if (rows < 1 || cols < 1 || rows > LINES_MAX || cols > LINES_MAX || rows * cols > MAXCELLS) return NULL;
    if (geos[rows][cols]) return geos[rows][cols];
    if (row_tables(cols) < 0 || row_tables(rows) < 0 || !pairs_table(cols) || !pairs_table(rows)) return NULL;
    Geo *g = calloc(1, sizeof(Geo));
    if (!g) return NULL;
    for (int x = 0; x < 1 << LINES_MAX; x++) {
        ones12[x] = (uint8_t)ones64((uint64_t)x);
        avail12[x] = (uint8_t)ones64((uint64_t)(x & ((x << 1) | (x >> 1))));
        starts12[x] = (uint16_t)(x & (x >> 1));
        clear12[x] = (uint16_t)~(x | (x >> 1));
    }
    g->rows = rows; g->cols = cols; g->n = rows * cols;
    g->pairs[0] = pairs_in_rows[cols]; g->pairs[1] = pairs_in_rows[rows];
    g->apart[0] = apart_rows[cols]; g->apart[1] = apart_rows[rows];
    g->dominoes[0] = dominoes_in_rows[cols]; g->dominoes[1] = dominoes_in_rows[rows];
    g->lone[0] = lone_in_rows[cols]; g->lone[1] = lone_in_rows[rows];
    g->sa[0] = sa_in_rows[cols]; g->sa[1] = sa_in_rows[rows];
    g->full = BIT(g->n) - 1;
    u128 first = 0;
    for (int r = 0; r < rows; r++) first |= BIT(r * cols);
    g->not_first = g->full & ~first;
    g->not_last = g->full & ~(first << (cols - 1));
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            int i = r * cols + c;
            g->image[0][i] = BIT(i);
            g->image[1][i] = BIT(r * cols + (cols - 1 - c));
            g->image[2][i] = BIT((rows - 1 - r) * cols + c);
            g->image[3][i] = BIT((rows - 1 - r) * cols + (cols - 1 - c));
            g->edge[0][i] = (int8_t)edge_rank(rows, cols, r, c, 0);
            g->edge[1][i] = (int8_t)edge_rank(rows, cols, r, c, 1);
            /* the sort key of `line_moves` with a score of 0: Horizontal's line r, bit c; Vertical's c, r */
            g->move_key[0][r * 16 + c] = ((uint32_t)(4096 - 3 * g->edge[0][i]) << 16) | ((uint32_t)(255 - i) << 8) | (uint32_t)(r * 16 + c);
            g->move_key[1][c * 16 + r] = ((uint32_t)(4096 - 3 * g->edge[1][i]) << 16) | ((uint32_t)(255 - i) << 8) | (uint32_t)(c * 16 + r);
        }
    for (int s = 0; s < 2; s++)
        for (int x = 0; x < 1 << (s ? rows : cols); x++)
            g->most_real[s][x] = (uint8_t)(MOST_WEIGHT * g->pairs[s][x] + ones12[x & (x >> 1)]);
    for (int i = 0; i < g->n; i++) /* each domino under each image, once the images are all made */
        for (int s = 0; s < 4; s++) {
            if (i % cols + 1 < cols) g->domino[0][i][s] = g->image[s][i] | g->image[s][i + 1];
            if (i + cols < g->n) g->domino[1][i][s] = g->image[s][i] | g->image[s][i + cols];
        }
    geos[rows][cols] = g;
    return g;
}

static void pos_of(const Geo *g, u128 free, Pos *p) {
    memset(p, 0, sizeof *p);
    p->opp = -1;
    for (int r = 0; r < g->rows; r++)
        for (int c = 0; c < g->cols; c++) {
            int i = r * g->cols + c;
            if (!(free >> i & 1)) continue;
            p->line[0][r] |= (uint16_t)(1u << c);
            p->line[1][c] |= (uint16_t)(1u << r);
            for (int s = 0; s < 4; s++) p->img[s] |= g->image[s][i];
            p->empty++;
        }
}

/* The mover (`side` 0: Horizontal, 1: Vertical) places her domino on bits b, b+1 of her line a. */
static inline void pos_play(const Geo *g, Pos *p, int side, int a, int b) {
    p->line[side][a] &= (uint16_t)~(3u << b);
    p->line[!side][b] &= (uint16_t)~(1u << a);
    p->line[!side][b + 1] &= (uint16_t)~(1u << a);
    const u128 *d = g->domino[side][side ? b * g->cols + a : a * g->cols + b];
    if (g->n <= 64) /* the high halves stay 0 */
        for (int s = 0; s < 4; s++) p->img[s] = (uint64_t)p->img[s] & ~(uint64_t)d[s];
    else
        for (int s = 0; s < 4; s++) p->img[s] &= ~d[s];
    p->empty -= 2;
    p->opp = -1;
}

static inline int cell_of(const Geo *g, int side, int a, int b) { return side ? b * g->cols + a : a * g->cols + b; }

/* The table's key: the least of the four images, dead cells (no empty neighbour) left out. Mirroring
 * keeps neighbours neighbours, so each image's live cells are those with a neighbour in that image:
 * four masks of shifts, with no loop over the dead cells (in 64 bits where the board fits); and where the
 * position itself has no dead cell, no image has one, so its images are compared as they are. */
/* Written once for both widths of a key (T: uint64_t where the board fits in 64 bits, else u128);
 * nf, nl: the masks of the cells not in the first and not in the last column. */
#define DEFINE_LEAST_IMAGE(NAME, T)                                                                  \
    static inline T NAME(const T *img, T nf, T nl, int w) {                                        \
        T best = ~(T)0, x0 = img[0];                                                                 \
        T live0 = x0 & (((x0 << 1) & nf) | ((x0 >> 1) & nl) | (x0 << w) | (x0 >> w));                \
        if (live0 == x0) { /* no dead cell: none in any image either */                             \
            for (int s = 0; s < 4; s++)                                                              \
                if (img[s] < best) best = img[s];                                                    \
            return best;                                                                             \
        }                                                                                            \
        best = live0;                                                                                \
        for (int s = 1; s < 4; s++) {                                                                \
            T x = img[s], live = x & (((x << 1) & nf) | ((x >> 1) & nl) | (x << w) | (x >> w));      \
            if (live < best) best = live;                                                            \
        }                                                                                            \
        return best;                                                                                 \
    }
DEFINE_LEAST_IMAGE(least_image64, uint64_t)
DEFINE_LEAST_IMAGE(least_image128, u128)

static inline uint64_t images_key64(const Geo *g, const uint64_t *img) {
    return least_image64(img, (uint64_t)g->not_first, (uint64_t)g->not_last, g->cols);
}

static u128 images_key(const Geo *g, const u128 *img, int vertical) {
    u128 least;
    if (g->n <= 64) {
        uint64_t low[4] = {(uint64_t)img[0], (uint64_t)img[1], (uint64_t)img[2], (uint64_t)img[3]};
        least = images_key64(g, low);
    } else {
        least = least_image128(img, g->not_first, g->not_last, g->cols);
    }
    return least | ((u128)(vertical ? SIDE_BIT : 0) << 64);
}

static inline u128 pos_key(const Geo *g, const Pos *p, int vertical) { return images_key(g, p->img, vertical); }

/* The key of the child the mover's move `m` (line * 16 + bit) makes, without making the child. */
static inline u128 move_child_key(const Geo *g, const Pos *p, int side, int m) {
    int a = m >> 4, b = m & 15;
    const u128 *d = g->domino[side][side ? b * g->cols + a : a * g->cols + b];
    if (g->n <= 64) { /* the images' low halves alone, in 64 bits */
        uint64_t low[4];
        for (int s = 0; s < 4; s++) low[s] = (uint64_t)p->img[s] & ~(uint64_t)d[s];
        return images_key64(g, low) | ((u128)(side ? 0 : SIDE_BIT) << 64);
    }
    u128 img[4];
    for (int s = 0; s < 4; s++) img[s] = p->img[s] & ~d[s];
    return images_key(g, img, !side);
}

/* One line's safe dominoes: half of each run of its cells with no empty neighbour in the lines beside it. */
static inline int line_safe(const uint16_t *L, int n, const uint8_t *pairs, int x) {
    if (x < 0 || x >= n) return 0;
    unsigned near = (x > 0 ? L[x - 1] : 0) | (x + 1 < n ? L[x + 1] : 0);
    return pairs[L[x] & ~near];
}
static inline int line_real(unsigned x) { return ones12[x & (x >> 1)]; }

/* What a node's move scores read, made once for all its moves: both players' lines with two empty lines
 * of padding on either side (so a line off the board reads as empty and counts nothing), and each line's
 * safe dominoes before any move. */
#define PAD 2
typedef struct {
    uint16_t L[LINES_MAX + 2 * PAD], M[LINES_MAX + 2 * PAD];
    uint8_t safeL[LINES_MAX + 2 * PAD], safeM[LINES_MAX + 2 * PAD];
    const uint8_t *pL, *pM;
    /* What every move on a line shares (`scoring_lines`): for the mover's line x, the cells of the lines
     * beside it that only x keeps from being safe (`Lm`, `Lp`), the lines beside it (`nearL`) and the
     * score's constant part (`cL`); for the opponent's lines y, y + 1 a move crosses, the same for the
     * lines beside the pair (`Mm`, `Mp`) and the constant part (`cM`); `rmM` is Geo's `most_real`. */
    /* (in 32 bits: a move's score masks them with its own lines, and 16-bit operands would need each
     * result widened again before it indexes a table) */
    uint32_t Lm[LINES_MAX + 2 * PAD], Lp[LINES_MAX + 2 * PAD], nearL[LINES_MAX + 2 * PAD];
    uint32_t Mm[LINES_MAX + 2 * PAD], Mp[LINES_MAX + 2 * PAD];
    uint32_t sM[LINES_MAX + 2 * PAD]; /* the opponent's safe cells: each line's cells with no empty neighbour
                                       * in the lines beside it */
    int16_t cL[LINES_MAX + 2 * PAD], cM[LINES_MAX + 2 * PAD];
    const uint8_t *rmM;
} Scoring;

/* The parts of the move scores every move on a line shares, from the lines and their safe and real
 * dominoes (see `move_score`). */
static void scoring_lines(const Geo *g, int side, int nL, int nM, Scoring *z) {
    const uint16_t *L = z->L, *M = z->M;
    z->rmM = g->most_real[!side];
    for (int x = PAD; x < nL + PAD; x++) {
        z->Lm[x] = L[x - 1] & ~L[x - 2];
        z->Lp[x] = L[x + 1] & ~L[x + 2];
        z->nearL[x] = L[x - 1] | L[x + 1];
        z->cL[x] = (int16_t)(-SAFE_WEIGHT * (z->safeL[x - 1] + z->safeL[x] + z->safeL[x + 1]));
    }
    for (int y = PAD; y + 1 < nM + PAD; y++) {
        z->Mm[y] = M[y - 1] & ~M[y - 2];
        z->Mp[y] = M[y + 2] & ~M[y + 3];
        z->cM[y] = (int16_t)(SAFE_WEIGHT * (z->safeM[y - 1] + z->safeM[y] + z->safeM[y + 1] + z->safeM[y + 2])
                             + z->rmM[M[y]] + z->rmM[M[y + 1]]);
    }
}

static void scoring_of(const Geo *g, const Pos *p, int side, Scoring *z) {
    int nL = side ? g->cols : g->rows, nM = side ? g->rows : g->cols;
    memset(z, 0, sizeof *z);
    z->pL = g->pairs[side];
    z->pM = g->pairs[!side];
    memcpy(z->L + PAD, p->line[side], (size_t)nL * sizeof(uint16_t));
    memcpy(z->M + PAD, p->line[!side], (size_t)nM * sizeof(uint16_t));
    for (int x = PAD; x < nL + PAD; x++) z->safeL[x] = z->pL[z->L[x] & ~(z->L[x - 1] | z->L[x + 1])];
    for (int x = PAD; x < nM + PAD; x++) {
        z->sM[x] = z->M[x] & ~(z->M[x - 1] | z->M[x + 1]);
        z->safeM[x] = z->pM[z->sM[x]];
    }
    scoring_lines(g, side, nL, nM, z);
}

/* A move's score (see above) from the lines it touches: the mover's line a (bits b, b+1) and the
 * opponent's lines b, b+1 (bit a); only the lines beside those change their safe dominoes. Written with
 * the parts `scoring_lines` made: the safe dominoes before the move, the opponent's real and most
 * dominoes before it, and which cells of the lines beside become safe when the move's cells go. */
static inline __attribute__((always_inline)) int move_score(const Scoring *z, int a, int b) {
    const uint8_t *pL = z->pL, *pM = z->pM;
    int x = a + PAD, y = b + PAD;
    unsigned bit = ~(1u << a), la = z->L[x] & ~(3u << b), mb = z->M[y] & bit, mc = z->M[y + 1] & bit;
    int safe_mine = pL[z->Lm[x] & ~la] + pL[la & ~z->nearL[x]] + pL[z->Lp[x] & ~la];
    /* the move's lines' own safe cells after it: those they had less the move's (its cells made no
     * cell of the other line safe, both being taken) */
    int safe_theirs = pM[z->Mm[y] & ~mb] + pM[z->sM[y] & bit] + pM[z->sM[y + 1] & bit] + pM[z->Mp[y] & ~mc];
    /* weighing her own real moves too made 8x7 a quarter slower */
    return SAFE_WEIGHT * (safe_mine - safe_theirs) - z->rmM[mb] - z->rmM[mc] + z->cL[x] + z->cM[y];
}

/* The same score from both players' counts over the whole board, before and after (ablation). */
static int safe_total(const uint16_t *L, int nL, const uint8_t *pL) {
    int t = 0;
    for (int x = 0; x < nL; x++) t += line_safe(L, nL, pL, x);
    return t;
}
static int real_total(const uint16_t *L, int nL) {
    int t = 0;
    for (int x = 0; x < nL; x++) t += line_real(L[x]);
    return t;
}
static int move_score_recounted(const Geo *g, const Pos *p, int side, int a, int b) {
    Pos q = *p;
    pos_play(g, &q, side, a, b);
    int nL = side ? g->cols : g->rows, nM = side ? g->rows : g->cols;
    int safe_mine = safe_total(q.line[side], nL, g->pairs[side]) - safe_total(p->line[side], nL, g->pairs[side]);
    int safe_theirs = safe_total(q.line[!side], nM, g->pairs[!side]) - safe_total(p->line[!side], nM, g->pairs[!side]);
    int real_theirs = real_total(q.line[!side], nM) - real_total(p->line[!side], nM);
    int most_theirs = 0;
    for (int x = 0; x < nM; x++) most_theirs += g->pairs[!side][q.line[!side][x]] - g->pairs[!side][p->line[!side][x]];
    return SAFE_WEIGHT * (safe_mine - safe_theirs) - real_theirs - MOST_WEIGHT * most_theirs;
}

/* One player's counts on her lines L (n lines, the opponent's moves across them):
 *  - safe: her dominoes on cells with no empty neighbour in the lines beside (taken from the lowest);
 *  - safe options (F_OPTIONS): three cells in a row of a line, the middle one safe and left over, the two
 *    ends open: the opponent needs two moves to spoil both her dominoes there, so she answers the first
 *    and is sure of one; the lines beside lose those two ends for other areas;
 *  - protective: a 2x2 square of open cells closed in the lines on either side (two moves to her);
 *  - vulnerable: a domino on open cells, or (F_OPTIONS) an open cell and a left-over safe one, none
 *    beside another across the lines, so that one move of the opponent spoils at most one area.
 *
 * `early` (known when compiled): the counts are for the player moving second, and her opponent has `most_q`
 * disjoint dominoes and `avail_q` usable cells (INT_MAX where F_CELLS is off); if her safe dominoes alone
 * already pass a loss test of line_bound for him (her sure moves are at least her safe ones, and `covered`
 * is at least 0), the count stops there and returns 1, *out left unset. Else it returns 0.
 * With F_FREE in `feat` it also sets `free` where a free move of hers lies beside a vulnerable area: the
 * open cells of the next line that the area keeps out of that line's areas (so that one move of the
 * opponent spoils one area at most) are in no area, and two side by side are her domino. Free moves
 * elsewhere are not looked for: tracking every area's cells cost 3.5-4% more instructions on 8x7, 7x8
 * and 9x7 for 2-6% fewer nodes than this case alone. */
static inline __attribute__((always_inline)) int line_counts_n(const uint16_t *L, int n, const uint8_t *pairs,
                                                              const uint16_t *apart, const uint16_t *doms,
                                                              const uint16_t *lone,
                                                              Counts *out, int totals, int feat, int early,
                                                              int most_q, int avail_q) {
    unsigned open[LINES_MAX], single[LINES_MAX]; /* 32 bits: no widening before each table lookup */
    unsigned spare = 0;                          /* F_FREE: her dominoes beside vulnerable areas, in none */
    int most = 0, safe = 0, prot = 0, vuln = 0, v2 = 0, avail = 0;
#pragma GCC unroll 12
    for (int x = 0; x < n; x++) {
        if (totals) {
            avail += avail12[L[x]];
            most += pairs[L[x]];
        }
        unsigned near = (x > 0 ? L[x - 1] : 0) | (x + 1 < n ? L[x + 1] : 0), sf = L[x] & ~near;
        safe += pairs[sf];
        open[x] = L[x] & near;
        single[x] = lone[sf];
    }
    int pure = safe;
    if (early && (safe >= most_q || 2 * (safe + 1) > avail_q)) return 1; /* two in five probes on 8x7 stop here */
    if (feat & F_OPTIONS) {
#pragma GCC unroll 12
        for (int x = 0; x < n; x++) {
            unsigned o = open[x], mid = single[x] & (o >> 1) & (o << 1);
            while (mid) {
                unsigned m = mid & -mid, ends = (m << 1) | (m >> 1);
                safe++;
                open[x] &= ~ends;
                single[x] &= ~m;
                if (x > 0) open[x - 1] &= ~ends;
                if (x + 1 < n) open[x + 1] &= ~ends;
                mid &= ~(m | (m << 2)) & open[x] >> 1 & open[x] << 1;
            }
        }
        if (early && (safe >= most_q || 2 * (safe + 1) > avail_q)) return 1;
    }
    if (feat & F_AREAS) {
#pragma GCC unroll 12
        for (int x = 0; x + 1 < n; x++) { /* protective squares: closed in the lines on either side */
            unsigned both = open[x] & open[x + 1];
            unsigned beside = (x > 0 ? L[x - 1] : 0) | (x + 2 < n ? L[x + 2] : 0);
            unsigned cand = starts12[both] & clear12[beside];
            if (!cand) continue;
            unsigned sq = apart[cand];
            prot += ones12[sq];
            sq |= sq << 1;
            open[x] &= ~sq;
            open[x + 1] &= ~sq;
        }
#pragma GCC unroll 12
        for (int x = 0; x < n; x++) { /* vulnerable dominoes, none beside another across the lines */
            unsigned cand = (feat & F_OPTIONS) ? (unsigned)(open[x] | single[x]) : open[x];
            unsigned taken = doms[cand];
            vuln += ones12[taken]; /* two cells an area: halved below */
            v2 += ones12[taken & single[x]]; /* an area holds at most one single cell */
            if (x + 1 < n) {
                unsigned beside = taken & open[x];
                if (feat & F_FREE) {
                    unsigned kept_out = beside & open[x + 1];
                    spare |= kept_out & (kept_out >> 1);
                }
                open[x + 1] &= ~beside;
            }
        }
        vuln /= 2;
        v2 = vuln - v2;
    }
    out->most = most; out->safe = safe; out->protective = prot; out->vulnerable = vuln;
    out->avail = avail; out->pure = pure; out->v2 = v2;
    out->free = spare != 0;
    return 0;
}

/* line_counts_n without `most` and `avail` (left 0: every caller has them already), made once for each
 * number of lines: with n known the compiler unrolls its loops (asked to: setup.py builds at -O2) and
 * drops their edge tests. */
static __attribute__((noinline)) void line_areas_masked(const uint16_t *L, int n, const uint8_t *pairs,
                                                        const uint16_t *apart, const uint16_t *doms, const uint16_t *lone, Counts *out) {
    switch (n) {
#define LINES_CASE(k) case k: line_counts_n(L, k, pairs, apart, doms, lone, out, 0, features, 0, 0, 0); return;
        LINES_CASE(1) LINES_CASE(2) LINES_CASE(3) LINES_CASE(4) LINES_CASE(5) LINES_CASE(6)
        LINES_CASE(7) LINES_CASE(8) LINES_CASE(9) LINES_CASE(10) LINES_CASE(11) LINES_CASE(12)
#undef LINES_CASE
    default: line_counts_n(L, n, pairs, apart, doms, lone, out, 0, features, 0, 0, 0);
    }
}

static void line_areas(const uint16_t *L, int n, const uint8_t *pairs, const uint16_t *apart,
                       const uint16_t *doms, const uint16_t *lone, Counts *out) {
    /* with every area on (the search's own case), the features known when compiled: no tests in the
     * loops; the ablation's other masks take the loops that test them */
    if ((features & (F_OPTIONS | F_AREAS)) != (F_OPTIONS | F_AREAS)) {
        line_areas_masked(L, n, pairs, apart, doms, lone, out);
        return;
    }
    switch (n) {
#define LINES_CASE(k) case k: line_counts_n(L, k, pairs, apart, doms, lone, out, 0, F_OPTIONS | F_AREAS | F_FREE, 0, 0, 0); return;
        LINES_CASE(1) LINES_CASE(2) LINES_CASE(3) LINES_CASE(4) LINES_CASE(5) LINES_CASE(6)
        LINES_CASE(7) LINES_CASE(8) LINES_CASE(9) LINES_CASE(10) LINES_CASE(11) LINES_CASE(12)
#undef LINES_CASE
    default: line_areas_masked(L, n, pairs, apart, doms, lone, out);
    }
}

/* line_areas for the player moving second, against an opponent of `most_q` disjoint dominoes and `avail_q`
 * usable cells: 1, and *out unset, where her safe dominoes alone show him lost (see line_counts_n). */
static int line_areas_lost(const uint16_t *L, int n, const uint8_t *pairs, const uint16_t *apart,
                           const uint16_t *doms, const uint16_t *lone, Counts *out, int most_q, int avail_q) {
    if ((features & (F_OPTIONS | F_AREAS)) != (F_OPTIONS | F_AREAS)) {
        line_areas_masked(L, n, pairs, apart, doms, lone, out);
        return 0;
    }
    if (!(features & F_CELLS)) avail_q = INT_MAX;
    switch (n) {
#define LINES_CASE(k) case k: return line_counts_n(L, k, pairs, apart, doms, lone, out, 0, F_OPTIONS | F_AREAS, 1, most_q, avail_q);
        LINES_CASE(1) LINES_CASE(2) LINES_CASE(3) LINES_CASE(4) LINES_CASE(5) LINES_CASE(6)
        LINES_CASE(7) LINES_CASE(8) LINES_CASE(9) LINES_CASE(10) LINES_CASE(11) LINES_CASE(12)
#undef LINES_CASE
    default: line_areas_masked(L, n, pairs, apart, doms, lone, out);
    }
    return 0;
}

/* The most disjoint dominoes of a player on her n lines L: half of each run, rounded down; and in `avail`
 * the cells she can still cover (with an empty neighbour along her line). */
static inline int line_most(const uint16_t *L, int n, const uint8_t *pairs, int *avail) {
    int most = 0, cells = 0;
    for (int x = 0; x < n; x++) {
        most += pairs[L[x]];
        cells += avail12[L[x]];
    }
    *avail = cells;
    return most;
}

/* The opponent's usable cells (`avail` of his lines) that a player P's first `sure` moves are sure to
 * cover (P first or not), when she plays her protective squares first, then her vulnerable areas, then
 * the second halves of her protective squares, her safe options, her other safe dominoes last:
 *  - every move but a safe domino of `pure` covers one such cell or more (the other cells of P's safe
 *    areas are out of the opponent's reach, every other area is open to him), so until P plays a pure safe
 *    domino each move covers one: `sure` of them when she has not reached those by her move `sure`;
 *  - once she has: both halves of each protective square she took (four cells; she takes at least the
 *    count of `sure_moves`), each vulnerable area (one cell, two for those of two open cells: the
 *    opponent spoils at most vulnerable - taken of them) and each safe option (one) are played.
 * So it covers at least the lesser of the two. */
static inline int covered(const Counts *c, int first, int sure) {
    int p = c->protective, v = c->vulnerable;
    int tp = first ? (p + 1) / 2 : p / 2;
    int tv = ((p % 2 == 0) == first) ? (v + 1) / 2 : v / 2;
    int both_open = c->v2 - (v - tv);
    int x = 4 * tp + tv + (both_open > 0 ? both_open : 0) + (c->safe - c->pure);
    return x < sure ? x : sure;
}

/* 1 / 0 when counting proves the mover (`side`) wins / loses, -1 when it does not.
 * Two bounds on the moves the opponent Q can still make against the mover P's sure moves S: his most (two
 * fewer for each protective square P plays), and (F_CELLS, the "unused cells" of Bullock 2002) half of his
 * usable cells less those P's first S moves cover: if Q made S moves, 2S of his usable cells and the ones
 * P covered are disjoint, so P wins when 2S exceeds avail(Q) - covered; likewise P (moving first) loses
 * when 2 (S(Q) + 1) exceeds avail(P) - covered by Q.
 * A player's areas are disjoint, each holding as many of her disjoint dominoes as it counts (a
 * protective square two), so safe + options + 2 * protective + vulnerable <= most, and S <= most + 2.
 * Hence the mover's first test can pass only when the opponent's most is at most her most + 1, her
 * second only when 3 S > avail(Q) (covered <= S), and the opponent's only when his most reaches hers,
 * or 3 S(Q) + 2 > avail(P): one player's areas are counted only where one of her tests can pass. */
/* An upper bound on a player's sure moves from one pass over her lines: her areas are disjoint and hold
 * at least as many of her disjoint dominoes as they count, so safe + 2 p + v <= most, and
 * sure <= safe + (p + 1) + (v + 1) / 2 <= (most + safe) / 2 + 3 / 2, safe being her plain safe dominoes
 * plus her options, at most one a left-over safe cell. */
static inline int sure_at_most(const uint16_t *L, int n, const uint8_t *pairs, const uint16_t *lone, int most) {
    int safe = 0;
    for (int x = 0; x < n; x++) {
        unsigned near = (x > 0 ? L[x - 1] : 0) | (x + 1 < n ? L[x + 1] : 0), sf = L[x] & ~near;
        safe += pairs[sf] + ones12[lone[sf]];
    }
    return (most + safe + 3) / 2;
}

/* F_FREE: a free move is a sure move more for the mover P (counts `c`, P first). If a domino of hers lies
 * on no cell of her areas, she may play it first: her areas keep what makes them areas (a move only
 * takes empty cells, so her safe cells stay safe, her squares closed, and each move of the opponent Q
 * still spoils one area at most), Q's most dominoes only fall, and so do his usable cells less those her
 * areas' moves cover (a cell her move takes from his usable ones leaves both); so Q, to move, loses where
 * line_bound's loss tests hold with P second on the same counts. With her protective squares and her
 * vulnerable areas both even in number, P second takes as many of each race as first: her sure moves
 * and the cells they cover are the same, and those loss tests are her win tests with one sure move
 * more (the cells her moves cover still counted for her sure moves alone). Otherwise they pass only
 * where her own win tests do. With both even her sure moves are at most her most (her areas hold as
 * many disjoint dominoes as they count), so the guards before her area counts in line_bound and
 * kin_bound pass wherever the tests with the extra move can. */
static inline int free_tempo(const Counts *c) {
    return c->free && !((c->protective | c->vulnerable) & 1) && (features & F_FREE);
}

static int line_bound(const Geo *g, const Pos *p, int side) {
    Counts mine, theirs;
    int nL = side ? g->cols : g->rows, nM = side ? g->rows : g->cols, avail_mine, avail_theirs;
    int most_mine = line_most(p->line[side], nL, g->pairs[side], &avail_mine);
    if (most_mine == 0) return 0;
    int most_theirs = line_most(p->line[!side], nM, g->pairs[!side], &avail_theirs);
    if (most_theirs == 0) return 1;
    int cells = (features & F_CELLS) != 0;
    if (most_theirs <= most_mine + 1 || (cells && 3 * (most_mine + 2) > avail_theirs
        && 3 * sure_at_most(p->line[side], nL, g->pairs[side], g->lone[side], most_mine) > avail_theirs)) {
        line_areas(p->line[side], nL, g->pairs[side], g->apart[side], g->dominoes[side], g->lone[side], &mine);
        int sure = sure_moves(&mine, 1), more = free_tempo(&mine);
        if (sure + more > most_theirs - 2 * ((mine.protective + 1) / 2)) return 1;
        if (cells && 2 * (sure + more) > avail_theirs - covered(&mine, 1, sure)) return 1;
    }
    if (most_theirs >= most_mine || (cells && 3 * (most_theirs + 2) + 2 > avail_mine
        && 3 * sure_at_most(p->line[!side], nM, g->pairs[!side], g->lone[!side], most_theirs) + 2 > avail_mine)) {
        line_areas(p->line[!side], nM, g->pairs[!side], g->apart[!side], g->dominoes[!side], g->lone[!side], &theirs);
        int sure = sure_moves(&theirs, 0);
        if (sure >= most_mine - 2 * (theirs.protective / 2)) return 0;
        if (cells && 2 * (sure + 1) > avail_mine - covered(&theirs, 0, sure)) return 0;
    }
    return -1;
}

/* Whether line_bound shows the mover (`side`) lost, by its loss tests alone. Its other tests can only
 * show her won, and every test is sound, so where they would the loss tests show nothing: the answer is
 * line_bound's `== 0`, without the mover's own counts (her most, her areas). The probe needs only that. */
static int line_bound_lost(const Geo *g, const Pos *p, int side, int most_mine, int avail_mine) {
    Counts theirs;
    int nL = side ? g->cols : g->rows, nM = side ? g->rows : g->cols;
    if (most_mine < 0) most_mine = line_most(p->line[side], nL, g->pairs[side], &avail_mine); /* not given */
    if (most_mine == 0) return 1;
    /* line_bound's guard (the opponent's most against hers) is left out: it passes at nearly every probe */
    if (line_areas_lost(p->line[!side], nM, g->pairs[!side], g->apart[!side], g->dominoes[!side], g->lone[!side], &theirs, most_mine, avail_mine))
        return 1;
    int sure = sure_moves(&theirs, 0);
    if (sure >= most_mine - 2 * (theirs.protective / 2)) return 1;
    return (features & F_CELLS) && 2 * (sure + 1) > avail_mine - covered(&theirs, 0, sure);
}

/* What the children's bounds read, made once for a node (the enhanced transposition cut-off bounds every
 * child): each line's most dominoes, usable cells and bound on sure moves (`sure_at_most`'s terms), for
 * both players, with their totals, on lines padded as in Scoring. A child's totals then change only in
 * the lines its move touches. */
typedef struct {
    Scoring z;                     /* the lines, their safe dominoes and the scores' shared parts */
    int nL, nM;
    uint8_t mostL[LINES_MAX + 2 * PAD], mostM[LINES_MAX + 2 * PAD], availL[LINES_MAX + 2 * PAD],
        availM[LINES_MAX + 2 * PAD], saL[LINES_MAX + 2 * PAD], saM[LINES_MAX + 2 * PAD];
    int most_l, most_m, avail_l, avail_m, sa_l, sa_m;
    const uint8_t *dL, *dM; /* the lines' `sa` tables */
} Kin;

/* one lookup: the children's bounds and the probe take it for each line a move changes */
static inline int line_avail(unsigned x) { return avail12[x]; }
/* a line's safe dominoes and the cells they leave (`sure_at_most`'s terms) from its `sa` table, `near` the
 * lines beside it */
static inline int line_sa(const uint8_t *sa, unsigned x, unsigned near) { return sa[x & ~near]; }

/* The node's Scoring (move scores) and the totals the children's bounds read, in one pass. */
static void kin_of(const Geo *g, const Pos *p, int side, Kin *k) {
    int nL = side ? g->cols : g->rows, nM = side ? g->rows : g->cols;
    Scoring *z = &k->z;
    /* every line copied at once (those past the board are empty), then the padding, the only part read
     * before it is written: two lines of it either side */
    memcpy(z->L + PAD, p->line[side], LINES_MAX * sizeof(uint16_t));
    memcpy(z->M + PAD, p->line[!side], LINES_MAX * sizeof(uint16_t));
    for (int e = 0; e < PAD; e++) {
        int lo = e, hiL = nL + PAD + e, hiM = nM + PAD + e;
        z->L[lo] = z->L[hiL] = z->M[lo] = z->M[hiM] = 0;
        z->safeL[lo] = z->safeL[hiL] = z->safeM[lo] = z->safeM[hiM] = 0;
        k->saL[lo] = k->saL[hiL] = k->saM[lo] = k->saM[hiM] = 0;
    }
    k->most_l = k->most_m = k->avail_l = k->avail_m = k->sa_l = k->sa_m = 0;
    k->nL = nL; k->nM = nM;
    z->pL = g->pairs[side]; z->pM = g->pairs[!side];
    k->dL = g->sa[side]; k->dM = g->sa[!side];
    for (int x = PAD; x < nL + PAD; x++) {
        unsigned v = z->L[x], sf = v & ~(z->L[x - 1] | z->L[x + 1]);
        z->safeL[x] = z->pL[sf];
        k->most_l += k->mostL[x] = z->pL[v];
        k->avail_l += k->availL[x] = (uint8_t)line_avail(v);
        k->sa_l += k->saL[x] = k->dL[sf];
    }
    for (int x = PAD; x < nM + PAD; x++) {
        unsigned v = z->M[x], sf = v & ~(z->M[x - 1] | z->M[x + 1]);
        z->sM[x] = sf;
        z->safeM[x] = z->pM[sf];
        k->most_m += k->mostM[x] = z->pM[v];
        k->avail_m += k->availM[x] = (uint8_t)line_avail(v);
        k->sa_m += k->saM[x] = k->dM[sf];
    }
    scoring_lines(g, side, nL, nM, z);
}

/* line_bound of the child (the opponent to move) the mover's move on bits b, b+1 of her line a makes,
 * from the node's Kin: the same answer, its totals changed only in the lines the move touches, the
 * bounds on sure moves made only where a guard needs them, and the child's lines only where its areas
 * are counted. */
static int kin_bound(const Geo *g, const Kin *k, int side, int a, int b, int *opp) {
    const uint16_t *L = k->z.L, *M = k->z.M;
    int x = a + PAD, y = b + PAD;
    unsigned la = L[x] & ~(3u << b), mb = M[y] & ~(1u << a), mc = M[y + 1] & ~(1u << a);
    /* in the child, "mine" are the node's opponent's lines M, "theirs" the node's mover's lines L */
    int most_mine = k->most_m - k->mostM[y] - k->mostM[y + 1] + k->z.pM[mb] + k->z.pM[mc];
    if (most_mine == 0) return 0;
    int most_theirs = k->most_l - k->mostL[x] + k->z.pL[la];
    if (most_theirs == 0) return 1;
    int avail_mine = k->avail_m - k->availM[y] - k->availM[y + 1] + line_avail(mb) + line_avail(mc);
    int avail_theirs = k->avail_l - k->availL[x] + line_avail(la);
    if (opp) *opp = most_theirs * 256 + avail_theirs; /* the child's opponent's, for its probe */
    int cells = (features & F_CELLS) != 0, child = !side;
    int nMine = k->nM, nTheirs = k->nL;
    Counts c;
    int test = most_theirs <= most_mine + 1;
    if (!test && cells && 3 * (most_mine + 2) > avail_theirs) {
        const uint8_t *dM = k->dM;
        int sa = k->sa_m - k->saM[y - 1] - k->saM[y] - k->saM[y + 1] - k->saM[y + 2]
                 + line_sa(dM, M[y - 1], M[y - 2] | mb) + line_sa(dM, mb, M[y - 1] | mc)
                 + line_sa(dM, mc, mb | M[y + 2]) + line_sa(dM, M[y + 2], mc | M[y + 3]);
        test = 3 * ((most_mine + sa + 3) / 2) > avail_theirs;
    }
    if (test) {
        uint16_t lines[LINES_MAX];
        memcpy(lines, M + PAD, sizeof lines);
        lines[b] = (uint16_t)mb;
        lines[b + 1] = (uint16_t)mc;
        line_areas(lines, nMine, g->pairs[child], g->apart[child], g->dominoes[child], g->lone[child], &c);
        int sure = sure_moves(&c, 1), more = free_tempo(&c);
        if (sure + more > most_theirs - 2 * ((c.protective + 1) / 2)) return 1;
        if (cells && 2 * (sure + more) > avail_theirs - covered(&c, 1, sure)) return 1;
    }
    test = most_theirs >= most_mine;
    if (!test && cells && 3 * (most_theirs + 2) + 2 > avail_mine) {
        const uint8_t *dL = k->dL;
        int sa = k->sa_l - k->saL[x - 1] - k->saL[x] - k->saL[x + 1]
                 + line_sa(dL, L[x - 1], L[x - 2] | la) + line_sa(dL, la, L[x - 1] | L[x + 1])
                 + line_sa(dL, L[x + 1], la | L[x + 2]);
        test = 3 * ((most_theirs + sa + 3) / 2) + 2 > avail_mine;
    }
    if (test) {
        uint16_t lines[LINES_MAX];
        memcpy(lines, L + PAD, sizeof lines);
        lines[a] = (uint16_t)la;
        if (line_areas_lost(lines, nTheirs, g->pairs[side], g->apart[side], g->dominoes[side], g->lone[side], &c, most_mine, avail_mine))
            return 0;
        int sure = sure_moves(&c, 0);
        if (sure >= most_mine - 2 * (c.protective / 2)) return 0;
        if (cells && 2 * (sure + 1) > avail_mine - covered(&c, 0, sure)) return 0;
    }
    return -1;
}

/* `won`: for each player and number of empty cells, the KILLERS distinct moves (line * 16 + bit; -1: none)
 * with which she last won searched nodes (a best move's child found lost, or a child searched and lost),
 * the latest first. */
typedef struct { const Geo *g; Budget *b; int16_t won[2][MAXCELLS + 1][KILLERS]; } Search;

/* A node whose table key is `key`; `silent`: SILENT_BOUND when its bound is known to decide nothing,
 * SILENT_TABLE when the table was just found not to hold it. */
enum { SILENT_BOUND = 1, SILENT_TABLE = 2 };
static int line_node(Search *s, const Pos *p, int side, u128 key, int silent);

static inline int line_wins(Search *s, const Pos *p, int side) {
    return line_node(s, p, side, pos_key(s->g, p, side), 0);
}


/* The mover's moves, each as one sort key: (score + 4096, 255 - cell, line * 16 + bit) in 32 bits, so
 * that the search order (see the top of this part: highest score first, equal scores lowest cell first)
 * is the keys' descending order, and the low byte is the move. The move in the safe components, if any,
 * gets the key of its move alone: below every other. Unsorted. */
#define F_MOVES_FAST (F_ORDER | F_TIEBREAK | F_SAFE_SKIP | F_INCREMENTAL)

/* line_moves with every ordering technique on (the search's own case): the same keys, each from the
 * move's key with a score of 0 (Geo's `move_key`) and its score, and no feature tests per move. */
static int line_moves_fast(const Geo *g, int side, const Scoring *z, int32_t *key, int *best) {
    int nL = side ? g->cols : g->rows;
    int n = 0, safe_move = -1, top = 0;
    int32_t topv = INT32_MIN; /* the highest key so far, kept in a register rather than read back */
    const uint32_t *mk = g->move_key[side];
    for (int a = 0; a < nL; a++) {
        unsigned x = z->L[a + PAD], tops = x & (x >> 1);
        if (!tops) continue;
        unsigned reach = x & z->nearL[a + PAD]; /* the cells of the runs of free cells the opponent can reach */
        for (;;) {
            unsigned grown = (reach | (reach << 1) | (reach >> 1)) & x;
            if (grown == reach) break;
            reach = grown;
        }
        for (; tops; tops &= tops - 1) {
            int b = __builtin_ctz(tops);
            if (!(reach >> b & 1)) {
                if (safe_move < 0 && !(b > 0 && (x >> (b - 1) & 1))) safe_move = a * 16 + b;
                continue;
            }
            int32_t v = (int32_t)(mk[a * 16 + b] + ((uint32_t)(2 * move_score(z, a, b)) << 16));
            if (v > topv) { topv = v; top = n; }
            key[n++] = v;
        }
    }
    if (safe_move >= 0) key[n++] = safe_move;
    *best = top;
    return n;
}

/* The mover's moves as described above, for any mask of the ordering's techniques (the ablation); `best`:
 * the index of the highest key. */
static int line_moves(const Geo *g, const Pos *p, int side, const Scoring *made, int32_t *key, int *best) {
    const uint16_t *L = p->line[side], *M = p->line[!side];
    int nL = side ? g->cols : g->rows;
    int n = 0, safe_move = -1;
    Scoring z;
    if (made && (features & F_MOVES_FAST) == F_MOVES_FAST) return line_moves_fast(g, side, made, key, best);
    if (!made && (features & F_ORDER) && (features & F_INCREMENTAL)) { scoring_of(g, p, side, &z); made = &z; }
    for (int a = 0; a < nL; a++) {
        unsigned x = L[a], tops = x & (x >> 1);
        if (!tops) continue;
        unsigned near = (a > 0 ? L[a - 1] : 0) | (a + 1 < nL ? L[a + 1] : 0);
        unsigned reach = x & near; /* the cells of the runs of free cells the opponent can reach */
        for (;;) {
            unsigned grown = (reach | (reach << 1) | (reach >> 1)) & x;
            if (grown == reach) break;
            reach = grown;
        }
        for (; tops; tops &= tops - 1) {
            int b = __builtin_ctz(tops), s;
            if ((features & F_SAFE_SKIP) && !(reach >> b & 1)) {
                /* a safe component: its first domino only, last */
                if (safe_move < 0 && !(b > 0 && (x >> (b - 1) & 1))) safe_move = a * 16 + b;
                continue;
            }
            if (!(features & F_ORDER)) {
                /* the opponent's moves it takes: their dominoes on its cells or starting one cell before */
                int taken = 0;
                for (int k = b; k <= b + 1; k++) {
                    unsigned m = M[k];
                    taken += (m >> a & 1) && (m >> (a + 1) & 1);
                    taken += a > 0 && (m >> (a - 1) & 1) && (m >> a & 1);
                }
                s = -2 * taken;
            } else {
                s = 2 * ((features & F_INCREMENTAL) ? move_score(made, a, b) : move_score_recounted(g, p, side, a, b));
            }
            int c = cell_of(g, side, a, b);
            if (features & F_TIEBREAK) s -= 3 * g->edge[side][c];
            int32_t v = (int32_t)(((uint32_t)(s + 4096) << 16) | ((uint32_t)(255 - c) << 8) | (uint32_t)(a * 16 + b));
            key[n++] = v;
        }
    }
    if (safe_move >= 0) key[n++] = safe_move;
    *best = 0;
    for (int k = 1; k < n; k++) if (key[k] > key[*best]) *best = k;
    return n;
}

/* Keys from `from` on in descending order (insertion: a node has a few dozen moves). */
static void sort_moves(int32_t *key, int from, int n) {
    for (int i = from + 1; i < n; i++) {
        int32_t v = key[i];
        int k = i;
        while (k > from && key[k - 1] < v) { key[k] = key[k - 1]; k--; }
        key[k] = v;
    }
}

/* A child of the node: the mover's move `m` (line * 16 + bit) played, and its table key. */
static inline u128 line_child(const Geo *g, const Pos *p, int side, int m, Pos *kid) {
    *kid = *p;
    pos_play(g, kid, side, m >> 4, m & 15);
    return pos_key(g, kid, !side);
}

/* The enhanced transposition cut-off on one child: 0 when the table or the bound shows it lost for the
 * opponent (the node wins), 1 when won for her (dropped), -1 when it must be searched. */
static inline int line_known(const Geo *g, const Kin *kin, const Pos *kid, int side, int m, u128 key) {
    int known = tt_get(key);
    if (known < 0 && (features & F_ETC_BOUND))
        known = kin ? kin_bound(g, kin, side, m >> 4, m & 15, NULL) : line_bound(g, kid, !side);
    return known;
}

/* Whether the mover's move m (-1: none) is legal and its child lost for the opponent by the table or the
 * bound alone. */
static int won_by(Search *s, const Pos *p, int side, int m) {
    if (m < 0 || (p->line[side][m >> 4] >> (m & 15) & 3) != 3) return 0;
    Pos kid = *p;
    pos_play(s->g, &kid, side, m >> 4, m & 15);
    /* its bucket fetched while its bound is counted (both exact: whichever answers gives the same value) */
    u128 key = pos_key(s->g, &kid, !side);
    size_t at = key_bucket(key);
    __builtin_prefetch(&table[2 * at]);
    int most = -1, avail = 0;
    if (p->opp >= 0) { /* the opponent's counts here (the cut-off made them), changed in the two lines the move crosses */
        const uint8_t *pairs = s->g->pairs[!side];
        unsigned b = m & 15, was0 = p->line[!side][b], was1 = p->line[!side][b + 1];
        unsigned now0 = kid.line[!side][b], now1 = kid.line[!side][b + 1];
        most = (p->opp >> 8) - pairs[was0] - pairs[was1] + pairs[now0] + pairs[now1];
        avail = (p->opp & 255) - line_avail(was0) - line_avail(was1) + line_avail(now0) + line_avail(now1);
    }
    return line_bound_lost(s->g, &kid, !side, most, avail) || tt_get_at(at, key) == 0;
}

/* The moves that last won nodes with as many empty cells, the latest first, where legal, tried first on
 * the table and the bound alone (F_PROBE): at three in four nodes of 8x7 the first one's child is lost for
 * the opponent, and the node wins before its moves are scored (a move's child is not searched if neither
 * decides). The move that wins here goes to the front of its list. */
static int won_before(Search *s, const Pos *p, int side) {
    int16_t *w = s->won[side][p->empty];
    for (int j = 0; j < KILLERS && w[j] >= 0; j++)
        if (won_by(s, p, side, w[j])) {
            int16_t m = w[j];
            for (; j > 0; j--) w[j] = w[j - 1];
            w[0] = m;
            return 1;
        }
    return 0;
}

/* The move (a sort key's low byte) won the node: first in its list, the others kept in their order. */
static inline void won_with(Search *s, const Pos *p, int side, int32_t key) {
    int16_t m = (int16_t)(key & 255), *w = s->won[side][p->empty];
    int j = 0;
    while (j < KILLERS - 1 && w[j] != m) j++;
    for (; j > 0; j--) w[j] = w[j - 1];
    w[0] = m;
}

static int line_some_move_wins(Search *s, const Pos *p, int side) {
    const Geo *g = s->g;
    if ((features & F_PROBE) && won_before(s, p, side)) return 1;
    int32_t key[MAXCELLS];
    Kin kinship, *kin = NULL;
    if (features & F_INCREMENTAL) {
        kin_of(g, p, side, &kinship);
        kin = &kinship;
    }
    int best;
    int n = line_moves(g, p, side, kin ? &kinship.z : NULL, key, &best);
    if (!(features & F_ETC) || !(features & F_ETC_BOUND)) kin = NULL;
    Pos kids[MAXCELLS];
    u128 keys[MAXCELLS];
    int silent = 0, keep = 0, from = 0;
    if ((features & F_ETC) && n > 0) {
        /* The best move alone first: the cut-off settles most nodes there (seven in ten nodes of 8x7
         * (V)), and if it does not, that child is searched before the other moves are sorted, played and
         * looked at: of the nodes where the cut-off looked at every child, half were then won by the first
         * searched one, the others' keys and bounds made for nothing (10-30% more nodes, 24-29% fewer
         * instructions). */
        int32_t t = key[0]; key[0] = key[best]; key[best] = t;
        keys[0] = line_child(g, p, side, key[0] & 255, &kids[0]);
        /* its bucket fetched while its bound is counted: both are exact, so whichever answers first
         * gives the same value (and the table is read only where the bound is silent) */
        size_t at = key_bucket(keys[0]);
        __builtin_prefetch(&table[2 * at]);
        int known = -1;
        if (features & F_ETC_BOUND)
            known = kin ? kin_bound(g, kin, side, (key[0] & 255) >> 4, key[0] & 15, &kids[0].opp) : line_bound(g, &kids[0], !side);
        if (known < 0) known = tt_get_at(at, keys[0]);
        if (known == 0) { won_with(s, p, side, key[0]); return 1; }
        from = 1;
        if (known < 0) {
            int r = line_node(s, &kids[0], !side, keys[0], SILENT_TABLE | ((features & F_ETC_BOUND) ? SILENT_BOUND : 0));
            if (r < 0) return r;
            if (r == 0) { won_with(s, p, side, key[0]); return 1; }
        }
    }
    if ((features & F_ETC) && kin) {
        /* The other children: their keys (without making the children), their buckets fetched ahead (the
         * table is far larger than the caches), then each looked up, in the moves' unsorted order: which
         * child lost for the opponent is found first changes nothing (no node is counted, nothing is
         * stored), so only the children left are sorted, and made when searched; they reuse their key, and
         * the bound found silent here is not counted again. */
        size_t at[MAXCELLS];
        int opp[MAXCELLS];
        for (int k = from; k < n; k++) {
            keys[k] = move_child_key(g, p, side, key[k] & 255);
            at[k] = key_bucket(keys[k]);
            __builtin_prefetch(&table[2 * at[k]]);
        }
        for (int k = from; k < n; k++) {
            int known = tt_get_at(at[k], keys[k]);
            int o = -1;
            if (known < 0) known = kin_bound(g, kin, side, (key[k] & 255) >> 4, key[k] & 15, &o);
            if (known == 0) return 1;
            if (known < 0) { key[keep] = key[k]; keys[keep] = keys[k]; opp[keep] = o; keep++; }
        }
        for (int i = 1; i < keep; i++) { /* descending keys, as sort_moves */
            int32_t v = key[i];
            u128 kv = keys[i];
            int ov = opp[i];
            int k = i;
            while (k > 0 && key[k - 1] < v) { key[k] = key[k - 1]; keys[k] = keys[k - 1]; opp[k] = opp[k - 1]; k--; }
            key[k] = v;
            keys[k] = kv;
            opp[k] = ov;
        }
        for (int k = 0; k < keep; k++) {
            Pos kid = *p;
            pos_play(g, &kid, side, (key[k] & 255) >> 4, key[k] & 15);
            kid.opp = opp[k];
            int r = line_node(s, &kid, !side, keys[k], SILENT_BOUND);
            if (r < 0) return r;
            if (r == 0) { won_with(s, p, side, key[k]); return 1; }
        }
        return 0;
    }
    sort_moves(key, from, n);
    /* The other children's keys, their buckets fetched ahead (the table is far larger than the caches);
     * the children searched reuse their key, and the bound found silent here is not counted again. */
    for (int k = from; k < n; k++) {
        keys[k] = line_child(g, p, side, key[k] & 255, &kids[k]);
        if (features & F_ETC) __builtin_prefetch(&table[2 * bucket_of((uint64_t)keys[k], (uint64_t)(keys[k] >> 64))]);
    }
    if (features & F_ETC) {
        for (int k = from; k < n; k++) {
            int known = line_known(g, kin, &kids[k], side, key[k] & 255, keys[k]);
            if (known == 0) return 1;
            if (known < 0) {
                if (keep != k) { kids[keep] = kids[k]; keys[keep] = keys[k]; key[keep] = key[k]; }
                keep++;
            }
        }
        n = keep;
        silent = (features & F_ETC_BOUND) ? SILENT_BOUND : 0;
    }
    for (int k = 0; k < n; k++) {
        int r = line_node(s, &kids[k], !side, keys[k], silent);
        if (r < 0) return r;
        if (r == 0) { won_with(s, p, side, key[k]); return 1; }
    }
    return 0;
}

static int line_node(Search *s, const Pos *p, int side, u128 key, int silent) {
    if (budget_spent(s->b)) return STOPPED;
    size_t at = key_bucket(key);
    if (!(silent & SILENT_TABLE)) {
        int known = tt_get_at(at, key);
        if (known >= 0) return known;
    }
    int r = (silent & SILENT_BOUND) ? -1 : line_bound(s->g, p, side);
    if (r < 0) r = line_some_move_wins(s, p, side);
    if (r < 0) return r;
    tt_put_at(at, key, r, p->empty);
    return r;
}

/* Whether the mover wins: the line search where the board allows it, else the search above. */
static int solve(Board *d, u128 free, int vertical) {
    const Geo *g = d->plain ? NULL : geo(d->rows, d->cols);
    if (!g) return wins(d, free, vertical);
    Search s = {g, d->b, {{{0}}}};
    memset(s.won, 0xff, sizeof s.won);
    Pos p;
    pos_of(g, free, &p);
    return line_wins(&s, &p, vertical);
}

/* ---- Python interface --------------------------------------------------------------------------- */


static int to_u128(PyObject *o, u128 *out) {
    if (!PyLong_Check(o)) { PyErr_SetString(PyExc_TypeError, "a cell mask is an int"); return -1; }
    PyObject *shift = PyLong_FromLong(64);
    if (!shift) return -1;
    PyObject *high = PyNumber_Rshift(o, shift);
    PyObject *top = high ? PyNumber_Rshift(high, shift) : NULL;
    Py_DECREF(shift);
    if (!top) { Py_XDECREF(high); return -1; }
    int nothing_above = PyObject_Not(top);
    Py_DECREF(top);
    if (nothing_above != 1) {
        Py_DECREF(high);
        if (nothing_above == 0) PyErr_SetString(PyExc_ValueError, "a cell mask is a non-negative int of at most 128 bits");
        return -1;
    }
    unsigned long long lo = PyLong_AsUnsignedLongLongMask(o), hi = PyLong_AsUnsignedLongLongMask(high);
    Py_DECREF(high);
    if (PyErr_Occurred()) return -1;
    *out = ((u128)hi << 64) | lo;
    return 0;
}

/* (rows, cols, free, vertical, remaining, stop[, plain]) */
static int parse(PyObject *args, Board *d, u128 *free, int *vertical, Budget *b) {
    int rows, cols, plain = 0;
    PyObject *freeobj, *stop;
    double remaining;
    if (!PyArg_ParseTuple(args, "iiOpdO|p", &rows, &cols, &freeobj, vertical, &remaining, &stop, &plain)) return -1;
    if (stop != Py_None && !PyCallable_Check(stop)) {
        PyErr_SetString(PyExc_TypeError, "stop must be a callable or None");
        return -1;
    }
    if (rows < 1 || cols < 1 || rows * cols > MAXCELLS) {
        PyErr_SetString(PyExc_ValueError, "the Domineering core handles boards of 1 to 126 cells");
        return -1;
    }
    if (to_u128(freeobj, free) < 0) return -1;
    memset(d, 0, sizeof *d);
    d->rows = rows; d->cols = cols; d->plain = plain; d->b = b;
    d->full = BIT(rows * cols) - 1;
    d->row_mask = BIT(cols) - 1;
    d->reversed = plain ? NULL : reversal_table(cols);
    d->row_pairs = pairs_table(cols);
    d->areas = row_tables(cols) == 0;
    u128 first = 0;
    for (int r = 0; r < rows; r++) first |= BIT(r * cols);
    d->not_first = d->full & ~first;
    d->not_last = d->full & ~(first << (cols - 1));
    *free &= d->full;
    if (!plain) {
        if (rows != table_rows || cols != table_cols) tt_free(); /* a mask means another game on another board */
        table_rows = rows;
        table_cols = cols;
        if (tt_ready() < 0) { PyErr_NoMemory(); return -1; }
    }
    budget_init(b, remaining, stop);
    return 0;
}

static PyObject *stopped_answer(Budget *b, int r) {
    last_nodes = b->nodes;
    if (r == NO_MEMORY) return PyErr_NoMemory();
    if (b->stopped == 3) return NULL;
    Py_RETURN_NONE;
}

/* wins(rows, cols, free, vertical, remaining, stop[, plain]) -> whether the mover wins, None when stopped */
static PyObject *py_wins(PyObject *self, PyObject *args) {
    Board d;
    Budget b;
    u128 free;
    int vertical;
    if (parse(args, &d, &free, &vertical, &b) < 0) return NULL;
    int r = solve(&d, free, vertical);
    if (r < 0) return stopped_answer(&b, r);
    last_nodes = b.nodes;
    return PyBool_FromLong(r);
}

/* move_values(rows, cols, free, vertical, remaining, stop) -> for each of the mover's dominoes, lowest
 * cell first, whether it wins (True), loses (False) or was not solved in the budget (None). */
static PyObject *py_move_values(PyObject *self, PyObject *args) {
    Board d;
    Budget b;
    u128 free;
    int vertical;
    if (parse(args, &d, &free, &vertical, &b) < 0) return NULL;
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    int step = vertical ? d.cols : 1, stopped = 0;
    for (u128 m = tops(&d, free, vertical); m; m &= m - 1) {
        int i = lowbit(m), r = STOPPED;
        if (!stopped) {
            r = solve(&d, free & ~(BIT(i) | BIT(i + step)), !vertical);
            if (r == NO_MEMORY || (r == STOPPED && b.stopped == 3)) { Py_DECREF(out); return stopped_answer(&b, r); }
            stopped = r < 0;
        }
        PyObject *item = r < 0 ? Py_NewRef(Py_None) : PyBool_FromLong(!r);
        if (!item || PyList_Append(out, item) < 0) { Py_XDECREF(item); Py_DECREF(out); return NULL; }
        Py_DECREF(item);
    }
    last_nodes = b.nodes;
    return out;
}

static PyObject *py_clear(PyObject *self, PyObject *noargs) {
    tt_free();
    Py_RETURN_NONE;
}

/* set_table_limit(log2_buckets): the table's size from the next call on (default 21: 64 MB). */
static PyObject *py_set_table_limit(PyObject *self, PyObject *arg) {
    long bits = limit_bits(arg, 10, 28, "table");
    if (bits < 0) return NULL;
    if (bits != table_log2) tt_free();
    table_log2 = (int)bits;
    Py_RETURN_NONE;
}

static PyObject *py_table_size(PyObject *self, PyObject *noargs) { return PyLong_FromSize_t(table_used); }
static PyObject *py_table_bytes(PyObject *self, PyObject *noargs) { return PyLong_FromSize_t(table_buckets * 2 * sizeof(Slot)); }

static PyObject *py_set_features(PyObject *self, PyObject *arg) {
    long f = PyLong_AsLong(arg);
    if (f == -1 && PyErr_Occurred()) return NULL;
    int previous = features;
    features = (int)f;
    tt_free();
    return PyLong_FromLong(previous);
}

static PyMethodDef methods[] = {
    {"wins", py_wins, METH_VARARGS, "Whether the player to move wins a Domineering position, or None when stopped."},
    {"move_values", py_move_values, METH_VARARGS, "Whether each of the mover's dominoes wins (None: unsolved)."},
    {"set_features", py_set_features, METH_O, "Switch the line search's techniques (a bit mask, for the ablation); returns the previous mask."},
    {"clear", py_clear, METH_NOARGS, "Free the transposition table."},
    {"set_table_limit", py_set_table_limit, METH_O, "Use a table of 2**n buckets (two positions each)."},
    {"nodes", py_nodes, METH_NOARGS, "Nodes the last call visited."},
    {"table_size", py_table_size, METH_NOARGS, "Positions held in the table."},
    {"table_bytes", py_table_bytes, METH_NOARGS, "Bytes the table holds now."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_native", "Domineering's optional C core.", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void) { return PyModule_Create(&module); }

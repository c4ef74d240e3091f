/* Cram's optional C core: the method of reference.py on 64-bit bitboards (boards of up to 64 cells;
 * solver.py hands larger boards over region by region).
 *
 * A region's Grundy value is the mex, over its dominoes, of the XOR of the values of the regions the
 * domino leaves; what is known of a region is kept under its canonical shape (moved into its bounding
 * box, the least of its rotations and reflections no taller than wide), one entry per shape. A search asks a shape "which
 * of these values is yours, if any?" (shape_value): each domino's regions but the largest are valued
 * exactly, the largest is asked only about the values that could still change the answer, and the search
 * stops as soon as none of the values asked can be the mex. "Worth 0?" decides who wins. The method is
 * reference.py's, node for node (a test compares the node counts).
 *
 * Budget: seconds left (< 0: none) and a Python callable returning True to stop; the clock is read every
 * 256 nodes and the stop check called every 2 ms (with the GIL released for a moment), so a cancelled
 * search ends within a few milliseconds. A stopped search returns None; Python raises SearchTimeout.
 *
 * Memory: the table of shapes, 16 bytes an entry, starts at 64 KB and doubles in place when 3/4 full, up to
 * its cap (2**21 entries, 32 MB; set_memo_limit), past which new shapes replace cheap ones. Besides it, a fixed
 * 384 KB cache of recent shapes' canonical forms (canonical_cached), a 128 KB cache of recent regions'
 * exact values (small_cache) and a 128 KB filter of the hashes of shapes whose exact value is stored
 * (exact_filter).
 */
/* On x86-64 (GCC) the core counts bits with the popcnt instruction (6% fewer instructions on 4x9 than
 * bits.h's inline count): it is compiled for it, and the module refuses to load on a processor without
 * it (PyInit__native), so that solver.py falls back to the reference there. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#pragma GCC target("popcnt")
#define NEEDS_POPCNT 1
#endif
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bits.h"

typedef uint64_t u64;
#define BIT(i) (((u64)1) << (i))
#define MAXCELLS 64
#define ALL_VALUES (~(u64)0)

/* Besides values (0 and up): a stopped search, no memory, a value not among those asked. */
enum { STOPPED = -1, NO_MEMORY = -2, NOT_AMONG = -3, UNKNOWN = -4 };
#define FAILED(r) ((r) == STOPPED || (r) == NO_MEMORY || (r) == UNKNOWN)

static inline int lowbit(u64 x) { return __builtin_ctzll(x); }
static inline int highbit(u64 x) { return 63 - __builtin_clzll(x); }
static inline int count(u64 x) { return ones64(x); }

/* ---- budget: the shared one (gridgames/solve/native/budget.h), its clock read every 256 nodes ---- */

#define BUDGET_EVERY 256
#include "budget.h"

/* ---- the table: what is known of each canonical shape -------------------------------------------- */

/* An entry: the shape's cells (row-major in its h x w box) and its meta: bits 0-11 h << 8 | w (with the
 * cells, the key; never 0, so meta 0 marks an empty entry), bits 12-15 the work its searches took (log2
 * of their nodes, at most 15), bits 16-23 the exact value plus one (0: not
 * known), bits 24-63 for g < 40 whether the value is known not to be g (a value is at most half the
 * cells: 32). Buckets of SLOTS entries, two neighbouring 64-byte cache lines. A shape has two buckets
 * (the low bits of its hash, then its high half: see bucket_index) and lives in its second only while
 * its first is full, so most look-ups read one bucket. The table starts at 4,096 entries (64 KB) and
 * doubles (splitting each bucket in two: the next bit of the hash says which half an entry goes to) when
 * three quarters full or when neither bucket has room nor can make some (make_room), while under its
 * cap (set_memo_limit; 2**21 entries, 32 MB, by default): under the cap no shape is ever let go, so the
 * core searches as the reference does (whose memo forgets nothing below a million shapes), node for
 * node. (With one bucket a shape, a full bucket doubled the table at under 10% of it used: 4x9's
 * 173,636 shapes took 32 MB, where they now take 4 MB.) It grows in place (mremap on Linux), so growing
 * never holds the old table and the new one at once. At the cap a new shape takes the place of the
 * entry of its two full buckets that took the least work to find (the fewest cells among those: the
 * cheapest to find again), so memory stays bounded and a full table costs time, never answers. Work
 * rather than cells alone: 5x8 under a 2**19-entry cap from 1,985,420 nodes to 1,616,650 (1,385,314
 * with room for all). */
typedef struct { u64 bits, meta; } Entry;
#define NOT_SHIFT 24
#define NOT_VALUES 40
#define HW_MASK ((u64)0x0FFF) /* a canonical shape is no taller than wide: h <= 8, w <= 64 */
#define WORK_SHIFT 12 /* bits 12-15: the work its searches took, log2 of their nodes (at most 15) */
#define WORK_MASK ((u64)0xF << WORK_SHIFT)
#define SLOTS 8
#define MIN_ENTRIES ((size_t)1 << 12)
static Entry *table = NULL;
static size_t entries = 0, stored = 0;
static size_t table_cap = (size_t)1 << 21;

static inline u64 key_hash(u64 bits, u64 hw) {
    u64 h = (bits ^ (hw * 0x9E3779B97F4A7C15ULL)) * 0xFF51AFD7ED558CCDULL;
    h ^= h >> 32;
    h *= 0xC4CEB9FE1A85EC53ULL;
    return h ^ (h >> 29);
}

/* A shape's two buckets: its first (the hash's low bits) and, when that one is full, its second (the
 * hash's high half): a shape is in its second bucket only while its first is full, so a look-up reads
 * the second only then. With a second bucket (and make_room) the table fills to three quarters before
 * it doubles, where one bucket alone was full at under 10% (4x9: 173,636 shapes took the table to the
 * 2**21 entries of its cap, 32 MB). */
static inline size_t bucket_index(u64 hash, int second) {
    return (size_t)((second ? hash >> 32 : hash) & (entries / SLOTS - 1));
}
static inline Entry *bucket_of(u64 hash, int second) { return table + bucket_index(hash, second) * SLOTS; }

static inline Entry *find_in(Entry *e, u64 bits, u64 hw) {
    for (int s = 0; s < SLOTS && e[s].meta; s++)
        if (e[s].bits == bits && (e[s].meta & HW_MASK) == hw) return e + s;
    return NULL;
}

/* The shape's entry, or NULL. */
static inline Entry *find(u64 bits, u64 hw, u64 hash) {
    Entry *e = bucket_of(hash, 0), *found = find_in(e, bits, hw);
    if (found || !e[SLOTS - 1].meta) return found;
    return find_in(bucket_of(hash, 1), bits, hw);
}

/* The shape's meta (only its h << 8 | w when nothing is known). */
static inline u64 memo_meta(u64 bits, u64 hw, u64 hash) {
    if (!table) return hw;
    Entry *e = find(bits, hw, hash);
    return e ? e->meta : hw;
}

static inline int meta_exact(u64 meta) { return (int)((meta >> 16) & 0xFF) - 1; }

#ifdef __linux__
#include <sys/mman.h>
#define HUGE_PAGE ((size_t)2 << 20)
/* Look-ups land anywhere in the table, and with 4 KB pages a 32 MB table missed the processor's address
 * cache (TLB) on most of them: the table's first allocation reserves address space for its cap (not
 * memory: a page is only memory once written), 2 MB aligned and asked to be in 2 MB pages, and the table
 * grows inside it (5x8: about 10% less CPU). When that cannot be had (a cap over 1 GB, a table at most
 * 2 MB, or the reservation refused), the table is mapped as it needs and grows by mremap. */
static char *reserved = NULL;
static size_t reserved_bytes = 0;

static void reserve(void) {
    size_t cap = table_cap * sizeof(Entry);
    if (cap <= HUGE_PAGE || cap > ((size_t)1 << 30)) return;
    char *raw = mmap(NULL, cap + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                     -1, 0);
    if (raw == MAP_FAILED) return;
    char *start = (char *)(((uintptr_t)raw + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    if (start > raw) munmap(raw, (size_t)(start - raw));
    if (raw + HUGE_PAGE > start) munmap(start + cap, (size_t)(raw + HUGE_PAGE - start));
#ifdef MADV_HUGEPAGE
    madvise(start, cap, MADV_HUGEPAGE);
#endif
    reserved = start;
    reserved_bytes = cap;
}

/* n zeroed entries, or the old ones followed by zeroed ones (mapped memory; NULL when out of memory). */
static Entry *table_alloc(Entry *old, size_t old_n, size_t n) {
    size_t bytes = n * sizeof(Entry);
    if (!old) reserve();
    if (reserved && (!old || (char *)old == reserved)) {
        if (bytes <= reserved_bytes) return (Entry *)reserved;
        old_n = reserved_bytes / sizeof(Entry); /* (the cap was raised past the reservation) */
        reserved = NULL;
    }
    void *p = old ? mremap(old, old_n * sizeof(Entry), bytes, MREMAP_MAYMOVE)
                  : mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

static void table_free(Entry *t, size_t n) {
    if (t && (char *)t == reserved) {
        munmap(reserved, reserved_bytes);
        reserved = NULL;
        return;
    }
    if (t) munmap(t, n * sizeof(Entry));
}
#else
static Entry *table_alloc(Entry *old, size_t old_n, size_t n) {
    Entry *t = realloc(old, n * sizeof(Entry));
    if (t) memset(t + old_n, 0, (n - old_n) * sizeof(Entry));
    return t;
}
static void table_free(Entry *t, size_t n) { (void)n; free(t); }
#endif

/* Doubles the table: bucket i's entries stay or move to bucket i + (old buckets), by the next bit of
 * the half of their hash that placed them; then each shape in its second bucket whose first one now has
 * room moves there, so that a shape is in its second bucket only while its first is full. */
static int grow(void) {
    size_t n = entries ? entries * 2 : MIN_ENTRIES;
    Entry *t = table_alloc(table, entries, n);
    if (!t) return -1;
    size_t old_buckets = entries / SLOTS;
    table = t;
    entries = n;
    for (size_t i = 0; i < old_buckets; i++) {
        Entry *from = t + i * SLOTS, *to = t + (i + old_buckets) * SLOTS;
        int kept = 0, moved = 0;
        for (int s = 0; s < SLOTS && from[s].meta; s++) {
            Entry e = from[s];
            u64 hash = key_hash(e.bits, e.meta & HW_MASK);
            int second = (hash & (old_buckets - 1)) != i; /* (first and second the same: first) */
            if ((second ? hash >> 32 : hash) & old_buckets) to[moved++] = e;
            else from[kept++] = e;
        }
        for (int s = kept; s < SLOTS; s++) from[s].bits = from[s].meta = 0;
    }
    for (int moved = 1; moved;) { /* (a move makes room for others: again until none moves) */
        moved = 0;
        for (size_t i = 0; i < 2 * old_buckets; i++) {
            Entry *e = t + i * SLOTS;
            int kept = 0;
            for (int s = 0; s < SLOTS && e[s].meta; s++) {
                Entry x = e[s];
                size_t first = bucket_index(key_hash(x.bits, x.meta & HW_MASK), 0);
                if (first != i) {
                    Entry *home = t + first * SLOTS;
                    int room = 0;
                    while (room < SLOTS && home[room].meta) room++;
                    if (room < SLOTS) { home[room] = x; moved = 1; continue; }
                }
                e[kept++] = x;
            }
            for (int s = kept; s < SLOTS && e[s].meta; s++) e[s].bits = e[s].meta = 0;
        }
    }
    return 0;
}

/* Whether an entry is cheaper to find again than another: less work, then fewer cells. */
static inline int cheaper(const Entry *a, const Entry *b) {
    u64 wa = a->meta & WORK_MASK, wb = b->meta & WORK_MASK;
    return wa != wb ? wa < wb : count(a->bits) < count(b->bits);
}

/* An empty entry of the bucket, or NULL. */
static inline Entry *room_in(Entry *e) {
    for (int s = 0; s < SLOTS; s++)
        if (!e[s].meta) return e + s;
    return NULL;
}

/* Makes room in a shape's full buckets (its first `p` and second `q`) by moving one of their entries
 * to its other bucket where that has room: an entry of p to its second bucket (p stays full, so it may
 * live there), or an entry of q that q is the first bucket of, to its second. The freed entry, or
 * NULL when none can move. */
static Entry *make_room(Entry *p, Entry *q) {
    for (int k = 0; k < 2; k++) {
        Entry *e = k ? q : p;
        size_t here = (size_t)(e - table) / SLOTS;
        for (int s = 0; s < SLOTS; s++) {
            u64 hash = key_hash(e[s].bits, e[s].meta & HW_MASK);
            if (bucket_index(hash, 0) != here || bucket_index(hash, 1) == here) continue;
            Entry *to = room_in(bucket_of(hash, 1));
            if (to) { *to = e[s]; return e + s; }
        }
    }
    return NULL;
}

/* Stores meta under (bits, its hw; `hash` their key_hash): into `had`, the entry that has it (the
 * caller found it, or NULL), else an empty entry of its first
 * bucket, else of its second, else one made by moving another shape to its other bucket; when none
 * can move, the table doubles while under its cap (and when three quarters full), else the entry of
 * the two buckets that took the least work to find (the fewest cells among those) gives way. */
static int remember(u64 bits, u64 meta, u64 hash, Entry *had) {
    if (had) { had->meta = meta; return 0; }
    if (!table && grow() < 0) return NO_MEMORY;
    if (stored >= entries / 4 * 3 && entries * 2 <= table_cap) grow(); /* (if it cannot, as at the cap) */
    for (;;) {
        Entry *p = bucket_of(hash, 0), *q = bucket_of(hash, 1);
        Entry *slot = room_in(p);
        if (!slot) slot = room_in(q);
        if (!slot) slot = make_room(p, q);
        if (slot) { slot->bits = bits; slot->meta = meta; stored++; return 0; }
        if (entries * 2 <= table_cap && grow() == 0) continue;
        Entry *victim = p;
        for (int k = 0; k < 2; k++)
            for (int s = 0; s < SLOTS; s++)
                if (cheaper((k ? q : p) + s, victim)) victim = (k ? q : p) + s;
        victim->bits = bits;
        victim->meta = meta;
        return 0;
    }
}

/* The exact values of regions met lately, as they lie in their frame (the cells and the frame's h << 8 |
 * w): a search values the same small regions a domino leaves beside its largest one again and again,
 * and each took the twin leaves, the path test, the box, the canonical shape and a table look-up to
 * answer. Direct-mapped, 2**13 entries (128 KB); a collision overwrites, never misleads. It holds only
 * values the table holds too (it is emptied with it), so it saves instructions, never searches. */
#define SMALL_BITS 13
typedef struct { u64 comp; int32_t hw, value; } Small;
static Small small_cache[1 << SMALL_BITS];

static inline Small *small_slot(u64 comp, int32_t hw) {
    return &small_cache[((comp ^ (u64)hw << 52) * 0x9E3779B97F4A7C15ULL) >> (64 - SMALL_BITS)];
}

/* One bit for each 2**20th of the hashes: set when a shape of that hash has its exact value stored, so
 * a clear bit says at once that a shape's exact value is not known (the table answers an option before
 * its search only with that: see shape_value). Half the options asked about have no exact value, and the
 * table's bucket, read for nothing, was most of the misses of the processor's caches on 5x8. */
#define FILTER_BITS 20
static u64 exact_filter[(1 << FILTER_BITS) / 64];
static inline u64 *filter_word(u64 hash) { return &exact_filter[hash >> (64 - FILTER_BITS + 6)]; }
static inline u64 filter_bit(u64 hash) { return BIT(hash >> (64 - FILTER_BITS) & 63); }

static void memo_clear(void) {
    table_free(table, entries);
    table = NULL;
    entries = stored = 0;
    memset(small_cache, 0, sizeof small_cache);
    memset(exact_filter, 0, sizeof exact_filter);
}

/* meta with the work of a search of `nodes` nodes added (the most of what was kept and this one). */
static inline u64 with_work(u64 meta, unsigned long long nodes) {
    u64 work = (u64)highbit(nodes | 1);
    if (work > 15) work = 15;
    return (meta & WORK_MASK) >> WORK_SHIFT >= work ? meta : (meta & ~WORK_MASK) | work << WORK_SHIFT;
}

static int remember_exact(u64 bits, u64 hw, u64 hash, int v, unsigned long long nodes) {
    *filter_word(hash) |= filter_bit(hash);
    Entry *had = table ? find(bits, hw, hash) : NULL;
    u64 meta = with_work(had ? had->meta : hw, nodes);
    meta = (meta & ~((u64)0xFF << 16)) | (u64)(v + 1) << 16;
    return remember(bits, meta, hash, had) < 0 ? NO_MEMORY : v;
}

/* Records that the value is none of `values` (a mask); returns NOT_AMONG. */
static int remember_not(u64 bits, u64 hw, u64 hash, u64 values, unsigned long long nodes) {
    Entry *had = table ? find(bits, hw, hash) : NULL;
    u64 meta = with_work(had ? had->meta : hw, nodes) | (values & ((BIT(NOT_VALUES) - 1))) << NOT_SHIFT;
    return remember(bits, meta, hash, had) < 0 ? NO_MEMORY : NOT_AMONG;
}

/* ---- box geometry ------------------------------------------------------------------------------- */

typedef struct {
    int h, w;
    u64 full, not_first, not_last, row_mask;
    /* each cell's row and column, and a domino's distance from the box's centre in half cells (see
     * list_moves; [0]: across from the cell, [1]: down), so that a search never divides */
    unsigned char row[MAXCELLS], col[MAXCELLS], off_centre[2][MAXCELLS];
    /* the cells next to a domino (its cells not counted; [0]: across from the cell, [1]: down): a cell
     * next to a domino is next to one of its cells only, so a domino on a shape takes one neighbour
     * from each of them (list_moves) */
    u64 ring[2][MAXCELLS];
    /* the cells of the window round a domino that are in the frame (see window_of) */
    unsigned short in_window[2][MAXCELLS];
    /* the cells of the dominoes at each distance from the centre ([0]: across, [1]: down), for the
     * distances under `levels`: list_moves lists them from the centre out */
    u64 level[2][MAXCELLS];
    int levels;
} Frame;

static Frame *frames[MAXCELLS + 1][MAXCELLS + 1];

static const Frame *frame(int h, int w) {
    if (h < 1 || w < 1 || h * w > MAXCELLS) return NULL;
    if (frames[h][w]) return frames[h][w];
    Frame *f = calloc(1, sizeof(Frame));
    if (!f) return NULL;
    f->h = h; f->w = w;
    f->full = h * w == 64 ? ~(u64)0 : BIT(h * w) - 1;
    f->row_mask = w == 64 ? ~(u64)0 : BIT(w) - 1;
    u64 first = 0;
    for (int r = 0; r < h; r++) first |= BIT(r * w);
    f->not_first = f->full & ~first;
    f->not_last = f->full & ~(first << (w - 1));
    for (int i = 0; i < h * w; i++) {
        int r = i / w, c = i % w;
        f->row[i] = (unsigned char)r;
        f->col[i] = (unsigned char)c;
        for (int pass = 0; pass < 2; pass++)
            f->off_centre[pass][i] = (unsigned char)(abs(2 * r + pass - (h - 1)) + abs(2 * c + !pass - (w - 1)));
        for (int pass = 0; pass < 2; pass++) { /* the domino's cells: (r, c) and (r2, c2) */
            int r2 = r + pass, c2 = c + !pass;
            if (r2 >= h || c2 >= w) continue;
            u64 ring = 0;
            for (int k = 0; k < h * w; k++) {
                int kr = k / w, kc = k % w;
                if ((kr == r && kc == c) || (kr == r2 && kc == c2)) continue;
                if (abs(kr - r) + abs(kc - c) == 1 || abs(kr - r2) + abs(kc - c2) == 1) ring |= BIT(k);
            }
            f->ring[pass][i] = ring;
            unsigned short in = 0xFFF; /* (columns off the frame left out) */
            if (c == 0) in &= pass ? ~0x249u : ~0x111u;
            if (pass ? c == w - 1 : c + 2 == w) in &= pass ? ~0x924u : ~0x888u;
            f->in_window[pass][i] = in;
            f->level[pass][f->off_centre[pass][i]] |= BIT(i);
            if (f->off_centre[pass][i] >= f->levels) f->levels = f->off_centre[pass][i] + 1;
        }
    }
    frames[h][w] = f;
    return f;
}

/* The region of `within` holding `seed`: grown a step each way at a time, and along each row towards the
 * higher columns at once (adding the cells grown to the row runs carries through each run from them;
 * the runs leave out column 0, so no carry passes into the next row). Shapes are no taller than wide. */
static inline u64 flood(const Frame *f, u64 seed, u64 within) {
    u64 comp = seed, runs = within & f->not_first;
    for (;;) {
        u64 grown = (comp | ((comp & f->not_last) << 1) | ((comp & f->not_first) >> 1) | (comp << f->w)
                     | (comp >> f->w)) & within;
        grown |= ((runs + (grown & runs)) ^ runs) & runs;
        if (grown == comp) return comp;
        comp = grown;
    }
}

/* A region moved from its frame into its bounding box. */
static void box(const Frame *f, u64 comp, int *bh, int *bw, u64 *bits) {
    int w = f->w, r0 = f->row[lowbit(comp)], r1 = f->row[highbit(comp)];
    u64 columns = comp >> (r0 * w); /* its rows folded onto the first: 1, 2, 4, ... at a time */
    for (int span = 1; span <= r1 - r0; span *= 2) columns |= columns >> (span * w);
    columns &= f->row_mask;
    int c0 = lowbit(columns), nw = highbit(columns) - c0 + 1;
    *bh = r1 - r0 + 1;
    *bw = nw;
    if (nw == w) { *bits = comp >> (r0 * w); return; }
    u64 keep = BIT(nw) - 1, out = 0; /* nw < w <= 64 */
    for (int r = r0; r <= r1; r++) out |= ((comp >> (r * w + c0)) & keep) << ((r - r0) * nw);
    *bits = out;
}

static inline u64 reverse(u64 x, int width) {
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
    x = __builtin_bswap64(x);
    return x >> (64 - width);
}

static inline int key_less(u64 a, int ahw, u64 b, int bhw) { return a != b ? a < b : ahw < bhw; }

/* The least of the four flips of h rows of width w < 64 packed in `plain` (as is, rows reversed, each
 * row reversed, both: all of one box, so compared as plain numbers). */
static inline u64 least_flip(u64 plain, int h, int w) {
    u64 keep = BIT(w) - 1, upside = 0;
    for (int r = 0, at = (h - 1) * w; r < h; r++, at -= w) upside |= ((plain >> (r * w)) & keep) << at;
    u64 a = reverse(plain, h * w), c = reverse(upside, h * w), best = plain < upside ? plain : upside;
    if (a < best) best = a;
    return c < best ? c : best;
}

/* A shape of at most 8 rows and columns turned (its columns as rows, each of h cells): laid out as an
 * 8 x 8 bit matrix, transposed by three exchanges of bit blocks (Hacker's Delight, section 7-3), read
 * back. A cell at a time cost 5x8 more than a tenth of its instructions. */
static inline u64 turned8(u64 bits, int h, int w) {
    u64 x = 0, keep_w = BIT(w) - 1, keep_h = BIT(h) - 1, t, out = 0;
    for (int r = 0; r < h; r++) x |= ((bits >> (r * w)) & keep_w) << (8 * r);
    t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAULL;
    x ^= t ^ (t << 7);
    t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCULL;
    x ^= t ^ (t << 14);
    t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ULL;
    x ^= t ^ (t << 28);
    for (int c = 0; c < w; c++) out |= ((x >> (8 * c)) & keep_h) << (c * h);
    return out;
}

/* Four images of h rows of width w (as is, rows reversed, each row reversed, both): keep the least.
 * Reversing every row and the order of the rows is a half turn, one reversal of all h * w bits. */
static void least_of_flips(const u64 *rows, int h, int w, u64 *best, int *best_hw) {
    u64 plain = 0, upside = 0;
    for (int r = 0; r < h; r++) {
        plain |= rows[r] << (r * w);
        upside |= rows[r] << ((h - 1 - r) * w);
    }
    int hw = h << 8 | w;
    u64 images[4] = {plain, upside, reverse(upside, h * w), reverse(plain, h * w)};
    for (int k = 0; k < 4; k++)
        if (key_less(images[k], hw, *best, *best_hw)) { *best = images[k]; *best_hw = hw; }
}

/* The least image of a boxed shape under the 8 rotations and reflections that leave it no taller than
 * wide: a wide shape's 4 flips, a tall one's 4 flips once turned, a square's 8 (the turn, a loop over
 * the cells, only where it can win). */
static void canonical(int h, int w, u64 bits, int *ch, int *cw, u64 *cb) {
    u64 rows[MAXCELLS], cols[MAXCELLS];
    u64 best = ~(u64)0;
    int best_hw = 0xFFFF;
    if (h < w) { /* a wide shape: its four flips, all of the same box (bits is the shape as is) */
        *cb = least_flip(bits, h, w);
        *ch = h;
        *cw = w;
        return;
    }
    if (h <= 8) { /* a square or tall shape in 8 x 8: turned at once, then its flips (and a square's own) */
        best = least_flip(turned8(bits, h, w), w, h);
        if (h == w) {
            u64 own = least_flip(bits, h, w);
            if (own < best) best = own;
        }
        *cb = best;
        *ch = w;
        *cw = h;
        return;
    }
    if (h == w) {
        u64 row_mask = w == 64 ? ~(u64)0 : BIT(w) - 1;
        for (int r = 0; r < h; r++) rows[r] = (bits >> (r * w)) & row_mask;
        least_of_flips(rows, h, w, &best, &best_hw);
    }
    if (h >= w) {
        for (int c = 0; c < w; c++) cols[c] = 0;
        u64 row_mask = w == 64 ? ~(u64)0 : BIT(w) - 1;
        for (int r = 0; r < h; r++)
            for (u64 x = (bits >> (r * w)) & row_mask; x; x &= x - 1) cols[lowbit(x)] |= BIT(r);
        least_of_flips(cols, w, h, &best, &best_hw);
    }
    *cb = best;
    *ch = best_hw >> 8;
    *cw = best_hw & 0xFF;
}

/* The canonical shapes of boxed shapes met lately: a search meets the same region in the same
 * orientation again and again, and working out the least of 8 images was a quarter of the time of a
 * 5x7 search. Direct-mapped, 2**14 entries (384 KB: a larger one missed the cache more than it saved); a collision overwrites, never misleads. */
#define CANON_BITS 14
typedef struct { u64 bits, canon; int32_t hw, chw; } Canon;
static Canon canon_cache[1 << CANON_BITS];

static void canonical_cached(int h, int w, u64 bits, int *ch, int *cw, u64 *cb) {
    int32_t hw = h << 8 | w;
    Canon *c = &canon_cache[((bits ^ ((u64)hw << 48)) * 0x9E3779B97F4A7C15ULL) >> (64 - CANON_BITS)];
    if (c->hw == hw && c->bits == bits) {
        *cb = c->canon;
        *ch = c->chw >> 8;
        *cw = c->chw & 0xFF;
        return;
    }
    canonical(h, w, bits, ch, cw, cb);
    c->bits = bits;
    c->hw = hw;
    c->canon = *cb;
    c->chw = *ch << 8 | *cw;
}

/* A region's canonical shape, from its frame: box() then canonical_cached(), but a wide region (its box
 * wider than tall, most of them) is moved into its box and turned upside down in one pass over its rows,
 * and its least flip taken at once: cheaper than a look-up in the cache of canonical forms, whose
 * random reads missed the processor's first-level cache on almost every look-up. */
static void boxed_canonical(const Frame *f, u64 comp, int *ch, int *cw, u64 *cb) {
    int w = f->w, r0 = f->row[lowbit(comp)], r1 = f->row[highbit(comp)], bh = r1 - r0 + 1;
    u64 columns = comp >> (r0 * w); /* its rows folded onto the first: 1, 2, 4, ... at a time */
    for (int span = 1; span <= r1 - r0; span *= 2) columns |= columns >> (span * w);
    columns &= f->row_mask;
    int c0 = lowbit(columns), nw = highbit(columns) - c0 + 1;
    if (bh < nw) { /* (nw < 64: bh >= 1) */
        u64 keep = BIT(nw) - 1, plain = 0, upside = 0;
        for (int r = r0, at = 0, back = (bh - 1) * nw; r <= r1; r++, at += nw, back -= nw) {
            u64 row = (comp >> (r * w + c0)) & keep;
            plain |= row << at;
            upside |= row << back;
        }
        u64 a = reverse(plain, bh * nw), c = reverse(upside, bh * nw), best = plain < upside ? plain : upside;
        if (a < best) best = a;
        if (c < best) best = c;
        *cb = best; /* (least_flip's, its rows reversed as they are boxed) */
        *ch = bh;
        *cw = nw;
        return;
    }
    int bw;
    u64 bits;
    box(f, comp, &bh, &bw, &bits);
    canonical_cached(bh, bw, bits, ch, cw, cb);
}

/* ---- values by search with a mex cut ----------------------------------------------------------- */

/* The techniques, each of which can be switched off to measure what it is worth (configure): the table
 * asked about every option before any is searched; the bounds on a value; the order of the dominoes (2:
 * the score of list_moves; 1: the smallest largest region first only; 0: board order); regions of at
 * most exact_cells cells valued by one search asking every value (larger ones: 0? 1? ...). */
static int use_etc = 1, use_bounds = 1, use_order = 2, exact_cells = 14;

/* A shape's dominoes, as what each leaves: the cells, their largest region and its size, ordered by a
 * score, least first: twice the size of the largest region left (the smaller, the cheaper its search),
 * plus the neighbours the domino's two cells have in the shape (each counting the other: dominoes in
 * the shape's thin parts and corners first), plus twice the domino's distance from the centre of the
 * shape's box (in half cells, |2 row - (h - 1)| + |2 col - (w - 1)| at the domino's middle): central
 * dominoes first, as in Domineering a positional term orders the moves; less the leaves (cells with
 * one neighbour) of what is left, those of the largest region counted twice. On 5x7 the score makes
 * 191,236 searches where the largest region alone made 1,036,968. (The second round's score counted
 * the dominoes left instead of the neighbours, the opposite preference, and not the leaves: 363,190.) */
typedef struct {
    /* in the order listed (the k-th in the sorted order is the order[k]-th listed) */
    u64 left_over[2 * MAXCELLS], largest[2 * MAXCELLS];
    int size[2 * MAXCELLS], n;
    unsigned char order[2 * MAXCELLS];
    /* filled in as they are worked out: the XOR of the other regions' values (-1: not yet), the largest
     * region's canonical shape (its hw 0: not yet) */
    int others[2 * MAXCELLS], hw[2 * MAXCELLS];
    u64 shape[2 * MAXCELLS], hash[2 * MAXCELLS]; /* (its key_hash) */
} Moves;

/* The table's pass over the options as they are listed (see shape_value): the values asked, found so far
 * and still possible, the options left, and which options are answered (known, in the order listed). */
typedef struct {
    u64 asked, found, possible;
    int left;
    unsigned char *known;
    Budget *b;
} Probe;

static int probe_option(const Frame *f, Moves *moves, int d, Probe *p);
static inline void prepare_largest(const Frame *f, Moves *moves, int d);

/* The d-th domino listed made ready for the table and its bucket fetched, while the table is asked about
 * the one before it (*before; then d is). A largest region whose exact value the cache of recent regions
 * holds (small_cache: the regions as they lie in their frame, their exact values read from the table in
 * this pass or worked out by region_value) needs no canonical shape: its value is known at once, as a
 * path's is (4x9: 1,199 M -> 1,093 M instructions, callgrind; the same searches). */
static inline int probe_next(const Frame *f, Moves *moves, int d, int *before, Probe *probe) {
    if (moves->size[d] >= 4) {
        int32_t hw = f->h << 8 | f->w;
        Small *c = small_slot(moves->largest[d], hw);
        if (c->comp == moves->largest[d] && c->hw == hw) moves->hw[d] = -1 - c->value;
    }
    prepare_largest(f, moves, d);
    if (moves->hw[d] > 0 && table) __builtin_prefetch(bucket_of(moves->hash[d], 0));
    int r = *before >= 0 ? probe_option(f, moves, *before, probe) : 0;
    *before = d;
    return r;
}

/* The largest region of `cells` (the first of the largest), and its size in *most (0 when empty); `total`
 * is the number of cells, so that the flood stops once a region holds more than the cells left. */
static u64 largest_region(const Frame *f, u64 cells, int total, int *most) {
    u64 largest = 0;
    *most = 0;
    for (u64 rest = cells; rest;) {
        u64 comp = flood(f, rest & -rest, rest);
        rest ^= comp;
        int n = count(comp);
        total -= n;
        if (n > *most) { *most = n; largest = comp; }
        if (*most >= total) break; /* (a tie goes to the first) */
    }
    return largest;
}


/* Whether a domino leaves a connected shape connected, read from the cells around it: if the cells next
 * to the domino are joined to one another through the cells of the 3 x 4 window around it (4 x 3 for a
 * vertical one), any path the domino cut goes round it, so the shape left is one region and needs no
 * flood (on 4x9 28% of the dominoes listed: most split the small shapes of a search's end; the flood
 * was a third of a search's instructions). local_joined[pass][window]:
 * the window's cells row-major (bit row * 4 + col, or row * 3 + col), the domino's cells empty. A
 * window that does not join them says nothing: the regions are then flooded. */
static unsigned char local_joined[2][1 << 12];

static void fill_local_joined(void) {
    for (int pass = 0; pass < 2; pass++) {
        int wh = pass ? 4 : 3, ww = pass ? 3 : 4;
        u64 domino = pass ? (BIT(1 * 3 + 1) | BIT(2 * 3 + 1)) : (BIT(1 * 4 + 1) | BIT(1 * 4 + 2));
        u64 next = 0; /* the window's cells next to the domino */
        for (int k = 0; k < wh * ww; k++) {
            int r = k / ww, c = k % ww;
            if (domino & BIT(k)) continue;
            for (int d = 0; d < wh * ww; d++)
                if ((domino & BIT(d)) && abs(d / ww - r) + abs(d % ww - c) == 1) next |= BIT(k);
        }
        for (u64 window = 0; window < BIT(wh * ww); window++) {
            u64 cells = window & ~domino, touching = cells & next;
            if (!touching) { local_joined[pass][window] = 1; continue; }
            u64 comp = touching & -touching;
            for (;;) { /* flood within the window */
                u64 grown = comp;
                for (int k = 0; k < wh * ww; k++) {
                    if (!(comp & BIT(k))) continue;
                    int r = k / ww, c = k % ww;
                    if (c > 0) grown |= BIT(k - 1);
                    if (c < ww - 1) grown |= BIT(k + 1);
                    if (r > 0) grown |= BIT(k - ww);
                    if (r < wh - 1) grown |= BIT(k + ww);
                }
                grown &= cells;
                if (grown == comp) break;
                comp = grown;
            }
            local_joined[pass][window] = (touching & ~comp) == 0;
        }
    }
}

/* The window around the domino at cell i (pass 0: across, pass 1: down) of the shape `bits`, as
 * local_joined reads it (cells off the frame empty): the shape moved so that the window's corner is bit 0,
 * its rows read at once, the columns off the frame masked. The frame is at most 30 wide (20 for a
 * vertical domino), so that every shift is under 64, and at least as wide as the window (4, or 3 for a
 * vertical domino), so that each row is moved to its place by one shift; narrower frames are flooded. */
static inline unsigned window_of(const Frame *f, u64 bits, int i, int pass) {
    int w = f->w, corner = i - w - 1;
    u64 y = corner >= 0 ? bits >> corner : bits << -corner;
    if (pass) { /* each row shifted to its place at once (w >= 3) */
        int s = w - 3;
        return (unsigned)((y & 7) | ((y >> s) & 0x38) | ((y >> 2 * s) & 0x1C0) | ((y >> 3 * s) & 0xE00))
               & f->in_window[1][i];
    }
    int s = w - 4; /* (w >= 4) */
    return (unsigned)((y & 15) | ((y >> s) & 0xF0) | ((y >> 2 * s) & 0xF00)) & f->in_window[0][i];
}

/* The dominoes a domino leaves are those of the shape less those touching its cells; the dominoes are
 * sorted by their scores, ties in board order (across before down, lowest cell first). With a probe,
 * each domino is answered from the table as soon as it is listed (probe_option), and the listing stops
 * when that leaves no value possible: returns 1 then (unsorted), 0 when every domino is listed and
 * sorted, or a failure (negative). They are listed from the centre of the box out, and those that leave
 * one region are asked about last (what a split leaves is smaller, and a smaller region's exact value is
 * known more often): the first option the table answers with the value asked is then the 3.6th asked on
 * average on 4x9 where it was the 6.0th in board order (3.2th in the order of the scores, which needs
 * every domino listed). */
static int list_moves(const Frame *f, u64 bits, Moves *moves, Probe *probe) {
    u64 right = bits & (bits >> 1) & f->not_last, down = bits & (bits >> f->w);
    u64 left = right << 1, up = down << f->w; /* the cells with a neighbour on that side */
    int n = 0, cells = count(bits);
    int ranks[2 * MAXCELLS], least = 1 << 20, top = 0, order_by = use_order;
    /* the shape's cells with one neighbour (leaves) and with two, from the sum of the four sides' bits:
     * a domino takes one neighbour from each cell next to it (its ring), so what it leaves has for
     * leaves the shape's leaves off the domino and its ring, and the ring's cells that had two */
    u64 odd = right ^ left ^ down ^ up, pair_ab = right & left, pair_cd = down & up;
    u64 pair_mixed = (right ^ left) & (down ^ up);
    u64 one = odd & ~(pair_ab | pair_cd | pair_mixed), two = ~odd & (pair_ab ^ pair_cd ^ pair_mixed);
    int later[2 * MAXCELLS], n_later = 0, before = -1;
    unsigned char listed_at[2][MAXCELLS]; /* the index listed of the domino at each cell */
    for (int level = 0; level < f->levels; level++)
    for (int pass = 0; pass < 2; pass++) {
        u64 pair = !pass ? 3 : f->w < 64 ? 1 | BIT(f->w) : 0; /* a domino at cell 0 (0: none fits down) */
        const u64 *rings = f->ring[pass];
        const unsigned char *off_centre = f->off_centre[pass];
        int windowed = pass ? f->w >= 3 && f->w <= 20 : f->w >= 4 && f->w <= 30;
        for (u64 m = (pass ? down : right) & f->level[pass][level]; m; m &= m - 1) {
            int i = lowbit(m), most;
            u64 domino = pair << i, rest = bits & ~domino, big, ring = rings[i] & bits;
            /* the domino's neighbours (no cell is next to both of its cells): one at most, or all joined
             * around it, and what is left is one region; its cells' neighbours in the shape, each
             * counting the other */
            int degrees = count(ring) + 2;
            if (degrees <= 3 || (windowed && local_joined[pass][window_of(f, bits, i, pass)])) {
                big = rest;
                most = cells - 2;
            } else {
                /* the region of the first cell left; if it is not the larger part, what is left of the
                 * ring may show through the window that the rest is one region (every region left
                 * touches the ring: the shape was one region), and the rest needs no flood */
                u64 first = flood(f, rest & -rest, rest), other = rest ^ first;
                int in_first = count(first);
                if (in_first >= cells - 2 - in_first) {
                    big = first;
                    most = in_first;
                } else if (windowed && local_joined[pass][window_of(f, bits & ~first, i, pass)]) {
                    big = other;
                    most = cells - 2 - in_first;
                } else {
                    big = largest_region(f, other, cells - 2 - in_first, &most);
                    if (in_first >= most) { big = first; most = in_first; } /* (a tie goes to the first) */
                }
            }
            int rank;
            if (order_by > 1) { /* the score: see above (128 keeps it positive) */
                u64 leaves = (one & ~(domino | ring)) | (two & ring);
                rank = 2 * most + degrees + 2 * off_centre[i] + 128 - count(leaves) - count(leaves & big);
            } else {
                rank = order_by ? most : 0;
            }
            ranks[n] = rank;
            if (rank < least) least = rank;
            if (rank > top) top = rank;
            moves->left_over[n] = rest;
            moves->largest[n] = big;
            moves->size[n] = most;
            moves->others[n] = -1;
            moves->hw[n] = 0;
            listed_at[pass][i] = (unsigned char)n;
            n++;
            if (probe) {
                if (most == cells - 2) later[n_later++] = n - 1;
                else {
                    int r = probe_next(f, moves, n - 1, &before, probe);
                    if (r) { moves->n = n; return r; }
                }
            }
        }
    }
    if (probe) {
        int r = 0;
        for (int j = 0; j < n_later && !r; j++) r = probe_next(f, moves, later[j], &before, probe);
        if (!r && before >= 0) r = probe_option(f, moves, before, probe);
        if (r) { moves->n = n; return r; }
    }
    /* sorted by rank, ties in the order listed. Most shapes' ranks span under 64: each rank's dominoes
     * are chained in the order listed and the ranks met read from a mask, least first (about half the
     * instructions of the counting sort below, which the others take: on the rank's low 5 bits, then
     * on the next 5; a rank is under 1024: twice 62 cells, 8 neighbours, twice 66 half cells, 128) */
    unsigned char *order = moves->order, plain[2 * MAXCELLS]; /* the dominoes in board order */
    int p = 0;
    for (u64 m = right; m; m &= m - 1) plain[p++] = listed_at[0][lowbit(m)];
    for (u64 m = down; m; m &= m - 1) plain[p++] = listed_at[1][lowbit(m)];
    if (top - least < 64) {
        unsigned char head[64], tail[64], next[2 * MAXCELLS];
        u64 met = 0;
        for (int q = 0; q < n; q++) {
            int k = plain[q], r = ranks[k] - least;
            if (met >> r & 1) next[tail[r]] = (unsigned char)k;
            else { met |= BIT(r); head[r] = (unsigned char)k; }
            tail[r] = (unsigned char)k;
        }
        int out = 0;
        for (; met; met &= met - 1) {
            int r = lowbit(met);
            for (int k = head[r];; k = next[k]) {
                order[out++] = (unsigned char)k;
                if (k == tail[r]) break;
            }
        }
    } else {
        unsigned char by_low[2 * MAXCELLS];
        int at[32];
        memset(at, 0, sizeof at);
        for (int k = 0; k < n; k++) at[ranks[k] & 31]++;
        for (int d = 0, sum = 0; d < 32; d++) { int c = at[d]; at[d] = sum; sum += c; }
        for (int q = 0; q < n; q++) by_low[at[ranks[plain[q]] & 31]++] = plain[q];
        memset(at, 0, sizeof at);
        for (int k = 0; k < n; k++) at[ranks[k] >> 5 & 31]++;
        for (int d = 0, sum = 0; d < 32; d++) { int c = at[d]; at[d] = sum; sum += c; }
        for (int k = 0; k < n; k++) order[at[ranks[by_low[k]] >> 5 & 31]++] = by_low[k];
    }
    moves->n = n;
    return 0;
}

static inline u64 below(int v) { return v >= 64 ? ~(u64)0 : BIT(v) - 1; } /* the values under v */

/* {x ^ by : x in values}, values a mask of values under 64 (every value here is at most 32). */
static inline u64 shifted(u64 values, int by) {
    if (!by || values == ALL_VALUES) return values; /* (by < 64) */
    u64 out = 0;
    for (; values; values &= values - 1) {
        int x = lowbit(values) ^ by;
        if (x < 64) out |= BIT(x);
    }
    return out;
}

/* The values of `asked` that a mex can still come to, given the options' values `found` so far and
 * `left` options still to look at: not found, not under the least value missing (the mex is at least
 * that), and with at most `left` values missing below them (each option fills one at most). */
static inline u64 still_possible(u64 asked, u64 found, int left) {
    /* the (left + 1)-th missing value v: v = left + (values found under v), v not found (64: none) */
    int limit = left;
    for (int next; limit < 64 && (next = left + count(found & below(limit))) != limit;) limit = next;
    while (limit < 64 && (found >> limit & 1)) limit++;
    if (limit > 64) limit = 64;
    return asked & ~found & ~below(lowbit(~found)) & below(limit + 1);
}

static int shape_value(int h, int w, u64 bits, u64 hash, u64 asked, Budget *b);
static int probing = 0; /* 1: answer from the table only (UNKNOWN where it would search) */

/* ---- regions whose value is known without a search: paths and cycles ---------------------------- */

/* A domino covers two neighbouring cells, so a region's game depends only on the graph of its cells
 * (neighbours joined). A connected region no cell of which has three neighbours is a path or a cycle.
 * On a path of n cells a domino leaves two paths of a and n - 2 - a cells: Dawson's Kayles, the octal
 * game 0.07, whose values `path_values` holds; a domino on a cycle of n cells leaves a path of n - 2.
 * Such regions are never searched nor stored (Beling and Rogalski's known values of small components). */
static int use_paths = 1;
static signed char path_values[MAXCELLS + 1];

static void fill_path_values(void) {
    for (int n = 0; n <= MAXCELLS; n++) {
        u64 seen = 0;
        for (int a = 0; a + 2 <= n; a++) seen |= BIT(path_values[a] ^ path_values[n - 2 - a]);
        path_values[n] = (signed char)lowbit(~seen);
    }
}

/* The value of a connected region of n >= 4 cells if it is a path or a cycle, else -1. */
static inline int path_value(const Frame *f, u64 comp, int n) {
    if (!use_paths) return -1;
    u64 right = comp & (comp >> 1) & f->not_last, down = comp & (comp >> f->w);
    u64 left = right << 1, up = down << f->w; /* the cells with a neighbour on that side */
    if ((right & left & (down | up)) | (down & up & (right | left))) return -1; /* three neighbours */
    return count(right) + count(down) == n - 1 ? path_values[n] : path_values[n - 2] ? 0 : 1;
}

/* ---- a simpler region of the same value: twin leaves ------------------------------------------ */

/* Two leaves (cells with one neighbour) on the same cell v: either domino on them takes v and leaves
 * the other leaf alone, so the two options are the same game, and every other domino either takes v
 * (both leaves left alone) or leaves both leaves as they were. By induction the region without one of
 * them has the same value (the graph game's "simplifying positions", as Beling and Rogalski simplify
 * before they look a position up). Of v's leaves the first in the order left, right, above, below is
 * kept. On 4x9, 8% of the regions a search meets have twin leaves; the simpler shape is often known. */
static int use_twins = 1;

static inline u64 without_twin_leaves(const Frame *f, u64 comp) {
    if (!use_twins) return comp;
    u64 right = comp & (comp >> 1) & f->not_last, down = comp & (comp >> f->w);
    u64 left = right << 1, up = down << f->w; /* the cells with a neighbour on that side */
    u64 leaves = (right ^ left ^ down ^ up) & ~((right & left) | (down & up) | ((right | left) & (down | up)));
    if (!leaves) return comp;
    /* the cells with a leaf on their left, right, above, below */
    u64 on_left = (leaves & right) << 1, on_right = (leaves & left) >> 1;
    u64 above = (leaves & down) << f->w, below = (leaves & up) >> f->w;
    return comp & ~(((on_right & on_left) << 1) | ((above & (on_left | on_right)) >> f->w)
                    | ((below & (on_left | on_right | above)) << f->w));
}

static int region_value_searched(const Frame *f, u64 comp, u64 asked, Budget *b);

/* A region's value if it is among `asked` (a mask), else NOT_AMONG (or a negative code when stopped);
 * an exact value asked for is answered from the cache of recent regions (small_cache) when it is there. */
static int region_value(const Frame *f, u64 comp, u64 asked, Budget *b) {
    if (asked == ALL_VALUES) {
        int32_t hw = f->h << 8 | f->w;
        Small *c = small_slot(comp, hw);
        if (c->comp == comp && c->hw == hw) return c->value;
        int v = region_value_searched(f, comp, asked, b);
        if (v >= 0) { c->comp = comp; c->hw = hw; c->value = v; }
        return v;
    }
    return region_value_searched(f, comp, asked, b);
}

/* region_value past the cache of recent regions. */
static int region_value_searched(const Frame *f, u64 comp, u64 asked, Budget *b) {
    int n = count(comp);
    if (n >= 4) {
        comp = without_twin_leaves(f, comp);
        n = count(comp);
    }
    if (n < 4) { /* regions of two or three cells: one move, to nothing or one cell */
        int v = n >= 2;
        return asked >> v & 1 ? v : NOT_AMONG;
    }
    int simple = path_value(f, comp, n);
    if (simple >= 0) return asked >> simple & 1 ? simple : NOT_AMONG;
    int ch, cw;
    u64 cb;
    boxed_canonical(f, comp, &ch, &cw, &cb);
    u64 hash = key_hash(cb, (u64)(ch << 8 | cw));
    if (asked != ALL_VALUES || n <= exact_cells) return shape_value(ch, cw, cb, hash, asked, b);
    for (int g = 0;; g++) {
        int r = shape_value(ch, cw, cb, hash, BIT(g), b);
        if (r != NOT_AMONG) return r;
        if (g > 40) return UNKNOWN;
    }
}

/* The XOR of the values of the regions of `cells` (a negative code when stopped). */
static int value_of(const Frame *f, u64 cells, Budget *b) {
    int total = 0;
    while (cells) {
        u64 comp = flood(f, cells & -cells, cells);
        cells ^= comp;
        int v = region_value(f, comp, ALL_VALUES, b);
        if (v < 0) return v;
        total ^= v;
    }
    return total;
}

/* The value of the regions of `cells` if it is among `asked`, else NOT_AMONG: the regions but the
 * largest (`largest`, found by largest_region) valued exactly, the largest asked only about the values
 * that would make the sum's one of `asked`. */
static int sum_value(const Frame *f, u64 cells, u64 largest, u64 asked, Budget *b) {
    int others = 0;
    for (u64 rest = cells & ~largest; rest;) {
        u64 comp = flood(f, rest & -rest, rest);
        rest ^= comp;
        int v = region_value(f, comp, ALL_VALUES, b);
        if (v < 0) return v;
        others ^= v;
    }
    if (!largest) return asked >> others & 1 ? others : NOT_AMONG;
    int v = region_value(f, largest, shifted(asked, others), b);
    return v < 0 ? v : v ^ others; /* (negative: not among them, or a failure) */
}

/* The k-th domino's largest region, twin leaves cut: its value if a path or a cycle (hw -1 - value),
 * else its canonical shape (hw, shape), worked out once. */
__attribute__((noinline)) static void prepare_largest_now(const Frame *f, Moves *moves, int d) {
    u64 largest = without_twin_leaves(f, moves->largest[d]);
    int n = count(largest);
    int simple = n < 4 ? n >= 2 : path_value(f, largest, n);
    if (simple >= 0) {
        moves->hw[d] = -1 - simple; /* never searched */
        return;
    }
    int ch, cw;
    boxed_canonical(f, largest, &ch, &cw, &moves->shape[d]);
    moves->hw[d] = ch << 8 | cw;
    moves->hash[d] = key_hash(moves->shape[d], (u64)moves->hw[d]);
}

/* prepare_largest_now where it has not been done yet: it is asked for an option two or three times (the
 * look-ahead of the table pass, that pass, the search) and has mostly been done, so the test alone is
 * inlined and the call, which saved and restored registers, made only when needed (5x8: 11,214 M ->
 * 11,012 M instructions, callgrind, the search alone). */
static inline void prepare_largest(const Frame *f, Moves *moves, int d) {
    if (!moves->hw[d] && moves->size[d] >= 4) prepare_largest_now(f, moves, d);
}

/* sum_value for the d-th domino listed in `moves`, keeping what it works out for the next question. */
static int option_value(const Frame *f, Moves *moves, int d, u64 asked, Budget *b) {
    if (moves->others[d] < 0) {
        int others = 0;
        for (u64 rest = moves->left_over[d] & ~moves->largest[d]; rest;) {
            u64 comp = flood(f, rest & -rest, rest);
            rest ^= comp;
            int v = region_value(f, comp, ALL_VALUES, b);
            if (v < 0) return v;
            others ^= v;
        }
        moves->others[d] = others;
    }
    int others = moves->others[d];
    if (moves->size[d] < 4) {
        int v = others ^ (moves->size[d] >= 2);
        return asked >> v & 1 ? v : NOT_AMONG;
    }
    prepare_largest(f, moves, d);
    if (moves->hw[d] < 0) {
        int v = others ^ (-1 - moves->hw[d]);
        return asked >> v & 1 ? v : NOT_AMONG;
    }
    int v = shape_value(moves->hw[d] >> 8, moves->hw[d] & 0xFF, moves->shape[d], moves->hash[d], shifted(asked, others), b);
    return v < 0 ? v : v ^ others;
}

/* The d-th domino listed answered from the table, if it can be (an enhanced transposition cutoff): the
 * table answers an option only with its largest region's exact value (else nothing: the option waits for
 * the search), so the other regions it leaves are valued only then, and the table is read only where
 * the filter of exact values has the shape's bit. Every value the table gives counts, asked or not: an
 * option's value is one the shape is not, and one fewer missing (with only the values asked kept, 4x9
 * made 162,438 searches and 5x8 1,002,755, where they now make 144,575 and 888,784: what is learnt is
 * kept, and the shape's value is known not to be that value when asked later). 1 when no value asked is
 * possible any more, 0 when it is, or a failure. */
static int probe_option(const Frame *f, Moves *moves, int d, Probe *p) {
    prepare_largest(f, moves, d);
    if (moves->hw[d] > 0) {
        if (!(*filter_word(moves->hash[d]) & filter_bit(moves->hash[d]))) return 0;
        int v = meta_exact(memo_meta(moves->shape[d], (u64)moves->hw[d], moves->hash[d]));
        if (v < 0) return 0;
        int32_t hw = f->h << 8 | f->w; /* kept for the next time (see probe_next) */
        Small *c = small_slot(moves->largest[d], hw);
        c->comp = moves->largest[d];
        c->hw = hw;
        c->value = v;
    }
    probing = 1;
    int r = option_value(f, moves, d, ALL_VALUES, p->b);
    probing = 0;
    if (r == UNKNOWN || r == NOT_AMONG) return 0;
    if (FAILED(r)) return r;
    p->known[d] = 1;
    p->found |= BIT(r);
    p->left--;
    p->possible = still_possible(p->asked, p->found, p->left);
    return !p->possible;
}

/* A canonical connected shape's value if it is among `asked` (a mask), else NOT_AMONG. The value is the
 * mex of the options' values. The values it can still be (still_possible: asked, not an option's value
 * found, not under the least value missing, not more values missing below than options left) shrink as
 * options are answered, and the search stops as soon as none is left: the mex counterpart of an
 * alpha-beta cut (Beling and Rogalski, 2020). Each option is asked only about those values; then, if
 * some are left, the missing values under them are looked for one by one, the first one no option has
 * being the value. Asking one value is Lemoine and Viennot's "is it worth g?" (2012). What is learnt is
 * kept: the exact value, or values it cannot have. */
static int shape_value(int h, int w, u64 bits, u64 hash, u64 asked, Budget *b) {
    const Frame *f = frames[h][w] ? frames[h][w] : frame(h, w); /* made once per box size */
    u64 hw = (u64)(h << 8 | w), meta = memo_meta(bits, hw, hash);
    int v = meta_exact(meta);
    if (v >= 0) return asked >> v & 1 ? v : NOT_AMONG;
    u64 right = bits & (bits >> 1) & f->not_last, down = bits & (bits >> f->w);
    int options = count(right) + count(down), most = count(bits) / 2;
    /* a mex over n options is at most n; a game on c cells lasts at most c / 2 moves, its value no more */
    if (use_bounds) asked &= below((options < most ? options : most) + 1);
    asked &= ~(meta >> NOT_SHIFT);
    if (!asked) return NOT_AMONG;
    if (probing) return UNKNOWN;
    if (budget_spent(b)) return STOPPED;
    unsigned long long start = b->nodes - 1; /* (this node counted) */
    Moves moves;
    moves.n = 0;
    unsigned char known[2 * MAXCELLS];
    memset(known, 0, (size_t)options);
    Probe p = {asked, 0, still_possible(asked, 0, options), options, known, b};
    /* First what the table already knows of each option (an enhanced transposition cutoff), asked of
     * each domino as it is listed (list_moves; its bucket is fetched from memory while the table is
     * asked about the domino before it): nine searches in ten end there (an option's value found in the
     * table rules out the one value asked), and those list, flood and sort no further, where the table
     * was asked in the order of the scores after every domino was listed and sorted (4x9: 1,566 M ->
     * 1,269 M instructions, callgrind; the same searches, since with one value asked the pass ends at
     * the same option values found whatever their order); then a search in the order of the scores:
     * each option asked only about the values the mex can still be (a value found rules one out) ... */
    if (p.possible) {
        int r = list_moves(f, bits, &moves, use_etc ? &p : NULL);
        if (r < 0) return r;
    }
    u64 found = p.found, possible = p.possible;
    int left = p.left;
    for (int k = 0; k < moves.n && possible; k++) {
        int d = moves.order[k];
        if (known[d]) continue;
        int r = option_value(f, &moves, d, possible, b);
        if (FAILED(r)) return r;
        if (r == NOT_AMONG) continue;
        known[d] = 1;
        found |= BIT(r);
        left--;
        possible = still_possible(asked, found, left);
    }
    if (!possible) return remember_not(bits, hw, hash, asked | found | below(lowbit(~found)), b->nodes - start);
    /* ... then, no option having any of them, each missing value under them looked for in turn: the
     * first not found is the value. */
    int least = lowbit(possible);
    for (int j = lowbit(~found); j < least; j = lowbit(~found)) {
        int k = 0;
        for (; k < moves.n; k++) {
            if (known[moves.order[k]]) continue;
            int r = option_value(f, &moves, moves.order[k], BIT(j), b);
            if (FAILED(r)) return r;
            if (r == j) break;
        }
        if (k == moves.n) { /* no option is worth j, every smaller value is reached: the value is j */
            int e = remember_exact(bits, hw, hash, j, b->nodes - start);
            return FAILED(e) ? e : asked >> j & 1 ? j : NOT_AMONG;
        }
        known[moves.order[k]] = 1;
        found |= BIT(j);
        left--;
        possible = still_possible(asked, found, left);
        if (!possible) return remember_not(bits, hw, hash, asked | found | below(lowbit(~found)), b->nodes - start);
        least = lowbit(possible);
    }
    int e = remember_exact(bits, hw, hash, least, b->nodes - start);
    return FAILED(e) ? e : asked >> least & 1 ? least : NOT_AMONG;
}
/* ---- Python interface --------------------------------------------------------------------------- */

/* 1 when the regions of `cells` are worth 0 together (the player to move loses), 0 when not. */
static int worth_zero(const Frame *f, u64 cells, Budget *b) {
    int most;
    u64 largest = largest_region(f, cells, count(cells), &most);
    int r = sum_value(f, cells, largest, BIT(0), b);
    return FAILED(r) ? r : r == 0;
}

static int to_u64(PyObject *o, u64 *out) {
    if (!PyLong_Check(o)) { PyErr_SetString(PyExc_TypeError, "a cell mask is an int"); return -1; }
    unsigned long long v = PyLong_AsUnsignedLongLong(o);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "a cell mask is a non-negative int of at most 64 bits");
        return -1;
    }
    *out = v;
    return 0;
}

/* The budget of the call under way (NULL between calls), for progress(). */
static Budget *running = NULL;

/* (rows, cols, free, remaining, stop): -1 with an exception set when they are not usable. */
static int parse(PyObject *args, const Frame **f, u64 *cells, Budget *b) {
    int rows, cols;
    PyObject *freeobj, *stop;
    double remaining;
    if (!PyArg_ParseTuple(args, "iiOdO", &rows, &cols, &freeobj, &remaining, &stop)) return -1;
    if (stop != Py_None && !PyCallable_Check(stop)) {
        PyErr_SetString(PyExc_TypeError, "stop must be a callable or None");
        return -1;
    }
    *f = frame(rows, cols);
    if (!*f) { PyErr_SetString(PyExc_ValueError, "the Cram core handles boards of 1 to 64 cells"); return -1; }
    if (to_u64(freeobj, cells) < 0) return -1;
    *cells &= (*f)->full;
    budget_init(b, remaining, stop);
    running = b;
    return 0;
}

static PyObject *finish(Budget *b, int v) {
    last_nodes = b->nodes;
    running = NULL;
    if (v == STOPPED) {
        if (b->stopped == 3) return NULL;
        Py_RETURN_NONE;
    }
    if (v == NO_MEMORY) return PyErr_NoMemory();
    return PyLong_FromLong(v);
}

/* grundy(rows, cols, free, remaining, stop) -> the Grundy value of the empty cells, or None when stopped */
static PyObject *py_grundy(PyObject *self, PyObject *args) {
    const Frame *f;
    u64 cells;
    Budget b;
    if (parse(args, &f, &cells, &b) < 0) return NULL;
    return finish(&b, value_of(f, cells, &b));
}

/* wins(rows, cols, free, remaining, stop) -> whether the player to move wins, or None when stopped */
static PyObject *py_wins(PyObject *self, PyObject *args) {
    const Frame *f;
    u64 cells;
    Budget b;
    if (parse(args, &f, &cells, &b) < 0) return NULL;
    int r = worth_zero(f, cells, &b);
    if (FAILED(r)) return finish(&b, r);
    last_nodes = b.nodes;
    running = NULL;
    return PyBool_FromLong(!r);
}

/* For each domino (lowest cell first, the horizontal before the vertical) what it leaves: the Grundy value
 * (`values`), or whether it wins (value 0, asked by search without the exact value); None for each domino
 * once the budget ran out. */
static PyObject *per_domino(PyObject *args, int values) {
    const Frame *f;
    u64 cells;
    Budget b;
    if (parse(args, &f, &cells, &b) < 0) return NULL;
    PyObject *out = PyList_New(0);
    if (!out) { running = NULL; return NULL; }
    u64 right = cells & (cells >> 1) & f->not_last, down = cells & (cells >> f->w);
    int stopped = 0;
    for (u64 m = right | down; m; m &= m - 1) {
        int i = lowbit(m);
        for (int pass = 0; pass < 2; pass++) {
            if (!((pass ? down : right) & BIT(i))) continue;
            int r = STOPPED;
            if (!stopped) {
                u64 rest = cells & ~(BIT(i) | BIT(i + (pass ? f->w : 1)));
                r = values ? value_of(f, rest, &b) : worth_zero(f, rest, &b);
                if (r == NO_MEMORY || (r == STOPPED && b.stopped == 3)) { Py_DECREF(out); return finish(&b, r); }
                stopped = r < 0;
            }
            PyObject *item = r < 0 ? Py_NewRef(Py_None) : values ? PyLong_FromLong(r) : PyBool_FromLong(r);
            if (!item || PyList_Append(out, item) < 0) { Py_XDECREF(item); Py_DECREF(out); running = NULL; return NULL; }
            Py_DECREF(item);
        }
    }
    last_nodes = b.nodes;
    running = NULL;
    return out;
}

/* move_wins(rows, cols, free, remaining, stop) -> whether each domino wins, by search */
static PyObject *py_move_wins(PyObject *self, PyObject *args) { return per_domino(args, 0); }

/* move_values(rows, cols, free, remaining, stop) -> the Grundy value each domino leaves */
static PyObject *py_move_values(PyObject *self, PyObject *args) { return per_domino(args, 1); }

static PyObject *py_clear(PyObject *self, PyObject *noargs) {
    memo_clear();
    Py_RETURN_NONE;
}

/* set_memo_limit(log2_entries): the table's cap (default 21: 2**21 entries of 16 bytes, 32 MB). */
static PyObject *py_set_memo_limit(PyObject *self, PyObject *arg) {
    long n = PyLong_AsLong(arg);
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (n < 12 || n > 30) {
        PyErr_SetString(PyExc_ValueError, "the memo limit is 2**12 to 2**30 entries");
        return NULL;
    }
    table_cap = (size_t)1 << n;
    if (entries > table_cap) memo_clear();
    Py_RETURN_NONE;
}

/* configure(etc, bounds, order, exact_cells, paths=True, twins=True): switch techniques off to measure them
 * (all on: 1, 1, 2, 14, 1, 1; order 1: the smallest largest region first only, 0: board order). */
static PyObject *py_configure(PyObject *self, PyObject *args) {
    int etc, bounds, order, exact, paths = 1, twins = 1;
    if (!PyArg_ParseTuple(args, "ppii|pp", &etc, &bounds, &order, &exact, &paths, &twins)) return NULL;
    use_etc = etc, use_bounds = bounds, use_order = order, exact_cells = exact, use_paths = paths, use_twins = twins;
    memo_clear();
    Py_RETURN_NONE;
}

/* progress() -> (nodes, shapes): the nodes of the call under way so far (of the last call between calls)
 * and the shapes in the table. Another Python thread can ask while a search runs, since the search
 * lets it have the GIL every 2 ms: a long offline run reports how far it has got (scripts/cram_run.py). */
static PyObject *py_progress(PyObject *self, PyObject *noargs) {
    return Py_BuildValue("(Kn)", running ? running->nodes : last_nodes, (Py_ssize_t)stored);
}

static PyObject *py_memo_size(PyObject *self, PyObject *noargs) { return PyLong_FromSize_t(stored); }
static PyObject *py_memo_bytes(PyObject *self, PyObject *noargs) { return PyLong_FromSize_t(entries * sizeof(Entry)); }

static PyMethodDef methods[] = {
    {"grundy", py_grundy, METH_VARARGS, "The Grundy value of a Cram position's empty cells, or None when stopped."},
    {"wins", py_wins, METH_VARARGS, "Whether the player to move wins a Cram position, or None when stopped."},
    {"move_values", py_move_values, METH_VARARGS, "The Grundy value each domino leaves (None: unsolved)."},
    {"move_wins", py_move_wins, METH_VARARGS, "Whether each domino wins, by search (None: unsolved)."},
    {"clear", py_clear, METH_NOARGS, "Forget every memoised shape."},
    {"set_memo_limit", py_set_memo_limit, METH_O, "Cap the table at 2**n entries (when full, new shapes replace small ones)."},
    {"nodes", py_nodes, METH_NOARGS, "Nodes the last call visited."},
    {"progress", py_progress, METH_NOARGS, "(nodes so far of the call under way, or of the last; shapes held)."},
    {"configure", py_configure, METH_VARARGS, "Switch techniques off (etc, bounds, order 0-2, exact_cells, paths, twins) to measure them."},
    {"memo_size", py_memo_size, METH_NOARGS, "Shapes held in the memo."},
    {"memo_bytes", py_memo_bytes, METH_NOARGS, "Bytes the memo holds now."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_native", "Cram's optional C core.", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void) {
#ifdef NEEDS_POPCNT
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("popcnt")) {
        PyErr_SetString(PyExc_ImportError, "the Cram core needs a processor with the popcnt instruction");
        return NULL;
    }
#endif
    fill_path_values();
    fill_local_joined();
    return PyModule_Create(&module);
}

/* The optional native core: the hot loops of three solvers, in C.
 *
 * The Python modules next to this file (nodekayles.py, noneighbour.py, walls.py) are the readable
 * reference; this file does the same work on bitboards (unsigned __int128: boards up to 128 cells)
 * and the tests require identical answers. Every search takes a budget: seconds left (or < 0: none)
 * and a Python callable returning True to stop. The search checks the clock every 1024 nodes and,
 * every 2 ms, lets other threads run and calls the stop check, so a cancelled search ends within a
 * few milliseconds. A stopped search returns None; Python turns that into SearchTimeout.
 *
 * Values are memoised in one open-addressing hash table (the GIL guards it; no pointer into it is
 * held across a budget check, where other threads may run and grow it).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef unsigned __int128 u128;
#define BIT(i) (((u128)1) << (i))
#define MAXCELLS 128

static int highbit128(u128 x) {
    uint64_t hi = (uint64_t)(x >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)x);
}
static int lowbit128(u128 x) {
    uint64_t lo = (uint64_t)x;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}
static int count128(u128 x) { return __builtin_popcountll((uint64_t)x) + __builtin_popcountll((uint64_t)(x >> 64)); }

/* ---- budget ---------------------------------------------------------------------------------- */

typedef struct {
    double deadline; /* < 0: none */
    double next_yield;
    PyObject *stop; /* callable or Py_None */
    unsigned long counter;
    int stopped; /* 1 time, 2 stop check, 3 Python error */
    unsigned long long nodes;
} Budget;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void budget_init(Budget *b, double remaining, PyObject *stop) {
    double t = now();
    b->deadline = remaining < 0 ? -1.0 : t + remaining;
    b->next_yield = t; /* the first check (the first node) already asks the stop check */
    b->stop = stop;
    b->counter = 1023;
    b->stopped = 0;
    b->nodes = 0;
}

/* Nonzero when the search must stop now. */
static int budget_spent(Budget *b) {
    if (b->stopped) return 1;
    b->nodes++;
    if (++b->counter & 1023) return 0;
    double t = now();
    if (b->deadline >= 0 && t >= b->deadline) { b->stopped = 1; return 1; }
    if (t >= b->next_yield) {
        Py_BEGIN_ALLOW_THREADS
        Py_END_ALLOW_THREADS
        b->next_yield = now() + 0.002;
        if (b->stop != Py_None) {
            PyObject *r = PyObject_CallObject(b->stop, NULL);
            if (r == NULL) { b->stopped = 3; return 1; }
            int truth = PyObject_IsTrue(r);
            Py_DECREF(r);
            if (truth) { b->stopped = truth < 0 ? 3 : 2; return 1; }
        }
    }
    return 0;
}

/* ---- one memo for everything ------------------------------------------------------------------ */

typedef struct { uint64_t k[4]; int32_t v; } Entry; /* k[3] != 0 marks a used slot */
static Entry *memo = NULL;
static size_t memo_cap = 0, memo_used = 0;
static size_t memo_slots = (size_t)1 << 22; /* the ceiling; set_memo_limit raises it for long offline runs */
/* It starts small and doubles up to memo_slots (default 4M: 160 MB), then is emptied when three quarters full.
 * Starting small matters: every page of a fresh table is a page fault when first touched, and a small
 * search spread over 160 MB paid several microseconds a node for them. */
#define MEMO_MIN_SLOTS ((size_t)1 << 16)
static uint64_t mix(const uint64_t *k) {
    uint64_t h = k[0] * 0x9E3779B97F4A7C15ULL;
    h ^= (k[1] + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h = (h ^ (h >> 29)) + k[2] * 0x165667B19E3779F9ULL;
    h ^= k[3] * 0x27D4EB2F165667C5ULL;
    h ^= h >> 33; /* splitmix64's finaliser: every key bit reaches the low bits the index uses */
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ULL;
    return h ^ (h >> 33);
}

static int memo_get(const uint64_t *k) {
    if (!memo) return -1;
    size_t mask = memo_cap - 1, i = mix(k) & mask;
    while (memo[i].k[3]) {
        if (!memcmp(memo[i].k, k, sizeof memo[i].k)) return memo[i].v;
        i = (i + 1) & mask;
    }
    return -1;
}

static void memo_clear(void) {
    free(memo);
    memo = NULL;
    memo_cap = memo_used = 0;
}

static void memo_insert(Entry *table, size_t cap, const uint64_t *k, int v) {
    size_t mask = cap - 1, i = mix(k) & mask;
    while (table[i].k[3]) {
        if (!memcmp(table[i].k, k, sizeof table[i].k)) { table[i].v = v; return; }
        i = (i + 1) & mask;
    }
    memcpy(table[i].k, k, sizeof table[i].k);
    table[i].v = v;
    memo_used++;
}

/* A table twice the size (or the first one) holding every value so far; -1 when out of memory. */
static int memo_grow(void) {
    size_t cap = memo ? memo_cap * 2 : MEMO_MIN_SLOTS;
    Entry *table = calloc(cap, sizeof(Entry));
    if (!table) return -1;
    memo_used = 0;
    for (size_t j = 0; j < memo_cap; j++)
        if (memo[j].k[3]) memo_insert(table, cap, memo[j].k, memo[j].v);
    free(memo);
    memo = table;
    memo_cap = cap;
    return 0;
}

static int memo_put(const uint64_t *k, int v) {
    if (memo && memo_used >= memo_cap / 4 * 3) {
        if (memo_cap >= memo_slots) memo_clear();
        else if (memo_grow() < 0) memo_clear();
    }
    if (!memo && memo_grow() < 0) return -1;
    memo_insert(memo, memo_cap, k, v);
    return 0;
}

/* The compact memos: 16-byte slots {a, b}, four to a cache line (against one and a half for the 40-byte
 * entries above). A table's key is a and the bits of b under its `keyed` mask; the rest of b is the
 * stored value; a slot with a == b == 0 is empty (every key has a non-zero tag in a or b). A small
 * search touches few pages: a table starts at 4096 slots (64 KB) and doubles up to table_slots (by
 * default 4M: 64 MB), then is emptied when three quarters full. Like the memo above, no pointer into a
 * table is held across a budget check. */
typedef struct { uint64_t a, b; } Slot;
typedef struct { Slot *slots; size_t cap, used; uint64_t keyed; unsigned long moved; } Table; /* moved: counts regrowths and clears */
#define TABLE_MIN_SLOTS ((size_t)1 << 12)
static size_t table_slots = (size_t)1 << 22; /* the ceiling (see set_memo_limit) */
/* Node Kayles shapes in boxes of up to 64 cells: a = cells, b = tag << 32 | Grundy value. */
static Table nk_memo = {NULL, 0, 0, 0xFFFFFFFF00000000ULL, 0};
/* noneighbour boards of up to 32 cells: a = tag << 32 | occupied, b = what is known of its moves. */
static Table nn_memo = {NULL, 0, 0, 0, 0};

static inline __attribute__((always_inline)) size_t table_index(const Table *t, uint64_t a, uint64_t b) {
    uint64_t h = (a ^ ((b & t->keyed) * 0x9E3779B97F4A7C15ULL)) * 0xFF51AFD7ED558CCDULL;
    h ^= h >> 32;
    h *= 0xC4CEB9FE1A85EC53ULL;
    return (size_t)(h ^ (h >> 29)) & (t->cap - 1);
}

/* Whether the key (a, b's keyed bits) is stored; its b in *out if so. */
static inline __attribute__((always_inline)) int table_get(const Table *t, uint64_t a, uint64_t b, uint64_t *out) {
    if (!t->slots) return 0;
    size_t mask = t->cap - 1, i = table_index(t, a, b);
    const Slot *s = t->slots;
    while (s[i].a | s[i].b) {
        if (s[i].a == a && !((s[i].b ^ b) & t->keyed)) { *out = s[i].b; return 1; }
        i = (i + 1) & mask;
    }
    return 0;
}

static size_t table_insert(Table *t, uint64_t a, uint64_t b) {
    size_t mask = t->cap - 1, i = table_index(t, a, b);
    Slot *s = t->slots;
    while (s[i].a | s[i].b) {
        if (s[i].a == a && !((s[i].b ^ b) & t->keyed)) { s[i].b = b; return i; }
        i = (i + 1) & mask;
    }
    s[i].a = a;
    s[i].b = b;
    t->used++;
    return i;
}

static void table_clear(Table *t) {
    free(t->slots);
    t->slots = NULL;
    t->cap = t->used = 0;
    t->moved++;
}

static int table_grow(Table *t) {
    Table bigger = {calloc(t->slots ? t->cap * 2 : TABLE_MIN_SLOTS, sizeof(Slot)), t->slots ? t->cap * 2 : TABLE_MIN_SLOTS, 0,
                    t->keyed, t->moved + 1};
    if (!bigger.slots) return -1;
    for (size_t j = 0; j < t->cap; j++)
        if (t->slots[j].a | t->slots[j].b) table_insert(&bigger, t->slots[j].a, t->slots[j].b);
    free(t->slots);
    *t = bigger;
    return 0;
}

/* Stores b under (a, b's keyed bits), replacing what was there; -1 when out of memory, else the slot's
 * index, which stays its index while t->moved is unchanged (slots are never removed one by one). */
static long table_put(Table *t, uint64_t a, uint64_t b) {
    if (t->slots && t->used >= t->cap / 4 * 3) {
        if (t->cap >= table_slots) table_clear(t);
        else if (table_grow(t) < 0) table_clear(t);
    }
    if (!t->slots && table_grow(t) < 0) return -1;
    return (long)table_insert(t, a, b);
}

enum { TAG_NK = 1, TAG_NK_CANON = 2, TAG_NN = 3 };

/* A compact tag: the top bit keeps it non-zero. */
static uint32_t tag16(int tag, int h, int w, int extra) {
    return 0x80000000u | (uint32_t)tag << 24 | (uint32_t)h << 16 | (uint32_t)w << 8 | (uint32_t)extra;
}

/* ---- Python ints <-> u128 ------------------------------------------------------------------------ */

static int to_u128(PyObject *o, u128 *out) {
    if (!PyLong_Check(o)) { PyErr_SetString(PyExc_TypeError, "a cell mask is an int"); return -1; }
    PyObject *zero = PyLong_FromLong(0);
    if (!zero) return -1;
    int bad = PyObject_RichCompareBool(o, zero, Py_LT);
    Py_DECREF(zero);
    if (bad) {
        if (bad > 0) PyErr_SetString(PyExc_ValueError, "a cell mask cannot be negative");
        return -1;
    }
    PyObject *shift = PyLong_FromLong(128);
    if (!shift) return -1;
    PyObject *top = PyNumber_Rshift(o, shift);
    Py_DECREF(shift);
    if (!top) return -1;
    int wide = PyObject_IsTrue(top);
    Py_DECREF(top);
    if (wide) {
        if (wide > 0) PyErr_SetString(PyExc_ValueError, "a cell mask of more than 128 cells");
        return -1;
    }
    shift = PyLong_FromLong(64);
    if (!shift) return -1;
    PyObject *high = PyNumber_Rshift(o, shift);
    Py_DECREF(shift);
    if (!high) return -1;
    unsigned long long lo = PyLong_AsUnsignedLongLongMask(o);
    unsigned long long hi = PyLong_AsUnsignedLongLongMask(high);
    Py_DECREF(high);
    if (PyErr_Occurred()) return -1;
    *out = ((u128)hi << 64) | lo;
    return 0;
}

/* ---- box geometry ---------------------------------------------------------------------------- */

typedef struct {
    int h, w, n;
    u128 full, not_first, not_last;
    u128 closed[MAXCELLS]; /* cell and its orthogonal neighbours */
    u128 orth[MAXCELLS];   /* orthogonal neighbours */
    u128 king[MAXCELLS];   /* the eight around */
    uint8_t sym[8][MAXCELLS]; /* where each cell goes under symmetry s (see canonical) */
} Frame;

static Frame *frames[MAXCELLS + 1][MAXCELLS + 1];

static Frame *frame(int h, int w) {
    if (h < 1 || w < 1 || h * w > MAXCELLS) return NULL;
    if (frames[h][w]) return frames[h][w];
    Frame *f = calloc(1, sizeof(Frame));
    if (!f) return NULL;
    f->h = h; f->w = w; f->n = h * w;
    f->full = h * w == 128 ? ~(u128)0 : BIT(h * w) - 1;
    u128 first = 0;
    for (int r = 0; r < h; r++) first |= BIT(r * w);
    f->not_first = f->full & ~first;
    f->not_last = f->full & ~(first << (w - 1));
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            u128 o = 0, k = 0;
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++) {
                    int rr = r + dr, cc = c + dc;
                    if ((!dr && !dc) || rr < 0 || rr >= h || cc < 0 || cc >= w) continue;
                    k |= BIT(rr * w + cc);
                    if (!dr || !dc) o |= BIT(rr * w + cc);
                }
            f->orth[r * w + c] = o;
            f->king[r * w + c] = k;
            f->closed[r * w + c] = o | BIT(r * w + c);
        }
    /* Symmetry s: bit 4 transposes (the image box is w x h), bit 1 flips the rows, bit 2 the columns. */
    for (int s = 0; s < 8; s++) {
        int th = (s & 4) ? w : h, tw = (s & 4) ? h : w;
        for (int r = 0; r < th; r++)
            for (int c = 0; c < tw; c++) {
                int sr = (s & 4) ? c : r, sc = (s & 4) ? r : c;
                if (s & 1) sr = h - 1 - sr;
                if (s & 2) sc = w - 1 - sc;
                f->sym[s][sr * w + sc] = (uint8_t)(r * tw + c);
            }
    }
    frames[h][w] = f;
    return f;
}

static u128 flood(const Frame *f, u128 seed, u128 within) {
    u128 comp = seed;
    for (;;) {
        u128 grown = (comp | ((comp & f->not_last) << 1) | ((comp & f->not_first) >> 1) | (comp << f->w) |
                      (comp >> f->w)) & within;
        if (grown == comp) return comp;
        comp = grown;
    }
}

/* ---- Node Kayles: Grundy values of regions ---------------------------------------------------------- */

static void nk_key(uint64_t *k, int tag, int h, int w, u128 bits) {
    k[0] = (uint64_t)bits;
    k[1] = (uint64_t)(bits >> 64);
    k[2] = (uint64_t)(h << 8 | w);
    k[3] = (uint64_t)tag;
}

static u128 map_cells(const uint8_t *image, u128 x) {
    u128 out = 0;
    while (x) {
        out |= BIT(image[lowbit128(x)]);
        x &= x - 1;
    }
    return out;
}

static uint64_t map_cells64(const uint8_t *image, uint64_t x) {
    uint64_t out = 0;
    for (; x; x &= x - 1) out |= 1ULL << image[__builtin_ctzll(x)];
    return out;
}

/* The least (h, w, bits) over the 8 symmetries of a shape: a key shared by congruent shapes. Only the
 * images with the fewer rows can be least, so a rectangle needs four of them. */
static void canonical(const Frame *f, int *ch, int *cw, u128 *cb, u128 bits) {
    int h = f->h, w = f->w, best_set = 0;
    for (int s = 0; s < 8; s++) {
        int th = (s & 4) ? w : h, tw = (s & 4) ? h : w;
        if (th > (h < w ? h : w)) continue;
        u128 out = f->n <= 64 ? map_cells64(f->sym[s], (uint64_t)bits) : map_cells(f->sym[s], bits);
        if (!best_set || out < *cb) { *ch = th; *cw = tw; *cb = out; best_set = 1; }
    }
}

static int nk_get16(uint64_t bits, uint32_t tag) {
    uint64_t b;
    return table_get(&nk_memo, bits, (uint64_t)tag << 32, &b) ? (int)(uint32_t)b : -1;
}

static int nk_put16(uint64_t bits, uint32_t tag, int v) {
    return table_put(&nk_memo, bits, (uint64_t)tag << 32 | (uint32_t)v) < 0 ? -1 : 0;
}

/* Memo access for Node Kayles shapes: compact for boxes of up to 64 cells. */
static int nk_get(int tag, int h, int w, u128 bits) {
    if (h * w <= 64) return nk_get16((uint64_t)bits, tag16(tag, h, w, 0));
    uint64_t k[4];
    nk_key(k, tag, h, w, bits);
    return memo_get(k);
}

static int nk_put(int tag, int h, int w, u128 bits, int v) {
    if (h * w <= 64) return nk_put16((uint64_t)bits, tag16(tag, h, w, 0), v);
    uint64_t k[4];
    nk_key(k, tag, h, w, bits);
    return memo_put(k, v);
}

static int nk_shape(int h, int w, u128 bits, Budget *b);

/* Grundy value of a connected region given inside an h x w box. */
static int nk_region(const Frame *f, u128 comp, Budget *b) {
    int v = nk_get(TAG_NK, f->h, f->w, comp);
    if (v >= 0) return v;
    /* move it into its bounding box */
    int r0 = lowbit128(comp) / f->w, r1 = highbit128(comp) / f->w;
    u128 rowmask = BIT(f->w) - 1, occupied = 0;
    for (int r = r0; r <= r1; r++) occupied |= (comp >> (r * f->w)) & rowmask;
    int c0 = lowbit128(occupied), c1 = highbit128(occupied);
    int bh = r1 - r0 + 1, bw = c1 - c0 + 1;
    u128 boxed = 0, m = BIT(bw) - 1;
    for (int r = r0; r <= r1; r++) boxed |= ((comp >> (r * f->w + c0)) & m) << ((r - r0) * bw);
    v = nk_shape(bh, bw, boxed, b);
    if (v < 0) return v;
    if (nk_put(TAG_NK, f->h, f->w, comp, v) < 0) return -2;
    return v;
}

/* Boxes of up to 64 cells (every board searched from scratch in practice) in plain 64-bit words. */
static int nk_solve64(const Frame *f, uint64_t bits, Budget *b);

/* The Grundy value of `cells`: the XOR of its regions' values, or a negative code when stopped. */
static int nk_grundy_of(const Frame *f, u128 cells, Budget *b) {
    int total = 0;
    while (cells) {
        u128 comp = flood(f, cells & (~cells + 1), cells);
        cells ^= comp;
        int r = nk_region(f, comp, b);
        if (r < 0) return r;
        total ^= r;
    }
    return total;
}

static int nk_solve(int h, int w, u128 bits, Budget *b) {
    const Frame *f = frame(h, w);
    if (!f) return -2;
    if (f->n <= 64) return nk_solve64(f, (uint64_t)bits, b);
    u128 seen = 0, cells = bits;
    while (cells) {
        int i = lowbit128(cells);
        cells &= cells - 1;
        if (budget_spent(b)) return -1;
        int total = nk_grundy_of(f, bits & ~f->closed[i], b);
        if (total < 0) return total;
        if (total >= 127) return -3;
        seen |= BIT(total);
    }
    int mex = 0;
    while (seen & BIT(mex)) mex++;
    return mex;
}

/* A connected region of 1, 2 or 3 cells: one cell and two adjacent ones have the value 1 (a move takes
 * all); three connected grid cells are a path (no triangles), where the middle takes all and an end
 * leaves one cell: options {0, 1}, value 2. Larger ones: -1. */
static int nk_tiny(uint64_t comp) {
    uint64_t two = comp & (comp - 1), three = two & (two - 1);
    return !two ? 1 : !(two & (two - 1)) ? 1 : !(three & (three - 1)) ? 2 : -1;
}

static uint64_t flood64(uint64_t comp, uint64_t within, uint64_t not_first, uint64_t not_last, int w) {
    for (;;) {
        uint64_t grown = (comp | ((comp & not_last) << 1) | ((comp & not_first) >> 1) | (comp << w) | (comp >> w)) & within;
        if (grown == comp) return comp;
        comp = grown;
    }
}

static int nk_region64(const Frame *f, uint64_t comp, Budget *b) {
    int v = nk_tiny(comp);
    if (v >= 0) return v;
    v = nk_get16(comp, tag16(TAG_NK, f->h, f->w, 0));
    if (v >= 0) return v;
    int w = f->w, r0 = __builtin_ctzll(comp) / w, r1 = (63 - __builtin_clzll(comp)) / w;
    uint64_t rowmask = (w == 64 ? ~0ULL : (1ULL << w) - 1), occupied = 0;
    for (int r = r0; r <= r1; r++) occupied |= (comp >> (r * w)) & rowmask;
    int c0 = __builtin_ctzll(occupied), c1 = 63 - __builtin_clzll(occupied);
    int bh = r1 - r0 + 1, bw = c1 - c0 + 1;
    uint64_t boxed;
    if (bw == w) boxed = comp >> (r0 * w);
    else {
        uint64_t m = (1ULL << bw) - 1;
        boxed = 0;
        for (int r = r0; r <= r1; r++) boxed |= ((comp >> (r * w + c0)) & m) << ((r - r0) * bw);
    }
    v = nk_shape(bh, bw, boxed, b);
    if (v < 0) return v;
    if (nk_put16(comp, tag16(TAG_NK, f->h, f->w, 0), v) < 0) return -2;
    return v;
}

static int nk_solve64(const Frame *f, uint64_t bits, Budget *b) {
    uint64_t seen = 0, cells = bits, not_first = (uint64_t)f->not_first, not_last = (uint64_t)f->not_last;
    int w = f->w;
    while (cells) {
        int i = __builtin_ctzll(cells);
        cells &= cells - 1;
        if (budget_spent(b)) return -1;
        uint64_t rest = bits & ~(uint64_t)f->closed[i];
        int total = 0;
        while (rest) {
            uint64_t comp = flood64(rest & -rest, rest, not_first, not_last, w);
            rest ^= comp;
            int v = nk_region64(f, comp, b);
            if (v < 0) return v;
            total ^= v;
        }
        if (total >= 63) return -3;
        seen |= 1ULL << total;
    }
    return __builtin_ctzll(~seen);
}

static int nk_shape(int h, int w, u128 bits, Budget *b) {
    int v = nk_get(TAG_NK, h, w, bits);
    if (v >= 0) return v;
    const Frame *f = frame(h, w);
    if (!f) return -2;
    int ch = 0, cw = 0;
    u128 cb = 0;
    canonical(f, &ch, &cw, &cb, bits);
    v = nk_get(TAG_NK_CANON, ch, cw, cb);
    if (v < 0) {
        v = nk_solve(h, w, bits, b);
        if (v < 0) return v;
        if (nk_put(TAG_NK_CANON, ch, cw, cb, v) < 0) return -2;
    }
    if (nk_put(TAG_NK, h, w, bits, v) < 0) return -2;
    return v;
}

static PyObject *finish(Budget *b, int v) {
    if (v == -1) {
        if (b->stopped == 3) return NULL;
        Py_RETURN_NONE;
    }
    if (v == -2) return PyErr_NoMemory();
    if (v == -3) {
        PyErr_SetString(PyExc_OverflowError, "a Grundy value beyond the native core's range");
        return NULL;
    }
    return PyLong_FromLong(v);
}

static int parse_budget(PyObject *stop) {
    if (stop != Py_None && !PyCallable_Check(stop)) {
        PyErr_SetString(PyExc_TypeError, "stop must be a callable or None");
        return -1;
    }
    return 0;
}

static unsigned long long last_nodes = 0;

/* The arguments both Node Kayles calls take: (rows, cols, free, remaining, stop). -1 with an exception set. */
static int nk_args(PyObject *args, const Frame **f, u128 *free_cells, Budget *b) {
    int rows, cols;
    PyObject *freeobj, *stop;
    double remaining;
    if (!PyArg_ParseTuple(args, "iiOdO", &rows, &cols, &freeobj, &remaining, &stop)) return -1;
    if (parse_budget(stop) < 0) return -1;
    *f = frame(rows, cols);
    if (!*f) { PyErr_SetString(PyExc_ValueError, "the native core handles boards of 1 to 128 cells"); return -1; }
    if (to_u128(freeobj, free_cells) < 0) return -1;
    *free_cells &= (*f)->full;
    budget_init(b, remaining, stop);
    return 0;
}

/* nk_grundy(rows, cols, free, remaining, stop) -> Grundy value of the free cells, or None */
static PyObject *py_nk_grundy(PyObject *self, PyObject *args) {
    const Frame *f;
    u128 free_cells;
    Budget b;
    if (nk_args(args, &f, &free_cells, &b) < 0) return NULL;
    int v = nk_grundy_of(f, free_cells, &b);
    last_nodes = b.nodes;
    return finish(&b, v);
}

/* nk_move_values(rows, cols, free, remaining, stop) -> for each free cell, lowest index first, the
 * Grundy value the position has after marking it, or None when the budget ran out first. */
static PyObject *py_nk_move_values(PyObject *self, PyObject *args) {
    const Frame *f;
    u128 free_cells;
    Budget b;
    if (nk_args(args, &f, &free_cells, &b) < 0) return NULL;
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    int stopped = 0;
    for (u128 cells = free_cells; cells; cells &= cells - 1) {
        int i = lowbit128(cells), v = -1;
        if (!stopped) {
            v = nk_grundy_of(f, free_cells & ~f->closed[i], &b);
            if (v < -1) { Py_DECREF(out); return finish(&b, v); }
            if (v == -1) {
                if (b.stopped == 3) { Py_DECREF(out); return NULL; }
                stopped = 1;
            }
        }
        PyObject *item = v < 0 ? Py_NewRef(Py_None) : PyLong_FromLong(v);
        if (!item || PyList_Append(out, item) < 0) { Py_XDECREF(item); Py_DECREF(out); return NULL; }
        Py_DECREF(item);
    }
    last_nodes = b.nodes;
    return out;
}

/* ---- noneighbour: win or loss by negamax with the memo -------------------------------------------- */

/* A position and its images under the board's symmetries (8 on a square, 4 on a rectangle: both
 * adjacencies are kept by each) have the same value, so the memo holds it under the least image. */
typedef struct {
    const Frame *f; const u128 *adj; uint64_t tag; Budget *b;
    int nsym; uint8_t image[8][MAXCELLS], back[8][MAXCELLS]; /* back: the inverse of image */
    /* boards of up to 32 cells: 64-bit words and the compact memo (see nn_wins64) */
    int small, reach, n_cells; uint64_t full64, adj64[32], closed64[32], tag64;
} NN;

#ifndef NN_SYM_MARKERS
#define NN_SYM_MARKERS 4
#endif

static void nn_symmetries(NN *s) {
    int h = s->f->h, w = s->f->w;
    s->nsym = 0;
    for (int t = 0; t < 8; t++) {
        if ((t & 4) && h != w) continue; /* a transpose maps a rectangle onto another board */
        for (int r = 0; r < h; r++)
            for (int c = 0; c < w; c++) {
                int rr = (t & 1) ? h - 1 - r : r, cc = (t & 2) ? w - 1 - c : c;
                int to = (t & 4) ? cc * w + rr : rr * w + cc;
                s->image[s->nsym][r * w + c] = (uint8_t)to;
                s->back[s->nsym][to] = (uint8_t)(r * w + c);
            }
        s->nsym++;
    }
}

static void nn_key(const NN *s, u128 occ, u128 forb, uint64_t *k) {
    u128 best_occ = occ, best_forb = forb;
    /* Deeper down symmetric twins are rare and mapping costs more than it saves (measured on 5x5: a
     * limit of 4 markers about breaks even, 6 and 9 are slower): there the position is its own key
     * (any image is a sound key: all of them have the same value). */
    int nsym = __builtin_popcountll((uint64_t)occ) + __builtin_popcountll((uint64_t)(occ >> 64)) <= NN_SYM_MARKERS
        ? s->nsym : 1;
    for (int t = 1; t < nsym; t++) {
        u128 o = map_cells(s->image[t], occ);
        if (o > best_occ) continue;
        u128 f = map_cells(s->image[t], forb);
        if (o < best_occ || f < best_forb) { best_occ = o; best_forb = f; }
    }
    k[0] = (uint64_t)best_occ;
    k[1] = (uint64_t)(best_occ >> 64);
    k[2] = (uint64_t)best_forb;
    k[3] = (uint64_t)(best_forb >> 64) ^ s->tag;
}

/* Whether the empty cells split into pairs of cells that are not neighbours. Then the player to move
 * loses, whatever is forbidden: the other player answers every marker with its pair, which is never
 * forbidden to them (it is not next to the marker just put) and always empty (pairs go together), so
 * the player to move is the one who runs out. The Python reference does not use this; it searches.
 * A sure answer when yes: pairs are looked for greedily, first each lowest cell with its highest
 * possible partner (quick, and enough nearly always), then, if that fails, always the cell with the
 * fewest possible partners left with its partner with the fewest (quadratic in the cells, rarely
 * needed). */
static int nn_paired(const u128 *adj, u128 empty) {
    if (count128(empty) & 1) return 0;
    u128 left = empty;
    while (left) {
        int a = lowbit128(left);
        left &= left - 1;
        u128 partners = left & ~adj[a];
        if (!partners) break;
        left &= ~BIT(highbit128(partners));
    }
    if (!left) return 1;
    while (empty) {
        int a = -1, b = -1, fewest = MAXCELLS + 1;
        for (u128 c = empty; c; c &= c - 1) {
            int i = lowbit128(c), k = count128(empty & ~adj[i] & ~BIT(i));
            if (k < fewest) { fewest = k; a = i; }
        }
        if (!fewest) return 0;
        empty &= ~BIT(a);
        fewest = MAXCELLS + 1;
        for (u128 c = empty & ~adj[a]; c; c &= c - 1) {
            int i = lowbit128(c), k = count128(empty & ~adj[i] & ~BIT(i));
            if (k < fewest) { fewest = k; b = i; }
        }
        empty &= ~BIT(b);
    }
    return 1;
}

static int nn_wins(NN *s, u128 occ, u128 forb) {
    if (nn_paired(s->adj, s->f->full & ~occ)) return 0;
    uint64_t k[4];
    nn_key(s, occ, forb, k);
    int v = memo_get(k);
    if (v >= 0) return v;
    if (budget_spent(s->b)) return -1;
    u128 free_cells = s->f->full & ~(occ | forb);
    int result = 0;
    while (free_cells) {
        int i = lowbit128(free_cells);
        free_cells &= free_cells - 1;
        u128 nocc = occ | BIT(i);
        int r = nn_wins(s, nocc, s->adj[i] & ~nocc);
        if (r < 0) return r;
        if (!r) { result = 1; break; }
    }
    if (memo_put(k, result) < 0) return -2;
    return result;
}

/* nn_wins on boards of up to 32 cells, by what is known of each occupied set. Whether the mover wins
 * depends on the forbidden cells only through which moves are allowed: a move m wins in (occupied,
 * forbidden) exactly when it wins in (occupied, nothing forbidden), since the position it leaves is the
 * same. So the memo keeps, per occupied set, the moves known to win and those known to lose (two cell
 * masks), whatever was forbidden when they were found, and every forbidden set that position comes with
 * shares them. The Python reference memoises each (occupied, forbidden) pair apart; the values and the
 * winning moves are the same. Also, a move after which every empty cell is forbidden to the opponent
 * wins at once: looked for with bit operations, before the memo, once few cells are left (`left`, the
 * empty cells, is at most `reach`, one more than a cell's neighbours). */
static int nn_wins64(NN *s, uint64_t occ, uint64_t forb, int left) {
    uint64_t empty = s->full64 & ~occ, free_cells = empty & ~forb;
    if (!free_cells) return 0;
    if (!(left & 1) && nn_paired(s->adj, empty)) return 0;
    if (left <= s->reach) {
        /* a move m leaves no cell when every empty cell is m or next to m, that is when m is in the
         * closed neighbourhood of every empty cell: intersect those (soon empty when cells are apart) */
        uint64_t traps = free_cells;
        for (uint64_t c = empty; c && traps; c &= c - 1) traps &= s->closed64[__builtin_ctzll(c)];
        if (traps) return 1;
    }
    /* Positions with an odd number of empty cells (above 2) are not memoised: there the mover nearly
     * always wins with the first move tried, so searching one again costs about one lookup of a
     * position one move on, which is memoised; skipping their lookups and stores saves more than that
     * (measured before the pairing proof: 5x5 king from 4 markers 25 -> 21 ms, 14 board sizes and
     * adjacencies 0.77 -> 0.60 s in all; memoising only the odd ones instead: 0.87 s). The pairing
     * proof explains it: with many cells empty, an even number can nearly always be paired. */
    if (left > 2 && (left & 1)) {
        if (budget_spent(s->b)) return -1;
        for (uint64_t todo = free_cells; todo; todo &= todo - 1) {
            int i = __builtin_ctzll(todo);
            uint64_t nocc = occ | (1ULL << i);
            int r = nn_wins64(s, nocc, s->adj64[i] & ~nocc, left - 1);
            if (r <= 0) return r < 0 ? r : 1;
        }
        return 0;
    }
    /* With few markers down, the memo holds the least image of the occupied cells under the board's
     * symmetries, and the moves' masks as they are in that image. */
    int sym = 0;
    uint64_t least = occ, known = 0;
    if (s->n_cells - left <= NN_SYM_MARKERS)
        for (int t = 1; t < s->nsym; t++) {
            uint64_t o = (uint64_t)map_cells(s->image[t], occ);
            if (o < least) { least = o; sym = t; }
        }
    uint64_t key = s->tag64 | least;
    table_get(&nn_memo, key, 0, &known);
    uint64_t wins = known & 0xFFFFFFFF, losses = known >> 32;
    if (sym) {
        wins = (uint64_t)map_cells(s->back[sym], wins);
        losses = (uint64_t)map_cells(s->back[sym], losses);
    }
    if (wins & free_cells) return 1;
    uint64_t todo = free_cells & ~losses;
    if (!todo) return 0;
    if (budget_spent(s->b)) return -1;
    /* its slot, kept (or made, knowing nothing yet) now, so the result below is stored without a search */
    long slot = table_put(&nn_memo, key, known);
    if (slot < 0) return -2;
    unsigned long moved = nn_memo.moved;
    int result = 0;
    while (todo) {
        int i = __builtin_ctzll(todo);
        todo &= todo - 1;
        uint64_t nocc = occ | (1ULL << i);
        int r = nn_wins64(s, nocc, s->adj64[i] & ~nocc, left - 1);
        if (r < 0) return r;
        if (!r) { wins |= 1ULL << i; result = 1; break; }
        losses |= 1ULL << i;
    }
    if (sym) {
        wins = (uint64_t)map_cells(s->image[sym], wins);
        losses = (uint64_t)map_cells(s->image[sym], losses);
    }
    uint64_t learnt = wins | losses << 32;
    if (nn_memo.moved == moved) {
        nn_memo.slots[slot].b |= learnt; /* another search (thread) may have added to it meanwhile */
    } else { /* regrown or emptied meanwhile: look it up again */
        known = 0;
        table_get(&nn_memo, key, 0, &known);
        if (table_put(&nn_memo, key, known | learnt) < 0) return -2;
    }
    return result;
}

/* The value of a position, whichever the board's size. */
static int nn_search(NN *s, u128 occ, u128 forb) {
    if (!s->small) return nn_wins(s, occ, forb);
    uint64_t o = (uint64_t)occ;
    return nn_wins64(s, o, (uint64_t)forb, s->n_cells - __builtin_popcountll(o));
}

/* The arguments both entry points share; 0 on success (the Python error set otherwise). */
static int nn_parse(PyObject *args, NN *s, Budget *b, u128 *occ, u128 *forb) {
    int rows, cols, king;
    PyObject *occobj, *forbobj, *stop;
    double remaining;
    if (!PyArg_ParseTuple(args, "iipOOdO", &rows, &cols, &king, &occobj, &forbobj, &remaining, &stop)) return -1;
    if (parse_budget(stop) < 0) return -1;
    const Frame *f = frame(rows, cols);
    if (!f) { PyErr_SetString(PyExc_ValueError, "the native core handles boards of 1 to 128 cells"); return -1; }
    if (rows * cols > 103) { PyErr_SetString(PyExc_ValueError, "noneighbour in the native core: at most 103 cells"); return -1; }
    if (to_u128(occobj, occ) < 0 || to_u128(forbobj, forb) < 0) return -1;
    *occ &= f->full;
    *forb &= f->full;
    budget_init(b, remaining, stop);
    /* the tag sits above the 64 + 64 bits a 128-cell board could use: boards up to 120 cells keep it apart */
    s->f = f;
    s->adj = king ? f->king : f->orth;
    s->tag = ((uint64_t)TAG_NN << 56) | ((uint64_t)rows << 48) | ((uint64_t)cols << 40) | ((uint64_t)king << 39);
    s->b = b;
    nn_symmetries(s);
    s->n_cells = f->n;
    s->small = f->n <= 32;
    s->reach = king ? 9 : 5;
    if (s->small) {
        s->full64 = (uint64_t)f->full;
        for (int i = 0; i < f->n; i++) {
            s->adj64[i] = (uint64_t)s->adj[i];
            s->closed64[i] = s->adj64[i] | 1ULL << i;
        }
        s->tag64 = (uint64_t)tag16(TAG_NN, rows, cols, king) << 32;
    }
    return 0;
}

/* nn_wins(rows, cols, king, occupied, forbidden, remaining, stop) -> bool, or None */
static PyObject *py_nn_wins(PyObject *self, PyObject *args) {
    NN nn_state; /* per call: the search lets other threads run, and they may search too */
    Budget b;
    u128 occ, forb;
    if (nn_parse(args, &nn_state, &b, &occ, &forb) < 0) return NULL;
    int v = nn_search(&nn_state, occ, forb);
    last_nodes = b.nodes;
    if (v == -1) { if (b.stopped == 3) return NULL; Py_RETURN_NONE; }
    if (v == -2) return PyErr_NoMemory();
    return PyBool_FromLong(v);
}

/* nn_values(rows, cols, king, occupied, forbidden, remaining, stop) -> for each free cell, lowest index
 * first, whether placing there wins (True), loses (False) or was not solved in the budget (None). */
static PyObject *py_nn_values(PyObject *self, PyObject *args) {
    NN nn_state; /* per call: the search lets other threads run, and they may search too */
    Budget b;
    u128 occ, forb;
    if (nn_parse(args, &nn_state, &b, &occ, &forb) < 0) return NULL;
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    u128 free_cells = nn_state.f->full & ~(occ | forb);
    int stopped = 0;
    while (free_cells) {
        int i = lowbit128(free_cells);
        free_cells &= free_cells - 1;
        int v = -1;
        if (!stopped && !budget_spent(&b)) { /* (a pairing may answer a move with no node searched) */
            u128 nocc = occ | BIT(i);
            v = nn_search(&nn_state, nocc, nn_state.adj[i] & ~nocc);
        }
        if (!stopped) {
            if (v == -2) { Py_DECREF(out); return PyErr_NoMemory(); }
            if (v == -1) {
                if (b.stopped == 3) { Py_DECREF(out); return NULL; }
                stopped = 1;
            }
        }
        PyObject *item = v < 0 ? Py_None : (v ? Py_False : Py_True);
        if (PyList_Append(out, item) < 0) { Py_DECREF(out); return NULL; }
    }
    last_nodes = b.nodes;
    return out;
}

/* ---- walls: retrograde analysis of every position of a small graph ------------------------------- */

/* walls_retrograde(neighbours, remaining, stop) -> bytes of 2-bit codes (1 loss, 2 draw, 3 win, 0 not
 * a position) for index (walls * n + me) * n + opp, four codes a byte, low bits first; or None. */
static PyObject *py_walls_retrograde(PyObject *self, PyObject *args) {
    PyObject *seq, *stop;
    double remaining;
    if (!PyArg_ParseTuple(args, "OdO", &seq, &remaining, &stop)) return NULL;
    if (parse_budget(stop) < 0) return NULL;
    Py_ssize_t n = PySequence_Size(seq);
    if (n < 0) return NULL;
    if (n < 1 || n > 22) { PyErr_SetString(PyExc_ValueError, "walls retrograde: 1 to 22 cells"); return NULL; }
    uint32_t nbr[32];
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_GetItem(seq, i);
        if (!item) return NULL;
        nbr[i] = (uint32_t)PyLong_AsUnsignedLongMask(item);
        Py_DECREF(item);
        if (PyErr_Occurred()) return NULL;
    }
    uint64_t count = ((uint64_t)1 << n) * n * n;
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)((count + 3) / 4));
    if (!out) return NULL;
    uint8_t *t = (uint8_t *)PyBytes_AS_STRING(out);
    memset(t, 0, (count + 3) / 4);
    int nn = (int)n;
    uint8_t *value = malloc(nn * nn), *pending = malloc(nn * nn), *drawish = malloc(nn * nn);
    uint16_t *queue = malloc(sizeof(uint16_t) * nn * nn);
    if (!value || !pending || !drawish || !queue) {
        free(value); free(pending); free(drawish); free(queue); Py_DECREF(out);
        return PyErr_NoMemory();
    }
#define GET(ix) ((t[(ix) >> 2] >> (((ix) & 3) * 2)) & 3)
#define SET(ix, c) (t[(ix) >> 2] |= (uint8_t)((c) << (((ix) & 3) * 2)))
    Budget b;
    budget_init(&b, remaining, stop);
    uint32_t full = (uint32_t)(((uint64_t)1 << n) - 1);
    int stopped = 0;
    for (int64_t walls = full; walls >= 0 && !stopped; walls--) {
        uint32_t W = (uint32_t)walls, free_cells = full & ~W;
        if (__builtin_popcount(free_cells) < 2) continue;
        if (budget_spent(&b)) { stopped = 1; break; }
        int qn = 0;
        memset(value, 0, nn * nn);
        memset(pending, 0, nn * nn);
        memset(drawish, 0, nn * nn);
        for (uint32_t ms = free_cells; ms; ms &= ms - 1) {
            int me = __builtin_ctz(ms);
            for (uint32_t os = free_cells & ~(1u << me); os; os &= os - 1) {
                int opp = __builtin_ctz(os);
                uint32_t empty = free_cells & ~(1u << me | 1u << opp);
                uint32_t steps = nbr[me] & empty;
                int at = me * nn + opp;
                if (!steps) { value[at] = 1; queue[qn++] = (uint16_t)at; continue; }
                uint32_t libs = nbr[opp] & empty;
                if (!(libs & (libs - 1))) { value[at] = 3; queue[qn++] = (uint16_t)at; continue; }
                int draws = 0, won = 0;
                for (uint32_t cs = empty; cs; cs &= cs - 1) {
                    int c = __builtin_ctz(cs);
                    uint64_t ix = (((uint64_t)(W | 1u << c) * nn + opp) * nn + me);
                    int code = GET(ix);
                    if (code == 1) { won = 1; break; }
                    if (code == 2) draws = 1;
                }
                if (won) { value[at] = 3; queue[qn++] = (uint16_t)at; continue; }
                pending[at] = (uint8_t)__builtin_popcount(steps);
                drawish[at] = (uint8_t)draws;
            }
        }
        while (qn) {
            int at = queue[--qn], a = at / nn, bb = at % nn, code = value[at];
            for (uint32_t xs = nbr[bb] & free_cells & ~(1u << a); xs; xs &= xs - 1) {
                int x = __builtin_ctz(xs), pred = x * nn + a;
                if (value[pred] || !pending[pred]) continue;
                if (code == 1) {
                    value[pred] = 3; queue[qn++] = (uint16_t)pred;
                } else if (code == 3) {
                    if (!--pending[pred] && !drawish[pred]) { value[pred] = 1; queue[qn++] = (uint16_t)pred; }
                }
            }
        }
        for (uint32_t ms = free_cells; ms; ms &= ms - 1) {
            int me = __builtin_ctz(ms);
            for (uint32_t os = free_cells & ~(1u << me); os; os &= os - 1) {
                int opp = __builtin_ctz(os), at = me * nn + opp;
                int code = value[at] ? value[at] : 2;
                SET(((uint64_t)W * nn + me) * nn + opp, code);
            }
        }
    }
#undef GET
#undef SET
    free(value); free(pending); free(drawish); free(queue);
    last_nodes = b.nodes;
    if (stopped) {
        Py_DECREF(out);
        if (b.stopped == 3) return NULL;
        Py_RETURN_NONE;
    }
    return out;
}

/* ---- module ---------------------------------------------------------------------------------------- */

static PyObject *py_clear(PyObject *self, PyObject *noargs) {
    memo_clear();
    table_clear(&nk_memo);
    table_clear(&nn_memo);
    Py_RETURN_NONE;
}

/* set_memo_limit(log2_slots): how far each memo may grow before it is emptied (default 22: 4M slots,
 * 64 MB compact and 160 MB wide). For offline runs such as scripts/nodekayles_values.py. */
static PyObject *py_set_memo_limit(PyObject *self, PyObject *arg) {
    long bits = PyLong_AsLong(arg);
    if (bits == -1 && PyErr_Occurred()) return NULL;
    if (bits < 16 || bits > 30) {
        PyErr_SetString(PyExc_ValueError, "the memo limit is 2**16 to 2**30 slots");
        return NULL;
    }
    memo_slots = table_slots = (size_t)1 << bits;
    Py_RETURN_NONE;
}

static PyObject *py_nodes(PyObject *self, PyObject *noargs) { return PyLong_FromUnsignedLongLong(last_nodes); }

static PyObject *py_memo_size(PyObject *self, PyObject *noargs) { return PyLong_FromSize_t(memo_used + nk_memo.used + nn_memo.used); }

static PyMethodDef methods[] = {
    {"nk_grundy", py_nk_grundy, METH_VARARGS, "Grundy value of the free cells of a Node Kayles board, or None when stopped."},
    {"nk_move_values", py_nk_move_values, METH_VARARGS, "The Grundy value after each move of a Node Kayles position (None: unsolved)."},
    {"nn_wins", py_nn_wins, METH_VARARGS, "Whether the mover wins a noneighbour position, or None when stopped."},
    {"nn_values", py_nn_values, METH_VARARGS, "Whether each move of a noneighbour position wins, loses or is unsolved (None)."},
    {"walls_retrograde", py_walls_retrograde, METH_VARARGS, "Every walls position's value on a small graph, 2 bits each."},
    {"clear", py_clear, METH_NOARGS, "Forget every memoised value."},
    {"set_memo_limit", py_set_memo_limit, METH_O, "Let each memo grow to 2**n slots before it is emptied."},
    {"nodes", py_nodes, METH_NOARGS, "Nodes the last call visited."},
    {"memo_size", py_memo_size, METH_NOARGS, "Values held in the memo."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_native", "The optional C core of the solvers.", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void) { return PyModule_Create(&module); }

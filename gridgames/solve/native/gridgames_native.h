/* What every game's optional C extension shares: 128-bit boards, the budget, the memos, box geometry.
 *
 * Each game's `_native.c` (gridgames/games/<family>/_native.c, built as gridgames.games.<family>._native
 * by setup.py) includes this header, so each extension gets its own copy of every static below: its own
 * memos, emptied by its own `clear`. The Python module next to each `_native.c` (algorithm.py) is the
 * readable reference; the C does the same work on bitboards (unsigned __int128: boards up to 128 cells)
 * and the tests require identical answers.
 *
 * Every search takes a budget: seconds left (or < 0: none) and a Python callable returning True to
 * stop. The search checks the clock every 1024 nodes and, every 2 ms, lets other threads run and calls
 * the stop check, so a cancelled search ends within a few milliseconds. A stopped search returns None;
 * Python turns that into SearchTimeout.
 *
 * Memory is bounded: the wide memo holds at most `memo_slots` 40-byte entries (default 4M: 160 MB) and
 * each compact table (slots.h, shared with Cram's core) at most `table_slots` 16-byte slots (default 4M:
 * 64 MB); reaching three quarters
 * of its ceiling empties a memo (growing one briefly holds the old table and the new one, half its size
 * again). Values are memoised in open-addressing hash tables (the GIL guards them; no pointer into one
 * is held across a budget check, where other threads may run and grow it).
 */
#ifndef GRIDGAMES_NATIVE_H
#define GRIDGAMES_NATIVE_H

#pragma GCC diagnostic ignored "-Wunused-function" /* each game uses the part it needs */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bits.h"

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
static int count128(u128 x) { return ones64((uint64_t)x) + ones64((uint64_t)(x >> 64)); }

#include "budget.h"

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

#include "slots.h"

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

/* The cells of `x` moved by `image` (where each cell goes under one symmetry of its box). */
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

static int parse_budget(PyObject *stop) {
    if (stop != Py_None && !PyCallable_Check(stop)) {
        PyErr_SetString(PyExc_TypeError, "stop must be a callable or None");
        return -1;
    }
    return 0;
}

/* ---- what every game's module offers ----------------------------------------------------------------- */

/* set_memo_limit(log2_slots): how far each memo may grow before it is emptied (default 22: 4M slots,
 * 64 MB compact and 160 MB wide). For offline runs such as scripts/nodekayles_values.py. */
static PyObject *py_set_memo_limit(PyObject *self, PyObject *arg) {
    long bits = limit_bits(arg, 16, 30, "memo");
    if (bits < 0) return NULL;
    memo_slots = table_slots = (size_t)1 << bits;
    Py_RETURN_NONE;
}

/* The methods every game's module has, after its own: set_memo_limit and nodes. */
#define GRIDGAMES_COMMON_METHODS \
    {"set_memo_limit", py_set_memo_limit, METH_O, "Let each memo grow to 2**n slots before it is emptied."}, \
    {"nodes", py_nodes, METH_NOARGS, "Nodes the last call visited."}

#endif

/* Cram's optional C core: the method of reference.py on 64-bit bitboards (boards of up to 64 cells;
 * solver.py hands larger boards over region by region).
 *
 * A region's Grundy value is the mex, over its dominoes, of the XOR of the values of the regions the
 * domino leaves; values are memoised under the region's canonical shape (moved into its bounding box, the
 * least of its 8 rotations and reflections), one slot per shape. `wins` decides who wins without every
 * value: the position plus a nim-heap *g is a loss for the mover exactly when its value is g, so "is this region worth g?" is
 * a search that stops at the first move to a loss (eq_shape), with the smaller regions of a sum valued
 * exactly and only the largest searched. Both answers share one memo: per shape, its exact value when
 * known and the values it is known not to have.
 *
 * Budget: seconds left (< 0: none) and a Python callable returning True to stop; the clock is read every
 * 256 nodes and the stop check called every 2 ms (with the GIL released for a moment), so a cancelled
 * search ends within a few milliseconds. A stopped search returns None; Python raises SearchTimeout.
 *
 * Memory: the shared compact table (gridgames/solve/native/slots.h) of 16-byte slots, which starts at 4K
 * slots (64 KB) and doubles up to 2**23 slots (128 MB; set_memo_limit), then is emptied when three
 * quarters full. No pointer into it
 * is held across a call that may insert, so emptying it mid-search loses time, never correctness.
 * Besides it, a fixed 384 KB cache of recent shapes' canonical forms (canonical_cached).
 */
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
#define MAXVALUE 255 /* mex over at most 2 * 64 dominoes */

enum { STOPPED = -1, NO_MEMORY = -2 };

static inline int lowbit(u64 x) { return __builtin_ctzll(x); }
static inline int highbit(u64 x) { return 63 - __builtin_clzll(x); }
static inline int count(u64 x) { return ones64(x); }

/* ---- budget: the shared one (gridgames/solve/native/budget.h), its clock read every 256 nodes ---- */

#define BUDGET_EVERY 256
#include "budget.h"

/* ---- the memo: the shared compact table (gridgames/solve/native/slots.h) ---------------------------- */

/* A slot: a = the cells of a shape (row-major in an h x w box), b = meta: bits 0-15 h << 8 | w (the key
 * with a; never 0), bits 16-23 the exact value plus one (0: not known), bits 24-63 for g < 40 whether the
 * value is known not to be g. */
#include "slots.h"
#define NOT_SHIFT 24
#define NOT_VALUES 40
#define MEMO_SLOTS ((size_t)1 << 23) /* Cram's ceiling: 128 MB */
static Table memo = {NULL, 0, 0, 0xFFFF, 0};

/* The shape's meta (only its h << 8 | w when nothing is known). */
static inline u64 memo_meta(u64 bits, int h, int w) {
    u64 hw = (u64)(h << 8 | w), meta = hw;
    return table_get(&memo, bits, hw, &meta) ? meta : hw;
}

static inline int meta_exact(u64 meta) { return (int)((meta >> 16) & 0xFF) - 1; }

static void memo_clear(void) { table_clear(&memo); }

static int remember_exact(u64 bits, int h, int w, int v) {
    u64 meta = memo_meta(bits, h, w);
    meta = (meta & ~((u64)0xFF << 16)) | (u64)(v + 1) << 16;
    return table_put(&memo, bits, meta) < 0 ? NO_MEMORY : v;
}

static int remember_not(u64 bits, int h, int w, int g) {
    if (g >= NOT_VALUES) return 0;
    u64 meta = memo_meta(bits, h, w) | (u64)1 << (NOT_SHIFT + g);
    return table_put(&memo, bits, meta) < 0 ? NO_MEMORY : 0;
}

/* ---- box geometry ------------------------------------------------------------------------------- */

typedef struct {
    int h, w;
    u64 full, not_first, not_last, row_mask;
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
    frames[h][w] = f;
    return f;
}

static inline u64 flood(const Frame *f, u64 seed, u64 within) {
    u64 comp = seed;
    for (;;) {
        u64 grown = (comp | ((comp & f->not_last) << 1) | ((comp & f->not_first) >> 1) | (comp << f->w)
                     | (comp >> f->w)) & within;
        if (grown == comp) return comp;
        comp = grown;
    }
}

/* A region moved from its frame into its bounding box. */
static void box(const Frame *f, u64 comp, int *bh, int *bw, u64 *bits) {
    int w = f->w, r0 = lowbit(comp) / w, r1 = highbit(comp) / w;
    u64 columns = 0;
    for (int r = r0; r <= r1; r++) columns |= (comp >> (r * w)) & f->row_mask;
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

/* Four images of h rows of width w (as is, rows reversed, each row reversed, both): keep the least. */
static void least_of_flips(const u64 *rows, int h, int w, u64 *best, int *best_hw) {
    u64 plain = 0, upside = 0, mirrored = 0, both = 0;
    for (int r = 0; r < h; r++) {
        u64 m = reverse(rows[r], w);
        plain |= rows[r] << (r * w);
        upside |= rows[r] << ((h - 1 - r) * w);
        mirrored |= m << (r * w);
        both |= m << ((h - 1 - r) * w);
    }
    int hw = h << 8 | w;
    u64 images[4] = {plain, upside, mirrored, both};
    for (int k = 0; k < 4; k++)
        if (key_less(images[k], hw, *best, *best_hw)) { *best = images[k]; *best_hw = hw; }
}

/* The least image of a boxed shape under the 8 rotations and reflections. */
static void canonical(int h, int w, u64 bits, int *ch, int *cw, u64 *cb) {
    u64 rows[MAXCELLS], cols[MAXCELLS];
    u64 row_mask = w == 64 ? ~(u64)0 : BIT(w) - 1;
    for (int r = 0; r < h; r++) rows[r] = (bits >> (r * w)) & row_mask;
    for (int c = 0; c < w; c++) cols[c] = 0;
    for (u64 x = bits; x; x &= x - 1) {
        int i = lowbit(x);
        cols[i % w] |= BIT(i / w);
    }
    u64 best = bits;
    int best_hw = h << 8 | w;
    least_of_flips(rows, h, w, &best, &best_hw);
    least_of_flips(cols, w, h, &best, &best_hw);
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

/* ---- Grundy values ------------------------------------------------------------------------------ */


static int region_value(const Frame *f, u64 comp, Budget *b);

/* The XOR of the values of the regions of `cells` (a negative code when stopped). */
static int value_of(const Frame *f, u64 cells, Budget *b) {
    int total = 0;
    while (cells) {
        u64 comp = flood(f, cells & -cells, cells);
        cells ^= comp;
        int v = region_value(f, comp, b);
        if (v < 0) return v;
        total ^= v;
    }
    return total;
}

/* Regions of at most this many cells are valued by their mex; larger ones by search (eq_shape). */
#ifndef EXACT_CELLS
#define EXACT_CELLS 14
#endif

static int eq_shape(int h, int w, u64 bits, int g, Budget *b);

/* mex over the dominoes of a boxed shape of the value each leaves. */
static int solve_shape(const Frame *f, u64 bits, Budget *b) {
    if (budget_spent(b)) return STOPPED;
    uint64_t seen[4] = {0, 0, 0, 0};
    u64 right = bits & (bits >> 1) & f->not_last, down = bits & (bits >> f->w);
    for (int pass = 0; pass < 2; pass++) {
        int step = pass ? f->w : 1;
        for (u64 m = pass ? down : right; m; m &= m - 1) {
            int i = lowbit(m);
            int v = value_of(f, bits & ~(BIT(i) | BIT(i + step)), b);
            if (v < 0) return v;
            seen[v >> 6] |= (uint64_t)1 << (v & 63);
        }
    }
    for (int k = 0; k < 4; k++)
        if (~seen[k]) return k * 64 + __builtin_ctzll(~seen[k]);
    return MAXVALUE; /* unreachable: at most 128 moves cannot fill 256 values */
}

/* The value of a region: memoised under its canonical shape only (one slot per shape). */
static int region_value(const Frame *f, u64 comp, Budget *b) {
    int n = count(comp);
    if (n < 2) return 0;
    if (n < 4) return 1; /* every region of two or three cells: one move, to nothing or one cell */
    int bh, bw, ch, cw;
    u64 bits, cb;
    box(f, comp, &bh, &bw, &bits);
    canonical_cached(bh, bw, bits, &ch, &cw, &cb);
    int v = meta_exact(memo_meta(cb, ch, cw));
    if (v >= 0) return v;
    if (n <= EXACT_CELLS) {
        v = solve_shape(frame(ch, cw), cb, b);
        return v < 0 ? v : remember_exact(cb, ch, cw, v);
    }
    /* A large region: ask "worth 0? worth 1? ..." by search, each question cut short at its first proof. */
    for (int g = 0;; g++) {
        int r = eq_shape(ch, cw, cb, g, b);
        if (r != 0) return r < 0 ? r : g;
    }
}

/* ---- who wins: "is this worth g?" by search ------------------------------------------------------ */


/* 1 when the regions of `cells` have values whose XOR is g, 0 when not: the smaller regions valued
 * exactly, the largest (`largest`, of `most` cells, found by largest_region) searched. */
static int eq_split(const Frame *f, u64 cells, u64 largest, int most, int g, Budget *b) {
    int others = 0;
    for (u64 rest = cells & ~largest; rest;) {
        u64 comp = flood(f, rest & -rest, rest);
        rest ^= comp;
        int v = region_value(f, comp, b);
        if (v < 0) return v;
        others ^= v;
    }
    if (!largest) return g == others;
    if (most <= EXACT_CELLS) {
        int v = region_value(f, largest, b);
        return v < 0 ? v : (v ^ others) == g;
    }
    int bh, bw, ch, cw;
    u64 bits, cb;
    box(f, largest, &bh, &bw, &bits);
    canonical_cached(bh, bw, bits, &ch, &cw, &cb);
    return eq_shape(ch, cw, cb, g ^ others, b);
}

/* The largest region of `cells` (the first of the largest), and its size in *most (0 when empty). */
static u64 largest_region(const Frame *f, u64 cells, int *most) {
    u64 largest = 0;
    *most = 0;
    for (u64 rest = cells; rest;) {
        u64 comp = flood(f, rest & -rest, rest);
        rest ^= comp;
        int n = count(comp);
        if (n > *most) { *most = n; largest = comp; }
    }
    return largest;
}

/* 1 when the regions of `cells` have values whose XOR is g, 0 when not (eq_split). */
static int eq_cells(const Frame *f, u64 cells, int g, Budget *b) {
    int most;
    u64 largest = largest_region(f, cells, &most);
    return eq_split(f, cells, largest, most, g, b);
}

/* A shape's dominoes, as what each leaves: the cells, their largest region and its size, ordered so
 * that the dominoes leaving the smallest largest region come first (their searches are the cheapest).
 * Made once per eq_shape, which may ask it about several values. */
typedef struct {
    u64 left_over[2 * MAXCELLS], largest[2 * MAXCELLS];
    int size[2 * MAXCELLS], n;
} Moves;

static void list_moves(const Frame *f, u64 bits, Moves *moves) {
    u64 right = bits & (bits >> 1) & f->not_last, down = bits & (bits >> f->w);
    moves->n = 0;
    for (int pass = 0; pass < 2; pass++) {
        int step = pass ? f->w : 1;
        for (u64 m = pass ? down : right; m; m &= m - 1) {
            int i = lowbit(m), most;
            u64 rest = bits & ~(BIT(i) | BIT(i + step));
            u64 big = largest_region(f, rest, &most);
            int k = moves->n++;
            while (k > 0 && moves->size[k - 1] > most) {
                moves->size[k] = moves->size[k - 1];
                moves->left_over[k] = moves->left_over[k - 1];
                moves->largest[k] = moves->largest[k - 1];
                k--;
            }
            moves->size[k] = most;
            moves->left_over[k] = rest;
            moves->largest[k] = big;
        }
    }
}

/* Whether some domino leaves regions worth g (1), none does (0), or a negative code. */
static int some_move_leaves(const Frame *f, const Moves *moves, int g, Budget *b) {
    for (int k = 0; k < moves->n; k++) {
        int r = eq_split(f, moves->left_over[k], moves->largest[k], moves->size[k], g, b);
        if (r != 0) return r;
    }
    return 0;
}

/* 1 when a canonical connected shape's value is g, 0 when it is not (a negative code when stopped). */
static int eq_shape(int h, int w, u64 bits, int g, Budget *b) {
    if (budget_spent(b)) return STOPPED;
    const Frame *f = frame(h, w);
    u64 meta = memo_meta(bits, h, w);
    int v = meta_exact(meta);
    if (v >= 0) return v == g;
    if (g < NOT_VALUES && (meta >> (NOT_SHIFT + g) & 1)) return 0;
    u64 right = bits & (bits >> 1) & f->not_last, down = bits & (bits >> f->w);
    if (g > count(right) + count(down)) return 0; /* a mex over n moves is at most n */
    Moves moves;
    list_moves(f, bits, &moves);
    int r = some_move_leaves(f, &moves, g, b);
    if (r < 0) return r;
    if (r == 1) return remember_not(bits, h, w, g);
    for (int smaller = 0; smaller < g; smaller++) { /* worth g only if every smaller value is reachable */
        r = some_move_leaves(f, &moves, smaller, b);
        if (r < 0) return r;
        if (r == 0) return remember_not(bits, h, w, g);
    }
    r = remember_exact(bits, h, w, g);
    return r < 0 ? r : 1;
}

/* ---- Python interface --------------------------------------------------------------------------- */

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
    return 0;
}

static PyObject *finish(Budget *b, int v) {
    last_nodes = b->nodes;
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
    int r = eq_cells(f, cells, 0, &b);
    if (r < 0) return finish(&b, r);
    last_nodes = b.nodes;
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
    if (!out) return NULL;
    u64 right = cells & (cells >> 1) & f->not_last, down = cells & (cells >> f->w);
    int stopped = 0;
    for (u64 m = right | down; m; m &= m - 1) {
        int i = lowbit(m);
        for (int pass = 0; pass < 2; pass++) {
            if (!((pass ? down : right) & BIT(i))) continue;
            int r = STOPPED;
            if (!stopped) {
                u64 rest = cells & ~(BIT(i) | BIT(i + (pass ? f->w : 1)));
                r = values ? value_of(f, rest, &b) : eq_cells(f, rest, 0, &b);
                if (r == NO_MEMORY || (r == STOPPED && b.stopped == 3)) { Py_DECREF(out); return finish(&b, r); }
                stopped = r < 0;
            }
            PyObject *item = r < 0 ? Py_NewRef(Py_None) : values ? PyLong_FromLong(r) : PyBool_FromLong(r);
            if (!item || PyList_Append(out, item) < 0) { Py_XDECREF(item); Py_DECREF(out); return NULL; }
            Py_DECREF(item);
        }
    }
    last_nodes = b.nodes;
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

/* set_memo_limit(log2_slots): how far the memo may grow before it is emptied (default 23: 128 MB). */
static PyObject *py_set_memo_limit(PyObject *self, PyObject *arg) {
    long bits = limit_bits(arg, 16, 30, "memo");
    if (bits < 0) return NULL;
    table_slots = (size_t)1 << bits;
    if (memo.cap > table_slots) memo_clear();
    Py_RETURN_NONE;
}

static PyObject *py_memo_size(PyObject *self, PyObject *noargs) { return PyLong_FromSize_t(memo.used); }
static PyObject *py_memo_bytes(PyObject *self, PyObject *noargs) { return PyLong_FromSize_t(memo.cap * sizeof(Slot)); }

static PyMethodDef methods[] = {
    {"grundy", py_grundy, METH_VARARGS, "The Grundy value of a Cram position's empty cells, or None when stopped."},
    {"wins", py_wins, METH_VARARGS, "Whether the player to move wins a Cram position, or None when stopped."},
    {"move_values", py_move_values, METH_VARARGS, "The Grundy value each domino leaves (None: unsolved)."},
    {"move_wins", py_move_wins, METH_VARARGS, "Whether each domino wins, by search (None: unsolved)."},
    {"clear", py_clear, METH_NOARGS, "Forget every memoised shape."},
    {"set_memo_limit", py_set_memo_limit, METH_O, "Let the memo grow to 2**n slots before it is emptied."},
    {"nodes", py_nodes, METH_NOARGS, "Nodes the last call visited."},
    {"memo_size", py_memo_size, METH_NOARGS, "Shapes held in the memo."},
    {"memo_bytes", py_memo_bytes, METH_NOARGS, "Bytes the memo holds now."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_native", "Cram's optional C core.", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void) {
    table_slots = MEMO_SLOTS;
    return PyModule_Create(&module);
}

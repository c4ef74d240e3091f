/* Cram's optional C core: the method of reference.py on bitboards (unsigned __int128, up to 128 cells).
 *
 * A region's Grundy value is the mex, over its dominoes, of the XOR of the values of the regions the
 * domino leaves; values are memoised by the shape where it sits, in its bounding box and canonically (the
 * least of its 8 rotations and reflections). `wins` decides who wins without every value: the position
 * plus a nim-heap *g is a loss for the mover exactly when its value is g, so "is this region worth g?" is
 * a search that stops at the first move to a loss (eq_shape), with the smaller regions of a sum valued
 * exactly and only the largest searched. Both answers share one memo: per shape, its exact value when
 * known and the values it is known not to have.
 *
 * Budget: seconds left (< 0: none) and a Python callable returning True to stop; the clock is read every
 * 256 nodes and the stop check called every 2 ms (with the GIL released for a moment), so a cancelled
 * search ends within a few milliseconds. A stopped search returns None; Python raises SearchTimeout.
 *
 * Memory: one open-addressing table of 32-byte slots that starts at 64K slots (2 MB) and doubles up to
 * memo_slots (default 2**22 slots: 128 MB), then is emptied when three quarters full. No pointer into it
 * is held across a call that may insert, so emptying it mid-search loses time, never correctness.
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
#define MAXVALUE 255 /* mex over at most 2 * 128 dominoes */

enum { STOPPED = -1, NO_MEMORY = -2 };

static int lowbit(u128 x) {
    uint64_t lo = (uint64_t)x;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}
static int highbit(u128 x) {
    uint64_t hi = (uint64_t)(x >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)x);
}
static int count(u128 x) { return __builtin_popcountll((uint64_t)x) + __builtin_popcountll((uint64_t)(x >> 64)); }

/* ---- budget ---------------------------------------------------------------------------------- */

typedef struct {
    double deadline, next_yield; /* deadline < 0: none */
    PyObject *stop;              /* callable or Py_None */
    unsigned counter;
    int stopped;                 /* 1 time, 2 stop check, 3 Python error */
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
    b->next_yield = t;
    b->stop = stop;
    b->counter = 255;
    b->stopped = 0;
    b->nodes = 0;
}

static int budget_spent(Budget *b) {
    if (b->stopped) return 1;
    b->nodes++;
    if (++b->counter & 255) return 0;
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

/* ---- the memo ----------------------------------------------------------------------------------- */

typedef struct {
    uint64_t lo, hi; /* the cells, row-major in an h x w box */
    uint32_t hw;     /* h << 8 | w; 0 marks an empty slot */
    int32_t exact;   /* the Grundy value, or -1 when not known */
    uint64_t not_values; /* bit g: the value is known not to be g (g < 64) */
} Slot;

#define MEMO_MIN_SLOTS ((size_t)1 << 16)
static Slot *memo = NULL;
static size_t memo_cap = 0, memo_used = 0;
static size_t memo_slots = (size_t)1 << 22;

static size_t slot_index(u128 bits, uint32_t hw, size_t mask) {
    uint64_t h = (uint64_t)bits * 0x9E3779B97F4A7C15ULL;
    h ^= ((uint64_t)(bits >> 64) + hw) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    return (size_t)h & mask;
}

/* The slot holding (bits, h, w), or NULL. Valid only until the next memo_slot_for. */
static Slot *memo_find(u128 bits, int h, int w) {
    if (!memo) return NULL;
    uint32_t hw = (uint32_t)(h << 8 | w);
    size_t mask = memo_cap - 1, i = slot_index(bits, hw, mask);
    uint64_t lo = (uint64_t)bits, hi = (uint64_t)(bits >> 64);
    while (memo[i].hw) {
        if (memo[i].hw == hw && memo[i].lo == lo && memo[i].hi == hi) return &memo[i];
        i = (i + 1) & mask;
    }
    return NULL;
}

static void memo_clear(void) {
    free(memo);
    memo = NULL;
    memo_cap = memo_used = 0;
}

static Slot *slot_insert(Slot *table, size_t cap, const Slot *s) {
    size_t mask = cap - 1, i = slot_index(((u128)s->hi << 64) | s->lo, s->hw, mask);
    while (table[i].hw) {
        if (table[i].hw == s->hw && table[i].lo == s->lo && table[i].hi == s->hi) return &table[i];
        i = (i + 1) & mask;
    }
    table[i] = *s;
    memo_used++;
    return &table[i];
}

static int memo_grow(void) {
    size_t cap = memo ? memo_cap * 2 : MEMO_MIN_SLOTS;
    Slot *table = calloc(cap, sizeof(Slot));
    if (!table) return -1;
    memo_used = 0;
    for (size_t j = 0; j < memo_cap; j++)
        if (memo[j].hw) slot_insert(table, cap, &memo[j]);
    free(memo);
    memo = table;
    memo_cap = cap;
    return 0;
}

/* The slot of (bits, h, w), made if new (exact -1, nothing known); NULL when out of memory. */
static Slot *memo_slot_for(u128 bits, int h, int w) {
    Slot *found = memo_find(bits, h, w);
    if (found) return found;
    if (memo && memo_used >= memo_cap / 4 * 3) {
        if (memo_cap >= memo_slots) memo_clear();
        else if (memo_grow() < 0) memo_clear();
    }
    if (!memo && memo_grow() < 0) return NULL;
    Slot s = {(uint64_t)bits, (uint64_t)(bits >> 64), (uint32_t)(h << 8 | w), -1, 0};
    return slot_insert(memo, memo_cap, &s);
}

static int remember_exact(u128 bits, int h, int w, int v) {
    Slot *s = memo_slot_for(bits, h, w);
    if (!s) return NO_MEMORY;
    s->exact = v;
    return v;
}

static int remember_not(u128 bits, int h, int w, int g) {
    Slot *s = memo_slot_for(bits, h, w);
    if (!s) return NO_MEMORY;
    if (g < 64) s->not_values |= (uint64_t)1 << g;
    return 0;
}

/* ---- box geometry ------------------------------------------------------------------------------- */

typedef struct {
    int h, w;
    u128 full, not_first, not_last;
    uint8_t sym[8][MAXCELLS]; /* where each cell goes under symmetry s (bit 4 transposes) */
} Frame;

static Frame *frames[MAXCELLS + 1][MAXCELLS + 1];

static const Frame *frame(int h, int w) {
    if (h < 1 || w < 1 || h * w > MAXCELLS) return NULL;
    if (frames[h][w]) return frames[h][w];
    Frame *f = calloc(1, sizeof(Frame));
    if (!f) return NULL;
    f->h = h; f->w = w;
    f->full = h * w == 128 ? ~(u128)0 : BIT(h * w) - 1;
    u128 first = 0;
    for (int r = 0; r < h; r++) first |= BIT(r * w);
    f->not_first = f->full & ~first;
    f->not_last = f->full & ~(first << (w - 1));
    /* Symmetry s: bit 4 transposes (the image box is w x h), bit 1 flips the rows, bit 2 the columns. */
    for (int s = 0; s < 8; s++) {
        int tw = (s & 4) ? h : w;
        for (int r = 0; r < h; r++)
            for (int c = 0; c < w; c++) {
                int rr = (s & 1) ? h - 1 - r : r, cc = (s & 2) ? w - 1 - c : c;
                int tr = (s & 4) ? cc : rr, tc = (s & 4) ? rr : cc;
                f->sym[s][r * w + c] = (uint8_t)(tr * tw + tc);
            }
    }
    frames[h][w] = f;
    return f;
}

static u128 flood(const Frame *f, u128 seed, u128 within) {
    u128 comp = seed;
    for (;;) {
        u128 grown = (comp | ((comp & f->not_last) << 1) | ((comp & f->not_first) >> 1) | (comp << f->w)
                      | (comp >> f->w)) & within;
        if (grown == comp) return comp;
        comp = grown;
    }
}

/* A region moved from its frame into its bounding box. */
static void box(const Frame *f, u128 comp, int *bh, int *bw, u128 *bits) {
    int w = f->w, r0 = lowbit(comp) / w, r1 = highbit(comp) / w;
    u128 row_mask = w == 128 ? ~(u128)0 : BIT(w) - 1, columns = 0;
    for (int r = r0; r <= r1; r++) columns |= (comp >> (r * w)) & row_mask;
    int c0 = lowbit(columns), nw = highbit(columns) - c0 + 1;
    u128 keep = nw == 128 ? ~(u128)0 : BIT(nw) - 1, out = 0;
    for (int r = r0; r <= r1; r++) out |= ((comp >> (r * w + c0)) & keep) << ((r - r0) * nw);
    *bh = r1 - r0 + 1;
    *bw = nw;
    *bits = out;
}

static int key_less(u128 a, int ah, int aw, u128 b, int bh, int bw) {
    if (a != b) return a < b;
    return (ah << 8 | aw) < (bh << 8 | bw);
}

/* The least image of a boxed shape under the 8 symmetries. */
static void canonical(const Frame *f, u128 bits, int *ch, int *cw, u128 *cb) {
    *ch = f->h; *cw = f->w; *cb = bits;
    for (int s = 1; s < 8; s++) {
        u128 image = 0;
        for (u128 x = bits; x; x &= x - 1) image |= BIT(f->sym[s][lowbit(x)]);
        int th = (s & 4) ? f->w : f->h, tw = (s & 4) ? f->h : f->w;
        if (key_less(image, th, tw, *cb, *ch, *cw)) { *ch = th; *cw = tw; *cb = image; }
    }
}

/* ---- Grundy values ------------------------------------------------------------------------------ */

static unsigned long long last_nodes = 0;

static int region_value(const Frame *f, u128 comp, Budget *b);

/* The XOR of the values of the regions of `cells` (a negative code when stopped). */
static int value_of(const Frame *f, u128 cells, Budget *b) {
    int total = 0;
    while (cells) {
        u128 comp = flood(f, cells & -cells, cells);
        cells ^= comp;
        int v = region_value(f, comp, b);
        if (v < 0) return v;
        total ^= v;
    }
    return total;
}

/* mex over the dominoes of a boxed shape of the value each leaves. */
static int solve_shape(const Frame *f, u128 bits, Budget *b) {
    if (budget_spent(b)) return STOPPED;
    uint64_t seen[4] = {0, 0, 0, 0};
    u128 right = bits & (bits >> 1) & f->not_last, down = bits & (bits >> f->w);
    for (int pass = 0; pass < 2; pass++) {
        int step = pass ? f->w : 1;
        for (u128 m = pass ? down : right; m; m &= m - 1) {
            int i = lowbit(m);
            int v = value_of(f, bits & ~(BIT(i) | BIT(i + step)), b);
            if (v < 0) return v;
            seen[v >> 6] |= (uint64_t)1 << (v & 63);
        }
    }
    for (int k = 0; k < 4; k++)
        if (~seen[k]) return k * 64 + __builtin_ctzll(~seen[k]);
    return MAXVALUE; /* unreachable: at most 256 moves cannot fill 256 values */
}

/* The value of a boxed connected shape: memo by the box, then canonically, else solved. */
static int shape_value(int h, int w, u128 bits, Budget *b) {
    Slot *s = memo_find(bits, h, w);
    if (s && s->exact >= 0) return s->exact;
    const Frame *f = frame(h, w);
    if (!f) return NO_MEMORY;
    int ch, cw;
    u128 cb;
    canonical(f, bits, &ch, &cw, &cb);
    s = memo_find(cb, ch, cw);
    int v = s && s->exact >= 0 ? s->exact : -1;
    if (v < 0) {
        v = solve_shape(f, bits, b);
        if (v < 0) return v;
        if (remember_exact(cb, ch, cw, v) < 0) return NO_MEMORY;
    }
    return remember_exact(bits, h, w, v);
}

static int region_value(const Frame *f, u128 comp, Budget *b) {
    int n = count(comp);
    if (n < 2) return 0;
    if (n < 4) return 1; /* every region of two or three cells: one move, to nothing or one cell */
    Slot *s = memo_find(comp, f->h, f->w);
    if (s && s->exact >= 0) return s->exact;
    int bh, bw;
    u128 bits;
    box(f, comp, &bh, &bw, &bits);
    int v = shape_value(bh, bw, bits, b);
    if (v < 0) return v;
    return remember_exact(comp, f->h, f->w, v);
}

/* ---- who wins: "is this worth g?" by search ------------------------------------------------------ */

/* Regions of at most this many cells are valued exactly rather than searched (fast, and memoised). */
#define EXACT_CELLS 14

static int eq_shape(int h, int w, u128 bits, int g, Budget *b);

/* 1 when the regions of `cells` have values whose XOR is g, 0 when not: the smaller regions valued
 * exactly, the largest searched. */
static int eq_cells(const Frame *f, u128 cells, int g, Budget *b) {
    u128 largest = 0;
    int most = -1, others = 0;
    for (u128 rest = cells; rest;) {
        u128 comp = flood(f, rest & -rest, rest);
        rest ^= comp;
        int n = count(comp);
        if (n > most) { most = n; largest = comp; }
    }
    for (u128 rest = cells & ~largest; rest;) {
        u128 comp = flood(f, rest & -rest, rest);
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
    int bh, bw;
    u128 bits;
    box(f, largest, &bh, &bw, &bits);
    return eq_shape(bh, bw, bits, g ^ others, b);
}

/* Whether some domino of the shape leaves regions worth g (1), none does (0), or a negative code. */
static int some_move_leaves(const Frame *f, u128 bits, int g, Budget *b) {
    u128 right = bits & (bits >> 1) & f->not_last, down = bits & (bits >> f->w);
    for (int pass = 0; pass < 2; pass++) {
        int step = pass ? f->w : 1;
        for (u128 m = pass ? down : right; m; m &= m - 1) {
            int i = lowbit(m);
            int r = eq_cells(f, bits & ~(BIT(i) | BIT(i + step)), g, b);
            if (r != 0) return r;
        }
    }
    return 0;
}

/* 1 when the boxed connected shape's value is g, 0 when it is not (a negative code when stopped). */
static int eq_shape(int h, int w, u128 bits, int g, Budget *b) {
    if (budget_spent(b)) return STOPPED;
    const Frame *f = frame(h, w);
    if (!f) return NO_MEMORY;
    int ch, cw;
    u128 cb;
    canonical(f, bits, &ch, &cw, &cb);
    Slot *s = memo_find(cb, ch, cw);
    if (s && s->exact >= 0) return s->exact == g;
    if (s && g < 64 && (s->not_values >> g & 1)) return 0;
    u128 right = bits & (bits >> 1) & f->not_last, down = bits & (bits >> f->w);
    if (g > count(right) + count(down)) return 0; /* a mex over n moves is at most n */
    int r = some_move_leaves(f, bits, g, b);
    if (r < 0) return r;
    if (r == 1) return remember_not(cb, ch, cw, g);
    for (int smaller = 0; smaller < g; smaller++) { /* worth g only if every smaller value is reachable */
        r = some_move_leaves(f, bits, smaller, b);
        if (r < 0) return r;
        if (r == 0) return remember_not(cb, ch, cw, g);
    }
    r = remember_exact(cb, ch, cw, g);
    return r < 0 ? r : 1;
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
    int sign = PyObject_Not(top); /* 1: nothing above bit 127 (and not negative) */
    Py_DECREF(top);
    if (sign != 1) {
        Py_DECREF(high);
        if (sign == 0) PyErr_SetString(PyExc_ValueError, "a cell mask is a non-negative int of at most 128 bits");
        return -1;
    }
    unsigned long long lo = PyLong_AsUnsignedLongLongMask(o), hi = PyLong_AsUnsignedLongLongMask(high);
    Py_DECREF(high);
    if (PyErr_Occurred()) return -1;
    *out = ((u128)hi << 64) | lo;
    return 0;
}

/* (rows, cols, free, remaining, stop): -1 with an exception set when they are not usable. */
static int parse(PyObject *args, const Frame **f, u128 *cells, Budget *b) {
    int rows, cols;
    PyObject *freeobj, *stop;
    double remaining;
    if (!PyArg_ParseTuple(args, "iiOdO", &rows, &cols, &freeobj, &remaining, &stop)) return -1;
    if (stop != Py_None && !PyCallable_Check(stop)) {
        PyErr_SetString(PyExc_TypeError, "stop must be a callable or None");
        return -1;
    }
    *f = frame(rows, cols);
    if (!*f) { PyErr_SetString(PyExc_ValueError, "the Cram core handles boards of 1 to 128 cells"); return -1; }
    if (to_u128(freeobj, cells) < 0) return -1;
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
    u128 cells;
    Budget b;
    if (parse(args, &f, &cells, &b) < 0) return NULL;
    return finish(&b, value_of(f, cells, &b));
}

/* wins(rows, cols, free, remaining, stop) -> whether the player to move wins, or None when stopped */
static PyObject *py_wins(PyObject *self, PyObject *args) {
    const Frame *f;
    u128 cells;
    Budget b;
    if (parse(args, &f, &cells, &b) < 0) return NULL;
    int r = eq_cells(f, cells, 0, &b);
    if (r < 0) return finish(&b, r);
    last_nodes = b.nodes;
    return PyBool_FromLong(!r);
}

/* move_values(rows, cols, free, remaining, stop) -> for each domino (lowest cell first, the horizontal
 * before the vertical) the Grundy value it leaves, or None once the budget ran out. */
static PyObject *py_move_values(PyObject *self, PyObject *args) {
    const Frame *f;
    u128 cells;
    Budget b;
    if (parse(args, &f, &cells, &b) < 0) return NULL;
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    u128 right = cells & (cells >> 1) & f->not_last, down = cells & (cells >> f->w);
    int stopped = 0;
    for (u128 m = right | down; m; m &= m - 1) {
        int i = lowbit(m);
        for (int pass = 0; pass < 2; pass++) {
            if (!((pass ? down : right) & BIT(i))) continue;
            int v = STOPPED;
            if (!stopped) {
                v = value_of(f, cells & ~(BIT(i) | BIT(i + (pass ? f->w : 1))), &b);
                if (v == NO_MEMORY || (v == STOPPED && b.stopped == 3)) { Py_DECREF(out); return finish(&b, v); }
                stopped = v < 0;
            }
            PyObject *item = v < 0 ? Py_NewRef(Py_None) : PyLong_FromLong(v);
            if (!item || PyList_Append(out, item) < 0) { Py_XDECREF(item); Py_DECREF(out); return NULL; }
            Py_DECREF(item);
        }
    }
    last_nodes = b.nodes;
    return out;
}

static PyObject *py_clear(PyObject *self, PyObject *noargs) {
    memo_clear();
    Py_RETURN_NONE;
}

/* set_memo_limit(log2_slots): how far the memo may grow before it is emptied (default 22: 128 MB). */
static PyObject *py_set_memo_limit(PyObject *self, PyObject *arg) {
    long bits = PyLong_AsLong(arg);
    if (bits == -1 && PyErr_Occurred()) return NULL;
    if (bits < 16 || bits > 30) {
        PyErr_SetString(PyExc_ValueError, "the memo limit is 2**16 to 2**30 slots");
        return NULL;
    }
    memo_slots = (size_t)1 << bits;
    if (memo_cap > memo_slots) memo_clear();
    Py_RETURN_NONE;
}

static PyObject *py_nodes(PyObject *self, PyObject *noargs) { return PyLong_FromUnsignedLongLong(last_nodes); }
static PyObject *py_memo_size(PyObject *self, PyObject *noargs) { return PyLong_FromSize_t(memo_used); }
static PyObject *py_memo_bytes(PyObject *self, PyObject *noargs) { return PyLong_FromSize_t(memo_cap * sizeof(Slot)); }

static PyMethodDef methods[] = {
    {"grundy", py_grundy, METH_VARARGS, "The Grundy value of a Cram position's empty cells, or None when stopped."},
    {"wins", py_wins, METH_VARARGS, "Whether the player to move wins a Cram position, or None when stopped."},
    {"move_values", py_move_values, METH_VARARGS, "The Grundy value each domino leaves (None: unsolved)."},
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

PyMODINIT_FUNC PyInit__native(void) { return PyModule_Create(&module); }

/* Node Kayles in C: Grundy values of regions, memoised by shape.
 *
 * The optional C core of this game (built as gridgames.games.nodekayles._native when a C compiler is there;
 * see setup.py). algorithm.py next to this file is the readable reference; the tests require identical
 * answers. The shared parts (budget, memos, box geometry) are in gridgames/solve/native/gridgames_native.h.
 */
#include "gridgames_native.h"

/* Node Kayles shapes in boxes of up to 64 cells: a = cells, b = tag << 32 | Grundy value. */
static Table nk_memo = {NULL, 0, 0, 0xFFFFFFFF00000000ULL, 0};

/* ---- Node Kayles: Grundy values of regions ---------------------------------------------------------- */

static void nk_key(uint64_t *k, int tag, int h, int w, u128 bits) {
    k[0] = (uint64_t)bits;
    k[1] = (uint64_t)(bits >> 64);
    k[2] = (uint64_t)(h << 8 | w);
    k[3] = (uint64_t)tag;
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


/* ---- module ---------------------------------------------------------------------------------------- */

static PyObject *py_clear(PyObject *self, PyObject *noargs) {
    memo_clear();
    table_clear(&nk_memo);
    Py_RETURN_NONE;
}

static PyObject *py_memo_size(PyObject *self, PyObject *noargs) { return PyLong_FromSize_t(memo_used + nk_memo.used); }

static PyMethodDef methods[] = {
    {"nk_grundy", py_nk_grundy, METH_VARARGS, "Grundy value of the free cells of a Node Kayles board, or None when stopped."},
    {"nk_move_values", py_nk_move_values, METH_VARARGS, "The Grundy value after each move of a Node Kayles position (None: unsolved)."},
    {"clear", py_clear, METH_NOARGS, "Forget every memoised value."},
    {"memo_size", py_memo_size, METH_NOARGS, "Values held in the memo."},
    GRIDGAMES_COMMON_METHODS,
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_native", "Node Kayles' optional C core.", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void) { return PyModule_Create(&module); }

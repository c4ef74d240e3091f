/* No-neighbour in C: win or loss by negamax with the memo and a pairing proof.
 *
 * The optional C core of this game (built as gridgames.games.noneighbour._native when a C compiler is there;
 * see setup.py). algorithm.py next to this file is the readable reference; the tests require identical
 * answers. The shared parts (budget, memos, box geometry) are in gridgames/solve/native/gridgames_native.h.
 */
#include "gridgames_native.h"

/* noneighbour boards of up to 32 cells: a = tag << 32 | occupied, b = what is known of its moves. */
static Table nn_memo = {NULL, 0, 0, 0, 0};

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
    int nsym = count128(occ) <= NN_SYM_MARKERS
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
    return nn_wins64(s, o, (uint64_t)forb, s->n_cells - ones64(o));
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


/* ---- module ---------------------------------------------------------------------------------------- */

static PyObject *py_clear(PyObject *self, PyObject *noargs) {
    memo_clear();
    table_clear(&nn_memo);
    Py_RETURN_NONE;
}

static PyObject *py_memo_size(PyObject *self, PyObject *noargs) { return PyLong_FromSize_t(memo_used + nn_memo.used); }

static PyMethodDef methods[] = {
    {"nn_wins", py_nn_wins, METH_VARARGS, "Whether the mover wins a noneighbour position, or None when stopped."},
    {"nn_values", py_nn_values, METH_VARARGS, "Whether each move of a noneighbour position wins, loses or is unsolved (None)."},
    {"clear", py_clear, METH_NOARGS, "Forget every memoised value."},
    {"memo_size", py_memo_size, METH_NOARGS, "Values held in the memo."},
    GRIDGAMES_COMMON_METHODS,
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_native", "No-neighbour's optional C core.", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void) { return PyModule_Create(&module); }

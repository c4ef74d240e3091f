/* Walls in C: retrograde analysis of every position of a small graph.
 *
 * The optional C core of this game (built as gridgames.games.walls._native when a C compiler is there;
 * see setup.py). algorithm.py next to this file is the readable reference; the tests require identical
 * answers. The shared parts (budget, memos, box geometry) are in gridgames/solve/native/gridgames_native.h.
 */
#include "gridgames_native.h"

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
        if (ones64(free_cells) < 2) continue;
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
                pending[at] = (uint8_t)ones64(steps);
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
    /* the retrograde pass keeps nothing between calls */
    Py_RETURN_NONE;
}

static PyObject *py_memo_size(PyObject *self, PyObject *noargs) { return PyLong_FromSize_t(0); }

static PyMethodDef methods[] = {
    {"walls_retrograde", py_walls_retrograde, METH_VARARGS, "Every walls position's value on a small graph, 2 bits each."},
    {"clear", py_clear, METH_NOARGS, "Forget every memoised value."},
    {"memo_size", py_memo_size, METH_NOARGS, "Values held in the memo."},
    GRIDGAMES_COMMON_METHODS,
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_native", "Walls' optional C core.", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void) { return PyModule_Create(&module); }

/* The budget every game's C search polls: seconds left (< 0: none) and a Python callable returning
 * True to stop. The clock is read every BUDGET_EVERY nodes (a power of two; a game whose nodes cost
 * more sets a smaller one before including this file) and, every 2 ms, other threads get the GIL and
 * the stop check is called, so a cancelled search ends within a few milliseconds. One copy, included
 * by gridgames_native.h and by the cores that do not use the rest of it (Cram, Domineering).
 */
#ifndef GRIDGAMES_BUDGET_H
#define GRIDGAMES_BUDGET_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <time.h>

#ifndef BUDGET_EVERY
#define BUDGET_EVERY 1024
#endif

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
    b->counter = BUDGET_EVERY - 1;
    b->stopped = 0;
    b->nodes = 0;
}

/* Nonzero when the search must stop now. */
static int budget_spent(Budget *b) {
    if (b->stopped) return 1;
    b->nodes++;
    if (++b->counter & (BUDGET_EVERY - 1)) return 0;
    double t = now();
    if (b->deadline >= 0 && t >= b->deadline) { b->stopped = 1; return 1; }
    if (t >= b->next_yield) {
        /* Let other threads run (a cancel button, a timer setting the stop event). Releasing the GIL and
         * taking it straight back is not enough: a waiting thread seldom wins that race and, as the GIL
         * did change hands, it never asks for it either. A 50 us pause hands it over (2.5% of the time). */
        Py_BEGIN_ALLOW_THREADS
        struct timespec pause = {0, 50000};
        nanosleep(&pause, NULL);
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

/* Nodes the last call visited (each core sets it when a call ends), for benchmarks: its `nodes()`. */
static unsigned long long last_nodes = 0;

static PyObject *py_nodes(PyObject *self, PyObject *noargs) { return PyLong_FromUnsignedLongLong(last_nodes); }

#endif

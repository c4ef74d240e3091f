/* The compact hash table every C core memoises in: 16-byte slots {a, b} in one open-addressing table.
 * Included by gridgames_native.h (Node Kayles, no-neighbour, walls) and by Cram's core; each extension gets
 * its own copy of the statics below.
 *
 * A table's key is a and the bits of b under its `keyed` mask; the rest of b is the stored value; a slot
 * with a == b == 0 is empty (every key has a non-zero tag in a or b). Four slots share a cache line. A
 * small search touches few pages: a table starts at 4096 slots (64 KB) and doubles up to table_slots (by
 * default 4M: 64 MB; a core may set another ceiling), then is emptied when three quarters full. No pointer
 * into a table is held across a budget check or an insert (either may grow or empty it).
 */
#ifndef GRIDGAMES_SLOTS_H
#define GRIDGAMES_SLOTS_H

#pragma GCC diagnostic ignored "-Wunused-function" /* each core uses the part it needs */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct { uint64_t a, b; } Slot;
typedef struct { Slot *slots; size_t cap, used; uint64_t keyed; unsigned long moved; } Table; /* moved: counts regrowths and clears */
#define TABLE_MIN_SLOTS ((size_t)1 << 12)
static size_t table_slots = (size_t)1 << 22; /* the ceiling (see set_memo_limit) */

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

/* set_limit's argument: the ceiling as a power of two, from lo to hi; -1 with a ValueError if not. */
static long limit_bits(PyObject *arg, long lo, long hi, const char *what) {
    long bits = PyLong_AsLong(arg);
    if (bits == -1 && PyErr_Occurred()) return -1;
    if (bits < lo || bits > hi) {
        PyErr_Format(PyExc_ValueError, "the %s limit is 2**%ld to 2**%ld slots", what, lo, hi);
        return -1;
    }
    return bits;
}

#endif

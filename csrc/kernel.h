/* The parts of the compiled kernel _mapkit_search (csrc/mapkit_search.c holds the module). */
#ifndef MAPKIT_KERNEL_H
#define MAPKIT_KERNEL_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>

/* "Unreachable", mapkit.search.INF */
#define UNREACHED 2147483647

/* Room for one more item in a growing array of items of `size` bytes (`*cap` doubled from
 * `first`): 0, or -1 with MemoryError set. */
static inline int mapkit_room(void **items, Py_ssize_t len, Py_ssize_t *cap, size_t size, Py_ssize_t first) {
    if (len < *cap)
        return 0;
    Py_ssize_t more = *cap ? 2 * *cap : first;
    void *grown = realloc(*items, (size_t)more * size);
    if (!grown) {
        PyErr_NoMemory();
        return -1;
    }
    *items = grown;
    *cap = more;
    return 0;
}

/* A number as a double, and whether Python holds it as an int: 1 an int, 0 a float, -1 neither
 * (or an int too large to add exactly), with TypeError set. */
static inline int mapkit_number(PyObject *x, double *out) {
    if (PyFloat_CheckExact(x)) {
        *out = PyFloat_AS_DOUBLE(x);
        return 0;
    }
    if (PyLong_Check(x)) {
        int overflow = 0;
        long long v = PyLong_AsLongLongAndOverflow(x, &overflow);
        if (overflow || v > (1LL << 53) || v < -(1LL << 53)) {
            PyErr_SetString(PyExc_TypeError, "a cost too large to add exactly");
            return -1;
        }
        *out = (double)v;
        return 1;
    }
    PyErr_SetString(PyExc_TypeError, "a cost that is not an int or a float");
    return -1;
}

/* A bucket of Dial's ring: nodes, first in first out. */
typedef struct {
    Py_ssize_t *items;
    Py_ssize_t len, cap;
} Bucket;

/* The graph a search reads: an adjacency list, or CSR arrays; what it fills and obeys. */
typedef struct {
    PyObject *adjacency;                    /* a list of rows, or NULL: the CSR arrays below */
    Py_ssize_t n;
    int64_t *dist, *pred;
    const unsigned char *want, *blocked;
    const int64_t *bounds;
    const int64_t *indptr, *nbr, *wt;       /* row u: nbr[indptr[u]:indptr[u + 1]], costs wt[...] */
} Graph;

/* What a search starts from and where it stops. */
typedef struct {
    Py_ssize_t n_later;
    const int64_t *later_cost, *later_node;   /* sorted by (cost, node) */
    int has_limit;
    int64_t limit;
    Py_ssize_t remaining;
} Plan;

/* Dial's search from the starts (each at cost 0) and the plan's seeds (csrc/mapkit_search.c). */
int mapkit_dial(Graph *g, Plan *p, const int64_t *starts, Py_ssize_t n_starts, int64_t span);
/* The plan's limit from Python (None: none). */
int mapkit_read_limit(PyObject *limit, Plan *p);

/* the same over arrays, and the arrays made (csrc/arrays.c) */
PyObject *mapkit_scan_arrays(PyObject *self, PyObject *args);
PyObject *mapkit_csr(PyObject *self, PyObject *rows);

/* The lists of a mapkit.tolled.TolledRows (borrowed) */
typedef struct {
    PyObject *adjacency, *cost, *owners, *owner_bits, *node_owners, *edge_toll, *node_toll;
    int64_t us;
    double weight;
    int weight_int;     /* Python holds the weight as an int */
} Tolls;

/* One step of a tolled row: to node v (the object, borrowed) over edge `edge` (label, borrowed) */
typedef struct {
    PyObject *v, *label;
    int64_t node, edge;
    double w;
    int w_int;
} TollStep;

/* The lists of a mapkit.tolled.TrackFares (borrowed, but zero: a new reference) */
typedef struct {
    PyObject *track, *into, *line_moves, *fare, *zero;
    int64_t us;
} Fares;

#define MAPKIT_MAX_ROW 64
/* The tolls from the tuple (adjacency, cost, owners, owner_bits, node_owners, edge_toll, node_toll,
 * us, weight) (csrc/tolls.c) */
int mapkit_read_tolls(PyObject *rows, Tolls *t);
/* TolledRows.row(u) into out (room for MAPKIT_MAX_ROW steps), its length in *n */
int mapkit_tolled_row(const Tolls *t, int64_t u, TollStep *out, Py_ssize_t *n);

/* The fares from the tuple (track, into, line_moves, fare, us) (csrc/tolls.c) */
int mapkit_read_fares(PyObject *rows, Fares *f);
/* TrackFares.row(u) into out (room for MAPKIT_MAX_ROW steps; w: the movement, label: the fare) */
int mapkit_fares_row(const Fares *f, PyObject *u, TollStep *out, Py_ssize_t *n);

/* TrackFares.walk(route): (movement, fares, free steps) along a route (csrc/tolls.c) */
PyObject *mapkit_route_sums(PyObject *self, PyObject *args);
/* TrackFares.lower(least, seeds, free): the least fares known lowered from seeds (csrc/tolls.c) */
PyObject *mapkit_lower_fares(PyObject *self, PyObject *args);

/* mapkit.search.dijkstra's loop (csrc/astar.c) */
PyObject *mapkit_astar(PyObject *self, PyObject *args);

#endif

/* The compiled loop of mapkit.search.dijkstra (Dijkstra, A* with an estimate), for whole-number
 * nodes: it does what the Python loop does, in the same order, so that every bot's choice (which
 * rests on the path a search finds among equally cheap ones) stays the same.
 *
 * The order: the heap holds (cost + estimate, cost, node), or (cost, node) without an estimate,
 * compared as Python compares those tuples; equal entries are the same node at the same cost, so
 * any heap pops them in the one order Python's heapq does. With a tie key, the node's tie rank
 * (mapkit.search.tie_rank: a 64-bit mix of the node and the key) comes before the node, as in
 * Python's (cost, rank, node). Costs are added as Python adds them:
 * in doubles, exact for whole numbers under 2**53 and IEEE for floats, and a cost is given back
 * as an int where Python's would be one (both parts ints).
 *
 * astar(sources, rows, by_key, estimate, targets, stop, limit, eps, max_expansions, tie, label_weight)
 *   sources   list of ints
 *   rows      by_key 1: a dict (or subclass with __missing__) from node to a sequence of
 *             (node, cost, label); 0: a callable giving that sequence (an iterable); 2: the
 *             lists of a mapkit.tolled.TolledRows, (adjacency, cost, owners, owner_bits,
 *             node_owners, edge_toll, node_toll, us, weight), whose rows are made here as
 *             TolledRows.row makes them (the same costs, ints where Python's are ints)
 *   estimate  None, a list of numbers by node, or a callable
 *   targets   None or a container; stop: None or a callable stop(node, cost)
 *   limit, eps: floats; max_expansions: -1 for none; tie: None or an int (its low 64 bits)
 *   label_weight None, or a number: a step then costs cost + label_weight * label (the label a
 *             number too), added in that order as Python adds them
 * -> (dist, prev, settled, found), as mapkit.search.Paths holds them; None (nothing done) when a
 * source is not an int. A node reached that is not an int, or a cost not an int or a float,
 * raises TypeError (the caller then runs the Python loop).
 */
#include "kernel.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct {
    double f, g;        /* f: cost + estimate (= g without an estimate) */
    uint64_t rank;      /* the node's tie rank (0 for every node without a tie key) */
    int64_t node;
    PyObject *key;      /* the node as Python has it (the dicts' key) */
    PyObject *cost;     /* the cost as Python has it */
} Entry;

typedef struct {
    Entry *items;
    Py_ssize_t len, cap;
    int with_estimate;
} Heap;

static int before(const Heap *h, const Entry *a, const Entry *b) {
    if (h->with_estimate && a->f != b->f)
        return a->f < b->f;
    if (a->g != b->g)
        return a->g < b->g;
    if (a->rank != b->rank)
        return a->rank < b->rank;
    return a->node < b->node;
}

static int heap_push(Heap *h, Entry e) {
    if (mapkit_room((void **)&h->items, h->len, &h->cap, sizeof *h->items, 64) < 0)
        return -1;
    Py_ssize_t i = h->len++;
    while (i > 0) {
        Py_ssize_t up = (i - 1) / 2;
        if (!before(h, &e, &h->items[up]))
            break;
        h->items[i] = h->items[up];
        i = up;
    }
    h->items[i] = e;
    return 0;
}

static Entry heap_pop(Heap *h) {
    Entry top = h->items[0], last = h->items[--h->len];
    Py_ssize_t i = 0, n = h->len;
    for (;;) {
        Py_ssize_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && before(h, &h->items[c + 1], &h->items[c]))
            c++;
        if (!before(h, &h->items[c], &last))
            break;
        h->items[i] = h->items[c];
        i = c;
    }
    if (n)
        h->items[i] = last;
    return top;
}

/* A number as a double, and whether Python holds it as an int (-1 on an error). */
static int number(PyObject *x, double *out) {
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

static int node_of(PyObject *x, int64_t *out) {
    if (!PyLong_CheckExact(x)) {
        PyErr_SetString(PyExc_TypeError, "a node that is not an int");
        return -1;
    }
    *out = PyLong_AsLongLong(x);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* mapkit.search.tie_rank: splitmix64's finaliser of node * golden + key, modulo 2**64. */
static uint64_t tie_rank(int64_t node, uint64_t key) {
    uint64_t z = (uint64_t)node * 0x9E3779B97F4A7C15ULL + key;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The lists of a TolledRows (borrowed from the rows' tuple) */
typedef struct {
    PyObject *adjacency, *cost, *owners, *owner_bits, *node_owners, *edge_toll, *node_toll;
    long long us;
    double weight;
    int weight_int;
} Tolls;

typedef struct {
    PyObject *rows, *estimate, *targets, *stop;
    int by_key, tied;
    Tolls tolls;                /* by_key 2 */
    int weighted, weight_int;   /* a label weight given, and whether Python holds it as an int */
    double weight;
    uint64_t tie;
    double limit, eps;
    Py_ssize_t max_expansions;
    PyObject *dist, *prev, *settled;
    Heap heap;
} Search;

/* The estimate of node v (0 without one). */
static int estimate_of(Search *s, PyObject *v, int64_t node, double *out) {
    *out = 0.0;
    if (s->estimate == Py_None)
        return 0;
    PyObject *h;
    if (PyList_CheckExact(s->estimate)) {
        if (node < 0 || node >= PyList_GET_SIZE(s->estimate)) {
            PyErr_SetString(PyExc_IndexError, "an estimate's list is shorter than the nodes");
            return -1;
        }
        h = PyList_GET_ITEM(s->estimate, node);
        Py_INCREF(h);
    } else if (!(h = PyObject_CallOneArg(s->estimate, v))) {
        return -1;
    }
    int kind = number(h, out);
    Py_DECREF(h);
    return kind < 0 ? -1 : 0;
}

/* Push v at cost (g, as the object cost): the entry owns new references to v and cost. */
static int push_node(Search *s, PyObject *v, int64_t node, double g, PyObject *cost) {
    double h;
    if (estimate_of(s, v, node, &h) < 0)
        return -1;
    Entry e = {g + h, g, s->tied ? tie_rank(node, s->tie) : 0, node, v, cost};
    Py_INCREF(v);
    Py_INCREF(cost);
    if (heap_push(&s->heap, e) < 0) {
        Py_DECREF(v);
        Py_DECREF(cost);
        return -1;
    }
    return 0;
}

/* The rows of u: a new reference to an iterable. */
static PyObject *rows_of(Search *s, PyObject *u) {
    if (!s->by_key)
        return PyObject_CallOneArg(s->rows, u);
    PyObject *r = PyDict_GetItemWithError(s->rows, u);
    if (r) {
        Py_INCREF(r);
        return r;
    }
    return PyErr_Occurred() ? NULL : PyObject_GetItem(s->rows, u);     /* __missing__ */
}

/* A step to v at cost w (w_int: Python holds it as an int) with its label, from u settled at
 * cost d (d_int: Python holds d as an int). */
static int step_to(Search *s, PyObject *u, double d, int d_int, PyObject *v, double w, int w_int, PyObject *label) {
    int64_t node;
    if (node_of(v, &node) < 0)
        return -1;
    if (s->weighted) {      /* cost + label_weight * label: the product first, as Python */
        double x;
        int x_int = number(label, &x);
        if (x_int < 0)
            return -1;
        w = w + s->weight * x;
        w_int = w_int && x_int && s->weight_int;
    }
    double nd = d + w;
    if (nd > s->limit)
        return 0;
    PyObject *old = PyDict_GetItemWithError(s->dist, v);
    if (old) {
        double o;
        if (number(old, &o) < 0)
            return -1;
        if (!(nd < o - s->eps))
            return 0;
    } else if (PyErr_Occurred()) {
        return -1;
    }
    PyObject *cost = (d_int && w_int) ? PyLong_FromLongLong((long long)nd) : PyFloat_FromDouble(nd);
    PyObject *from = cost ? PyTuple_Pack(2, u, label) : NULL;
    int rc = (from && PyDict_SetItem(s->dist, v, cost) == 0 && PyDict_SetItem(s->prev, v, from) == 0
              && push_node(s, v, node, nd, cost) == 0) ? 0 : -1;
    Py_XDECREF(cost);
    Py_XDECREF(from);
    return rc;
}

/* One row's step (v, w, label) from u, settled at cost d. */
static int step(Search *s, PyObject *u, double d, int d_int, PyObject *item) {
    if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 3) {
        PyErr_SetString(PyExc_TypeError, "a row must be (node, cost, label)");
        return -1;
    }
    double w;
    int w_int = number(PyTuple_GET_ITEM(item, 1), &w);
    if (w_int < 0)
        return -1;
    return step_to(s, u, d, d_int, PyTuple_GET_ITEM(item, 0), w, w_int, PyTuple_GET_ITEM(item, 2));
}

/* The whole number at index i of a list (-1 with an error set: not a list, out of range, not an
 * int that fits). */
static int list_int(PyObject *list, Py_ssize_t i, long long *out) {
    if (!PyList_CheckExact(list) || i < 0 || i >= PyList_GET_SIZE(list)) {
        PyErr_SetString(PyExc_IndexError, "a toll table is not a list long enough for its nodes and edges");
        return -1;
    }
    PyObject *x = PyList_GET_ITEM(list, i);
    if (!PyLong_CheckExact(x)) {
        PyErr_SetString(PyExc_TypeError, "a toll table holds something that is not an int");
        return -1;
    }
    *out = PyLong_AsLongLong(x);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* One step of TolledRows.row(u) (near: u or a neighbour has track): its cost and int-ness. */
static int toll_step(const Tolls *t, int near, int64_t v, int64_t e, double *w, int *w_int) {
    long long c, bits, joined, toll = 0, per, count;
    if (list_int(t->cost, e, &c) < 0)
        return -1;
    *w = (double)c;
    *w_int = 1;
    if (!near)
        return 0;
    if (list_int(t->owner_bits, e, &bits) < 0)
        return -1;
    if (bits) {
        if (bits & t->us) {
            *w = 0.0;
            return 0;
        }
        PyObject *owners = PyList_CheckExact(t->owners) && e < PyList_GET_SIZE(t->owners)
                           ? PyList_GET_ITEM(t->owners, e) : NULL;
        if (!owners || !PyTuple_Check(owners)) {
            PyErr_SetString(PyExc_TypeError, "a toll table's owners are not tuples by edge");
            return -1;
        }
        count = PyTuple_GET_SIZE(owners);
        if (list_int(t->edge_toll, e, &per) < 0)
            return -1;
        toll = per * count;
    }
    if (list_int(t->node_owners, v, &joined) < 0)
        return -1;
    joined &= ~t->us & ~bits;
    if (joined) {
        if (list_int(t->node_toll, v, &per) < 0)
            return -1;
        toll += per * (long long)__builtin_popcountll((unsigned long long)joined);
    }
    *w = (double)c + t->weight * (double)toll;     /* cost + weight * toll, the product first */
    *w_int = t->weight_int;
    return 0;
}

/* Relax u's rows as TolledRows.row(u) makes them. */
static int relax_tolled(Search *s, PyObject *u, double d, int d_int) {
    const Tolls *t = &s->tolls;
    int64_t node;
    if (node_of(u, &node) < 0)
        return -1;
    if (!PyList_CheckExact(t->adjacency) || node < 0 || node >= PyList_GET_SIZE(t->adjacency)) {
        PyErr_SetString(PyExc_IndexError, "a node outside the toll table's adjacency");
        return -1;
    }
    PyObject *fast = PySequence_Fast(PyList_GET_ITEM(t->adjacency, node), "an adjacency row");
    if (!fast)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    long long here;
    int rc = list_int(t->node_owners, node, &here), near = here != 0;
    int64_t vs[64], es[64];
    if (n > 64) {
        PyErr_SetString(PyExc_TypeError, "an adjacency row of more than 64 steps");
        rc = -1;
    }
    for (Py_ssize_t i = 0; i < n && rc == 0; i++) {
        PyObject *pair = PySequence_Fast_GET_ITEM(fast, i);
        long long at;
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
            PyErr_SetString(PyExc_TypeError, "an adjacency row must hold (node, edge)");
            rc = -1;
        } else if (node_of(PyTuple_GET_ITEM(pair, 0), &vs[i]) < 0 || node_of(PyTuple_GET_ITEM(pair, 1), &es[i]) < 0
                   || list_int(t->node_owners, vs[i], &at) < 0) {
            rc = -1;
        } else {
            near = near || at != 0;
        }
    }
    for (Py_ssize_t i = 0; i < n && rc == 0; i++) {
        PyObject *pair = PySequence_Fast_GET_ITEM(fast, i);
        double w;
        int w_int;
        rc = toll_step(t, near, vs[i], es[i], &w, &w_int);
        if (rc == 0)
            rc = step_to(s, u, d, d_int, PyTuple_GET_ITEM(pair, 0), w, w_int, PyTuple_GET_ITEM(pair, 1));
    }
    Py_DECREF(fast);
    return rc;
}

/* Relax the rows of u, settled at cost (d, the object cost). */
static int relax(Search *s, PyObject *u, double d, PyObject *cost) {
    double unused;
    int d_int = number(cost, &unused);
    if (d_int < 0)
        return -1;
    if (s->by_key == 2)
        return relax_tolled(s, u, d, d_int);
    PyObject *rows = rows_of(s, u);
    if (!rows)
        return -1;
    int rc = 0;
    if (PyTuple_CheckExact(rows) || PyList_CheckExact(rows)) {
        PyObject *fast = PySequence_Fast(rows, "rows");
        Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
        for (Py_ssize_t i = 0; i < n && rc == 0; i++)
            rc = step(s, u, d, d_int, PySequence_Fast_GET_ITEM(fast, i));
        Py_DECREF(fast);
    } else {
        PyObject *it = PyObject_GetIter(rows), *item;
        if (!it)
            rc = -1;
        while (rc == 0 && it && (item = PyIter_Next(it))) {
            rc = step(s, u, d, d_int, item);
            Py_DECREF(item);
        }
        if (rc == 0 && PyErr_Occurred())
            rc = -1;
        Py_XDECREF(it);
    }
    Py_DECREF(rows);
    return rc;
}

/* Whether the search ends at u, settled at cost (the object): 1 yes, 0 no, -1 an error. */
static int ends_at(Search *s, PyObject *u, PyObject *cost, PyObject **found) {
    if (s->targets != Py_None) {
        int hit = PySequence_Contains(s->targets, u);
        if (hit < 0)
            return -1;
        if (hit) {
            *found = u;
            return 1;
        }
    }
    if (s->stop != Py_None) {
        PyObject *r = PyObject_CallFunctionObjArgs(s->stop, u, cost, NULL);
        if (!r)
            return -1;
        int yes = PyObject_IsTrue(r);
        Py_DECREF(r);
        if (yes)
            return yes;
    }
    if (s->max_expansions >= 0 && PyList_GET_SIZE(s->settled) > s->max_expansions)
        return 1;
    return 0;
}

static int loop(Search *s, PyObject **found) {
    while (s->heap.len) {
        Entry e = heap_pop(&s->heap);
        PyObject *now = PyDict_GetItemWithError(s->dist, e.key);
        double best;
        int rc = 0;
        if (!now || number(now, &best) < 0) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_KeyError, "a node left the heap without a cost");
            rc = -1;
        } else if (!(e.g > best)) {     /* settled now (a dearer entry of it is stale) */
            rc = PyList_Append(s->settled, e.key);
            if (rc == 0)
                rc = ends_at(s, e.key, e.cost, found);
            if (rc == 0)
                rc = relax(s, e.key, e.g, e.cost);
        }
        if (rc == 1 && *found)
            Py_INCREF(*found);
        Py_DECREF(e.key);
        Py_DECREF(e.cost);
        if (rc)
            return rc < 0 ? -1 : 0;
    }
    return 0;
}

static int seed(Search *s, PyObject *sources) {
    PyObject *zero = PyLong_FromLong(0);
    if (!zero)
        return -1;
    int rc = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(sources) && rc == 0; i++) {
        PyObject *v = PyList_GET_ITEM(sources, i);
        int64_t node;
        rc = (node_of(v, &node) == 0 && PyDict_SetItem(s->dist, v, zero) == 0
              && PyDict_SetItem(s->prev, v, Py_None) == 0 && push_node(s, v, node, 0.0, zero) == 0) ? 0 : -1;
    }
    Py_DECREF(zero);
    return rc;
}

/* The tolls' lists from the tuple (adjacency, cost, owners, owner_bits, node_owners, edge_toll,
 * node_toll, us, weight). */
static int read_tolls(PyObject *rows, Tolls *t) {
    if (!PyTuple_Check(rows) || PyTuple_GET_SIZE(rows) != 9) {
        PyErr_SetString(PyExc_TypeError, "tolled rows must be a tuple of nine");
        return -1;
    }
    PyObject **parts[] = {&t->adjacency, &t->cost, &t->owners, &t->owner_bits, &t->node_owners, &t->edge_toll,
                          &t->node_toll};
    for (Py_ssize_t i = 0; i < 7; i++)
        *parts[i] = PyTuple_GET_ITEM(rows, i);
    PyObject *us = PyTuple_GET_ITEM(rows, 7);
    if (!PyLong_CheckExact(us)) {
        PyErr_SetString(PyExc_TypeError, "the team's bit mask is not an int");
        return -1;
    }
    t->us = PyLong_AsLongLong(us);
    if (t->us == -1 && PyErr_Occurred())
        return -1;
    t->weight_int = number(PyTuple_GET_ITEM(rows, 8), &t->weight);
    return t->weight_int < 0 ? -1 : 0;
}

PyObject *mapkit_astar(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *sources, *tie, *weight = Py_None;
    Search s = {0};
    if (!PyArg_ParseTuple(args, "O!OiOOOddnO|O", &PyList_Type, &sources, &s.rows, &s.by_key, &s.estimate,
                          &s.targets, &s.stop, &s.limit, &s.eps, &s.max_expansions, &tie, &weight))
        return NULL;
    if (weight != Py_None) {
        s.weight_int = number(weight, &s.weight);
        if (s.weight_int < 0)
            return NULL;
        s.weighted = 1;
    }
    if (tie != Py_None) {
        if (!PyLong_Check(tie)) {
            PyErr_SetString(PyExc_TypeError, "a tie key that is not an int");
            return NULL;
        }
        s.tie = (uint64_t)PyLong_AsUnsignedLongLongMask(tie);
        if (PyErr_Occurred())
            return NULL;
        s.tied = 1;
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(sources); i++)
        if (!PyLong_CheckExact(PyList_GET_ITEM(sources, i)))
            Py_RETURN_NONE;     /* nodes of another kind: the Python loop's */
    if (s.by_key == 1 && !PyDict_Check(s.rows)) {
        PyErr_SetString(PyExc_TypeError, "rows by key must be a dict");
        return NULL;
    }
    if (s.by_key == 2 && read_tolls(s.rows, &s.tolls) < 0)
        return NULL;
    s.heap.with_estimate = s.estimate != Py_None;
    s.dist = PyDict_New();
    s.prev = PyDict_New();
    s.settled = PyList_New(0);
    PyObject *found = NULL, *result = NULL;
    if (s.dist && s.prev && s.settled && seed(&s, sources) == 0 && loop(&s, &found) == 0)
        result = Py_BuildValue("OOOO", s.dist, s.prev, s.settled, found ? found : Py_None);
    Py_XDECREF(found);
    for (Py_ssize_t i = 0; i < s.heap.len; i++) {
        Py_DECREF(s.heap.items[i].key);
        Py_DECREF(s.heap.items[i].cost);
    }
    free(s.heap.items);
    Py_XDECREF(s.dist);
    Py_XDECREF(s.prev);
    Py_XDECREF(s.settled);
    return result;
}

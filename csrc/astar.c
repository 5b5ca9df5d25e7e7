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
 * astar(sources, rows, by_key, estimate, targets, stop, limit, eps, max_expansions, tie, label_weight,
 *       settled_only)
 *   sources   list of ints
 *   rows      by_key 1: a dict (or subclass with __missing__) from node to a sequence of
 *             (node, cost, label); 0: a callable giving that sequence (an iterable); 2: the
 *             lists of a mapkit.tolled.TolledRows, (adjacency, cost, owners, owner_bits,
 *             node_owners, edge_toll, node_toll, us, weight); 3: those of a TrackFares, (track,
 *             into, line_moves, fare, us): their rows made in csrc/tolls.c as their row
 *             methods make them (the same costs, ints where Python's are ints)
 *   estimate  None, a list of numbers by node, or a callable
 *   targets   None or a container; stop: None or a callable stop(node, cost)
 *   limit, eps: floats; max_expansions: -1 for none; tie: None or an int (its low 64 bits)
 *   label_weight None, or a number: a step then costs cost + label_weight * label (the label a
 *             number too), added in that order as Python adds them
 *   settled_only  true: dist and prev of the settled nodes alone, in the order settled
 * -> (dist, prev, settled, found), as mapkit.search.Paths holds them; None (nothing done) when a
 * source is not an int from 0 to MAX_NODE. A node reached that is not such an int, or a cost not
 * an int or a float, raises TypeError (the caller then runs the Python loop).
 *
 * What the search knows of a node (its best cost, whether Python would hold that cost as an int,
 * its predecessor, the step's label, the node's own int object) is kept in arrays by node; the
 * Python dicts are made once, at the end, in the order Python's loop fills them (the order the
 * nodes were first reached). The heap holds plain numbers. The arrays outlive a search, for the
 * next one (a stamp per node tells this search's nodes from older ones: nothing is cleared); a
 * search started while another runs (from a row function or a stop test) makes its own.
 */
#include "kernel.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The largest node the arrays take (a hex id of a 4000 x 4000 board); 33 bytes a node */
#define MAX_NODE ((int64_t)1 << 24)

typedef struct {
    double f, g;        /* f: cost + estimate (= g without an estimate) */
    uint64_t rank;      /* the node's tie rank (0 for every node without a tie key) */
    int64_t node;
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

static int node_of(PyObject *x, int64_t *out) {
    if (!PyLong_CheckExact(x)) {
        PyErr_SetString(PyExc_TypeError, "a node that is not an int");
        return -1;
    }
    int overflow = 0;
    *out = PyLong_AsLongLongAndOverflow(x, &overflow);
    if (*out == -1 && PyErr_Occurred())
        return -1;
    if (overflow || *out < 0 || *out > MAX_NODE) {
        PyErr_SetString(PyExc_TypeError, "a node outside the kernel's arrays");
        return -1;
    }
    return 0;
}

/* mapkit.search.tie_rank: splitmix64's finaliser of node * golden + key, modulo 2**64. */
static uint64_t tie_rank(int64_t node, uint64_t key) {
    uint64_t z = (uint64_t)node * 0x9E3779B97F4A7C15ULL + key;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* What a search knows by node, for nodes 0 to cap - 1: a node is this search's when its stamp is
 * the search's (else nothing of it is read). */
typedef struct {
    Py_ssize_t cap;
    uint32_t stamp;         /* this search's */
    uint32_t *stamps;
    unsigned char *whole;   /* the best cost is an int in Python */
    double *g;              /* the best cost found */
    int64_t *from;          /* the predecessor (-1: a source) */
    PyObject **label;       /* the step's label from the predecessor (owned; NULL at a source) */
    PyObject **key;         /* the node as Python had it when first reached (owned) */
    int64_t *order;         /* the nodes in the order first reached */
    Py_ssize_t n_order, order_cap;
    int64_t *settled;       /* the nodes in the order settled */
    Py_ssize_t n_settled, settled_cap;
} Nodes;

static Nodes kept_nodes;     /* the arrays between searches */
static int kept_busy;        /* a search holds them */

/* Room in the arrays for node v: 0, or -1 with MemoryError set. */
static int nodes_room(Nodes *k, int64_t v) {
    if (v < k->cap)
        return 0;
    Py_ssize_t cap = k->cap ? k->cap : 1024;
    while (cap <= v)
        cap *= 2;
    void *parts[6] = {realloc(k->stamps, (size_t)cap * sizeof *k->stamps),
                      realloc(k->whole, (size_t)cap), realloc(k->g, (size_t)cap * sizeof *k->g),
                      realloc(k->from, (size_t)cap * sizeof *k->from),
                      realloc(k->label, (size_t)cap * sizeof *k->label),
                      realloc(k->key, (size_t)cap * sizeof *k->key)};
    if (parts[0]) k->stamps = parts[0];
    if (parts[1]) k->whole = parts[1];
    if (parts[2]) k->g = parts[2];
    if (parts[3]) k->from = parts[3];
    if (parts[4]) k->label = parts[4];
    if (parts[5]) k->key = parts[5];
    for (int i = 0; i < 6; i++)
        if (!parts[i]) {
            PyErr_NoMemory();
            return -1;
        }
    memset(k->stamps + k->cap, 0, (size_t)(cap - k->cap) * sizeof *k->stamps);
    k->cap = cap;
    return 0;
}

static int append_node(int64_t **items, Py_ssize_t *len, Py_ssize_t *cap, int64_t v) {
    if (mapkit_room((void **)items, *len, cap, sizeof **items, 64) < 0)
        return -1;
    (*items)[(*len)++] = v;
    return 0;
}

/* The arrays for a search: the kept ones when free (with a new stamp), else new ones. */
static Nodes *nodes_take(Nodes *own) {
    Nodes *k = own;
    if (!kept_busy) {
        kept_busy = 1;
        k = &kept_nodes;
    }
    if (++k->stamp == 0) {      /* the stamps wrapped: every node is old */
        if (k->stamps)
            memset(k->stamps, 0, (size_t)k->cap * sizeof *k->stamps);
        k->stamp = 1;
    }
    k->n_order = k->n_settled = 0;
    return k;
}

/* Give the arrays back: the references this search took are dropped; new arrays are freed. */
static void nodes_give(Nodes *k) {
    for (Py_ssize_t i = 0; i < k->n_order; i++) {
        int64_t v = k->order[i];
        Py_XDECREF(k->label[v]);
        Py_DECREF(k->key[v]);
    }
    k->n_order = k->n_settled = 0;
    if (k == &kept_nodes) {
        kept_busy = 0;
        return;
    }
    free(k->stamps);
    free(k->whole);
    free(k->g);
    free(k->from);
    free(k->label);
    free(k->key);
    free(k->order);
    free(k->settled);
}

typedef struct {
    PyObject *rows, *estimate, *targets, *stop;
    int by_key, tied;
    Tolls tolls;                /* by_key 2 */
    Fares fares;                /* by_key 3 */
    int weighted, weight_int;   /* a label weight given, and whether Python holds it as an int */
    double weight;
    uint64_t tie;
    double limit, eps;
    Py_ssize_t max_expansions;
    Nodes *nodes;
    Heap heap;
} Search;

/* The estimate of node v (0 without one); v_obj: v as Python has it. */
static int estimate_of(Search *s, PyObject *v_obj, int64_t node, double *out) {
    *out = 0.0;
    if (s->estimate == Py_None)
        return 0;
    PyObject *h;
    if (PyList_CheckExact(s->estimate)) {
        if (node >= PyList_GET_SIZE(s->estimate)) {
            PyErr_SetString(PyExc_IndexError, "an estimate's list is shorter than the nodes");
            return -1;
        }
        h = PyList_GET_ITEM(s->estimate, node);
        Py_INCREF(h);
    } else if (!(h = PyObject_CallOneArg(s->estimate, v_obj))) {
        return -1;
    }
    int kind = mapkit_number(h, out);
    Py_DECREF(h);
    return kind < 0 ? -1 : 0;
}

static int push_node(Search *s, PyObject *v_obj, int64_t node, double g) {
    double h;
    if (estimate_of(s, v_obj, node, &h) < 0)
        return -1;
    Entry e = {g + h, g, s->tied ? tie_rank(node, s->tie) : 0, node};
    return heap_push(&s->heap, e);
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
static int step_to(Search *s, int64_t u, double d, int d_int, PyObject *v, double w, int w_int, PyObject *label) {
    int64_t node;
    if (node_of(v, &node) < 0)
        return -1;
    if (s->weighted) {      /* cost + label_weight * label: the product first, as Python */
        double x;
        int x_int = mapkit_number(label, &x);
        if (x_int < 0)
            return -1;
        w = w + s->weight * x;
        w_int = w_int && x_int && s->weight_int;
    }
    double nd = d + w;
    if (nd > s->limit)
        return 0;
    Nodes *k = s->nodes;
    if (nodes_room(k, node) < 0)
        return -1;
    if (k->stamps[node] == k->stamp) {
        if (!(nd < k->g[node] - s->eps))
            return 0;
        Py_INCREF(label);
        Py_XSETREF(k->label[node], label);
    } else {
        if (append_node(&k->order, &k->n_order, &k->order_cap, node) < 0)
            return -1;
        k->stamps[node] = k->stamp;
        k->key[node] = Py_NewRef(v);
        k->label[node] = Py_NewRef(label);
    }
    k->g[node] = nd;
    k->whole[node] = d_int && w_int;
    k->from[node] = u;
    return push_node(s, v, node, nd);
}

/* One row's step (v, w, label) from u, settled at cost d. */
static int step(Search *s, int64_t u, double d, int d_int, PyObject *item) {
    if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 3) {
        PyErr_SetString(PyExc_TypeError, "a row must be (node, cost, label)");
        return -1;
    }
    double w;
    int w_int = mapkit_number(PyTuple_GET_ITEM(item, 1), &w);
    if (w_int < 0)
        return -1;
    return step_to(s, u, d, d_int, PyTuple_GET_ITEM(item, 0), w, w_int, PyTuple_GET_ITEM(item, 2));
}

/* Relax the rows of u (u_obj: u as Python has it), settled at cost d. */
static int relax(Search *s, PyObject *u_obj, int64_t u, double d) {
    int d_int = s->nodes->whole[u];
    int rc = 0;
    if (s->by_key >= 2) {       /* TolledRows.row(u) or TrackFares.row(u), made in csrc/tolls.c */
        TollStep row[MAPKIT_MAX_ROW];
        Py_ssize_t n = 0;
        rc = s->by_key == 2 ? mapkit_tolled_row(&s->tolls, u, row, &n) : mapkit_fares_row(&s->fares, u_obj, row, &n);
        for (Py_ssize_t i = 0; i < n && rc == 0; i++)
            rc = step_to(s, u, d, d_int, row[i].v, row[i].w, row[i].w_int, row[i].label);
        return rc;
    }
    PyObject *rows = rows_of(s, u_obj);
    if (!rows)
        return -1;
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

/* A node's cost as Python holds it: a new reference. */
static PyObject *cost_of(const Nodes *k, int64_t v) {
    return k->whole[v] ? PyLong_FromLongLong((long long)k->g[v]) : PyFloat_FromDouble(k->g[v]);
}

/* Whether the search ends at u (u_obj), just settled: 1 yes, 0 no, -1 an error. */
static int ends_at(Search *s, PyObject *u_obj, int64_t u, int64_t *found) {
    if (s->targets != Py_None) {
        int hit = PySequence_Contains(s->targets, u_obj);
        if (hit < 0)
            return -1;
        if (hit) {
            *found = u;
            return 1;
        }
    }
    if (s->stop != Py_None) {
        PyObject *cost = cost_of(s->nodes, u);
        PyObject *r = cost ? PyObject_CallFunctionObjArgs(s->stop, u_obj, cost, NULL) : NULL;
        Py_XDECREF(cost);
        if (!r)
            return -1;
        int yes = PyObject_IsTrue(r);
        Py_DECREF(r);
        if (yes)
            return yes;
    }
    if (s->max_expansions >= 0 && s->nodes->n_settled > s->max_expansions)
        return 1;
    return 0;
}

static int loop(Search *s, int64_t *found) {
    Nodes *k = s->nodes;
    while (s->heap.len) {
        Entry e = heap_pop(&s->heap);
        if (e.g > k->g[e.node])
            continue;       /* a dearer entry of a node settled before: stale */
        PyObject *u = k->key[e.node];
        int rc = append_node(&k->settled, &k->n_settled, &k->settled_cap, e.node);
        if (rc == 0)
            rc = ends_at(s, u, e.node, found);
        if (rc == 0)
            rc = relax(s, u, e.node, e.g);
        if (rc)
            return rc < 0 ? -1 : 0;
    }
    return 0;
}

static int seed(Search *s, PyObject *sources) {
    Nodes *k = s->nodes;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(sources); i++) {
        PyObject *v = PyList_GET_ITEM(sources, i);
        int64_t node;
        if (node_of(v, &node) < 0 || nodes_room(k, node) < 0)
            return -1;
        if (k->stamps[node] != k->stamp) {
            if (append_node(&k->order, &k->n_order, &k->order_cap, node) < 0)
                return -1;
            k->stamps[node] = k->stamp;
            k->key[node] = Py_NewRef(v);
            k->label[node] = NULL;
        }
        k->g[node] = 0.0;
        k->whole[node] = 1;
        k->from[node] = -1;
        Py_CLEAR(k->label[node]);
        if (push_node(s, v, node, 0.0) < 0)
            return -1;
    }
    return 0;
}

/* (dist, prev, settled, found) as Python's loop leaves them (settled_only: the dicts of the
 * settled nodes, in the order settled). */
static PyObject *answer(const Nodes *k, int64_t found, int settled_only) {
    PyObject *dist = PyDict_New(), *prev = PyDict_New(), *settled = PyList_New(k->n_settled), *result = NULL;
    int ok = dist && prev && settled;
    const int64_t *nodes = settled_only ? k->settled : k->order;
    Py_ssize_t n = settled_only ? k->n_settled : k->n_order;
    for (Py_ssize_t i = 0; ok && i < n; i++) {
        int64_t v = nodes[i];
        PyObject *cost = cost_of(k, v), *step = NULL;
        if (cost)
            step = k->label[v] ? PyTuple_Pack(2, k->key[k->from[v]], k->label[v]) : Py_NewRef(Py_None);
        ok = step && PyDict_SetItem(dist, k->key[v], cost) == 0 && PyDict_SetItem(prev, k->key[v], step) == 0;
        Py_XDECREF(cost);
        Py_XDECREF(step);
    }
    for (Py_ssize_t i = 0; ok && i < k->n_settled; i++)
        PyList_SET_ITEM(settled, i, Py_NewRef(k->key[k->settled[i]]));
    if (ok)
        result = PyTuple_Pack(4, dist, prev, settled, found >= 0 ? k->key[found] : Py_None);
    Py_XDECREF(dist);
    Py_XDECREF(prev);
    Py_XDECREF(settled);
    return result;
}

/* The search's options from astar's arguments: 0, 1 (not for the kernel: None), or -1 (error). */
static int options(Search *s, PyObject *sources, PyObject *tie, PyObject *weight) {
    if (weight != Py_None) {
        s->weight_int = mapkit_number(weight, &s->weight);
        if (s->weight_int < 0)
            return -1;
        s->weighted = 1;
    }
    if (tie != Py_None) {
        if (!PyLong_Check(tie)) {
            PyErr_SetString(PyExc_TypeError, "a tie key that is not an int");
            return -1;
        }
        s->tie = (uint64_t)PyLong_AsUnsignedLongLongMask(tie);
        if (PyErr_Occurred())
            return -1;
        s->tied = 1;
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(sources); i++) {
        int64_t node;
        if (node_of(PyList_GET_ITEM(sources, i), &node) < 0) {
            PyErr_Clear();
            return 1;       /* nodes of another kind: the Python loop's */
        }
    }
    if (s->by_key == 1 && !PyDict_Check(s->rows)) {
        PyErr_SetString(PyExc_TypeError, "rows by key must be a dict");
        return -1;
    }
    if (s->by_key == 2 && mapkit_read_tolls(s->rows, &s->tolls) < 0)
        return -1;
    if (s->by_key == 3 && mapkit_read_fares(s->rows, &s->fares) < 0)
        return -1;
    s->heap.with_estimate = s->estimate != Py_None;
    return 0;
}

PyObject *mapkit_astar(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *sources, *tie, *weight = Py_None;
    int settled_only = 0;
    Search s = {0};
    if (!PyArg_ParseTuple(args, "O!OiOOOddnO|Op", &PyList_Type, &sources, &s.rows, &s.by_key, &s.estimate,
                          &s.targets, &s.stop, &s.limit, &s.eps, &s.max_expansions, &tie, &weight, &settled_only))
        return NULL;
    int ready = options(&s, sources, tie, weight);
    if (ready) {
        Py_XDECREF(s.fares.zero);
        return ready > 0 ? Py_NewRef(Py_None) : NULL;
    }
    Nodes own = {0};
    s.nodes = nodes_take(&own);
    int64_t found = -1;
    PyObject *result = NULL;
    if (seed(&s, sources) == 0 && loop(&s, &found) == 0)
        result = answer(s.nodes, found, settled_only);
    free(s.heap.items);
    Py_XDECREF(s.fares.zero);
    nodes_give(s.nodes);
    return result;
}

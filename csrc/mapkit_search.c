/* The compiled kernel of mapkit.search.dial: Dial's bucket search over an adjacency list.
 *
 * It does exactly what mapkit/search.py's _scan_buckets does, step for step (the same ring
 * of buckets, read first in first out, the same order of relaxations), so that its distances
 * and predecessors are the same to the last tie: a game played with it is the same game as one
 * played without it. The Python function stays the reference and the fallback (no compiler at
 * install time, or MAPKIT_PURE_PYTHON=1); tests/test_search_kernel.py compares the two.
 *
 * Why compiled: the bots of TransAmerica solve Steiner trees by dozens of these searches a turn
 * and the Python loop was three quarters of a game's time.
 *
 * scan(adjacency, dist, pred, starts, later, want, remaining, span, limit, blocked, bounds)
 *   adjacency  list of rows; a row a tuple or list of (node, cost) pairs, whole costs >= 0
 *   dist       list of ints, changed in place; pred: list of ints or None, changed in place
 *   starts     list of nodes at cost 0; later: list of (cost, node), sorted
 *   want       bytearray of flags or None; remaining: how many wanted nodes end the search
 *   span       the number of buckets (largest cost + 1); limit: int or None
 *   blocked    a container of nodes never entered, or None; bounds: list of ints or None
 * Nothing is written to dist or pred when an error is raised.
 */
#include "kernel.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>


static int push(Bucket *b, Py_ssize_t v) {
    if (mapkit_room((void **)&b->items, b->len, &b->cap, sizeof *b->items, 16) < 0)
        return -1;
    b->items[b->len++] = v;
    return 0;
}

/* A list of ints as int64 (NULL with an exception set on a wrong value). */
static int64_t *ints_of(PyObject *list, Py_ssize_t n, const char *what) {
    if (!PyList_Check(list) || PyList_GET_SIZE(list) != n) {
        PyErr_Format(PyExc_TypeError, "%s: a list of %zd ints expected", what, n);
        return NULL;
    }
    int64_t *out = malloc((size_t)(n ? n : 1) * sizeof(int64_t));
    if (!out) {
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long long x = PyLong_AsLongLong(PyList_GET_ITEM(list, i));
        if (x == -1 && PyErr_Occurred()) {
            free(out);
            return NULL;
        }
        out[i] = (int64_t)x;
    }
    return out;
}

/* Write back the entries that changed; -1 on failure (nothing is lost: the list keeps valid ints). */
static int write_back(PyObject *list, const int64_t *now, const int64_t *before, Py_ssize_t n) {
    for (Py_ssize_t i = 0; i < n; i++) {
        if (now[i] != before[i]) {
            PyObject *x = PyLong_FromLongLong((long long)now[i]);
            if (!x)
                return -1;
            PyList_SetItem(list, i, x);  /* steals x, releases the old item */
        }
    }
    return 0;
}


/* One step to v at cost nd from u (w the step's cost), as _scan_buckets takes it. */
static inline int step(Graph *g, Py_ssize_t u, Py_ssize_t v, int64_t w, int64_t nd, Bucket *bucket, Bucket *ring,
                       int64_t span, Py_ssize_t *pending) {
    if (nd < g->dist[v] && !(g->blocked && g->blocked[v]) && !(g->bounds && nd > g->bounds[v])) {
        g->dist[v] = nd;
        if (g->pred)
            g->pred[v] = u;
        if (w) {
            if (push(&ring[nd % span], v) < 0)
                return -1;
            (*pending)++;
        } else if (push(bucket, v) < 0) {
            return -1;
        }
    }
    return 0;
}

/* Relax the edges of u over the CSR arrays (checked by the caller). */
static int relax_csr(Graph *g, Py_ssize_t u, int64_t d, Bucket *bucket, Bucket *ring, int64_t span,
                     Py_ssize_t *pending) {
    for (int64_t j = g->indptr[u]; j < g->indptr[u + 1]; j++) {
        if (step(g, u, (Py_ssize_t)g->nbr[j], g->wt[j], d + g->wt[j], bucket, ring, span, pending) < 0)
            return -1;
    }
    return 0;
}

/* Relax the edges of u, settled at cost d, as _scan_buckets does. */
static int relax(Graph *g, Py_ssize_t u, int64_t d, Bucket *bucket, Bucket *ring, int64_t span,
                 Py_ssize_t *pending) {
    if (!g->adjacency)
        return relax_csr(g, u, d, bucket, ring, span, pending);
    PyObject *row = PyList_GET_ITEM(g->adjacency, u);
    PyObject *fast = PySequence_Fast(row, "a row of the adjacency must be a sequence of (node, cost)");
    if (!fast)
        return -1;
    Py_ssize_t m = PySequence_Fast_GET_SIZE(fast);
    PyObject **cells = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t j = 0; j < m; j++) {
        PyObject *pair = cells[j];
        PyObject *vo, *wo;
        if (PyTuple_Check(pair) && PyTuple_GET_SIZE(pair) == 2) {
            vo = PyTuple_GET_ITEM(pair, 0);
            wo = PyTuple_GET_ITEM(pair, 1);
        } else if (PyList_Check(pair) && PyList_GET_SIZE(pair) == 2) {
            vo = PyList_GET_ITEM(pair, 0);
            wo = PyList_GET_ITEM(pair, 1);
        } else {
            PyErr_SetString(PyExc_TypeError, "an adjacency entry must be a (node, cost) pair");
            Py_DECREF(fast);
            return -1;
        }
        Py_ssize_t v = PyLong_AsSsize_t(vo);
        long long w = PyLong_AsLongLong(wo);
        if ((v == -1 || w == -1) && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (v < 0 || v >= g->n) {
            PyErr_Format(PyExc_IndexError, "node %zd out of range", v);
            Py_DECREF(fast);
            return -1;
        }
        if (w < 0) {
            PyErr_Format(PyExc_ValueError, "negative cost %lld", w);
            Py_DECREF(fast);
            return -1;
        }
        if (step(g, u, v, w, d + w, bucket, ring, span, pending) < 0) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}


/* The loop of _scan_buckets over distances d. */
static int run(Graph *g, Plan *p, Bucket *ring, int64_t span, Py_ssize_t pending, int64_t d) {
    Py_ssize_t nxt = 0;
    Bucket bucket = {NULL, 0, 0};
    int rc = 0;
    while (pending || nxt < p->n_later) {
        if (p->has_limit && d > p->limit)
            break;
        Py_ssize_t i = (Py_ssize_t)(d % span);
        while (nxt < p->n_later && p->later_cost[nxt] <= d) {
            Py_ssize_t s = (Py_ssize_t)p->later_node[nxt];
            if (p->later_cost[nxt] == d && g->dist[s] == d) {
                if (push(&ring[i], s) < 0)
                    goto fail;
                pending++;
            }
            nxt++;
        }
        if (!pending && nxt < p->n_later) {
            d = p->later_cost[nxt];
            continue;
        }
        if (ring[i].len) {
            /* take the bucket out; cost-0 steps append to it while it is read */
            Bucket taken = ring[i];
            ring[i] = bucket;
            ring[i].len = 0;
            bucket = taken;
            pending -= bucket.len;
            for (Py_ssize_t k = 0; k < bucket.len; k++) {
                Py_ssize_t u = bucket.items[k];
                if (g->dist[u] != d)
                    continue;
                if (g->want && g->want[u]) {
                    if (--p->remaining == 0)
                        goto done;
                }
                if (relax(g, u, d, &bucket, ring, span, &pending) < 0)
                    goto fail;
            }
            bucket.len = 0;
        }
        d++;
    }
done:
    free(bucket.items);
    return rc;
fail:
    rc = -1;
    goto done;
}

/* The plan's limit: None for none. */
int mapkit_read_limit(PyObject *limit, Plan *p) {
    if (limit == Py_None)
        return 0;
    p->has_limit = 1;
    p->limit = PyLong_AsLongLong(limit);
    return p->limit == -1 && PyErr_Occurred() ? -1 : 0;
}

/* The search from the starts (each at cost 0) and the plan's seeds, over a fresh ring of buckets. */
int mapkit_dial(Graph *g, Plan *p, const int64_t *starts, Py_ssize_t n_starts, int64_t span) {
    Bucket *ring = calloc((size_t)span, sizeof(Bucket));
    if (!ring) {
        PyErr_NoMemory();
        return -1;
    }
    int rc = 0;
    for (Py_ssize_t i = 0; i < n_starts && rc == 0; i++)
        rc = push(&ring[0], (Py_ssize_t)starts[i]);
    if (rc == 0)
        rc = run(g, p, ring, span, n_starts, (n_starts || !p->n_later) ? 0 : p->later_cost[0]);
    for (int64_t i = 0; i < span; i++)
        free(ring[i].items);
    free(ring);
    return rc;
}

/* The list of (cost, node) pairs as two arrays, owned by the caller (freed even on failure). */
static int read_later(PyObject *later, Plan *p, Py_ssize_t n, int64_t **cost, int64_t **node) {
    if (!PyList_Check(later)) {
        PyErr_SetString(PyExc_TypeError, "later: a list of (cost, node) expected");
        return -1;
    }
    p->n_later = PyList_GET_SIZE(later);
    *cost = malloc((size_t)(p->n_later ? p->n_later : 1) * sizeof(int64_t));
    *node = malloc((size_t)(p->n_later ? p->n_later : 1) * sizeof(int64_t));
    p->later_cost = *cost;
    p->later_node = *node;
    if (!*cost || !*node) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < p->n_later; i++) {
        PyObject *pair = PyList_GET_ITEM(later, i);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
            PyErr_SetString(PyExc_TypeError, "later: a list of (cost, node) expected");
            return -1;
        }
        (*cost)[i] = PyLong_AsLongLong(PyTuple_GET_ITEM(pair, 0));
        (*node)[i] = PyLong_AsLongLong(PyTuple_GET_ITEM(pair, 1));
        if (PyErr_Occurred())
            return -1;
        if ((*node)[i] < 0 || (*node)[i] >= n) {
            PyErr_SetString(PyExc_IndexError, "later: node out of range");
            return -1;
        }
    }
    return 0;
}

/* The nodes of a container as flags (nodes outside 0..n-1 never matter). */
static unsigned char *flags_of(PyObject *blocked, Py_ssize_t n) {
    unsigned char *flags = calloc((size_t)(n ? n : 1), 1);
    if (!flags) {
        PyErr_NoMemory();
        return NULL;
    }
    PyObject *it = PyObject_GetIter(blocked);
    if (!it) {
        free(flags);
        return NULL;
    }
    PyObject *x;
    while ((x = PyIter_Next(it))) {
        if (PyLong_Check(x)) {
            Py_ssize_t v = PyLong_AsSsize_t(x);
            if (v == -1 && PyErr_Occurred())
                PyErr_Clear();      /* a huge int: outside the board */
            else if (v >= 0 && v < n)
                flags[v] = 1;
        }
        Py_DECREF(x);
    }
    Py_DECREF(it);
    if (PyErr_Occurred()) {
        free(flags);
        return NULL;
    }
    return flags;
}

static PyObject *scan(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *adjacency, *dist_list, *pred_list, *starts, *later, *want_obj, *limit_obj, *blocked_obj, *bounds_obj;
    Py_ssize_t remaining, span_in;
    if (!PyArg_ParseTuple(args, "O!O!OO!O!OnnOOO", &PyList_Type, &adjacency, &PyList_Type, &dist_list, &pred_list,
                          &PyList_Type, &starts, &PyList_Type, &later, &want_obj, &remaining, &span_in, &limit_obj,
                          &blocked_obj, &bounds_obj))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(dist_list);
    if (PyList_GET_SIZE(adjacency) < n) {
        PyErr_SetString(PyExc_IndexError, "the adjacency has fewer rows than nodes");
        return NULL;
    }
    if (span_in < 1) {
        PyErr_SetString(PyExc_ValueError, "span must be at least 1");
        return NULL;
    }
    int64_t span = span_in;
    Graph g = {adjacency, n, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    Plan p = {0, NULL, NULL, 0, 0, remaining};
    int64_t *dist0 = NULL, *pred0 = NULL, *bounds = NULL, *later_cost = NULL, *later_node = NULL;
    unsigned char *blocked = NULL;
    int64_t *start = NULL;
    PyObject *result = NULL;
    Py_buffer want = {0};
    int have_want = 0;

    if (!(g.dist = ints_of(dist_list, n, "dist")) || !(dist0 = malloc((size_t)(n ? n : 1) * sizeof(int64_t))))
        goto out;
    memcpy(dist0, g.dist, (size_t)n * sizeof(int64_t));
    if (pred_list != Py_None) {
        if (!(g.pred = ints_of(pred_list, n, "pred")) || !(pred0 = malloc((size_t)(n ? n : 1) * sizeof(int64_t))))
            goto out;
        memcpy(pred0, g.pred, (size_t)n * sizeof(int64_t));
    }
    if (want_obj != Py_None) {
        if (PyObject_GetBuffer(want_obj, &want, PyBUF_SIMPLE) < 0)
            goto out;
        have_want = 1;
        if (want.len < n) {
            PyErr_SetString(PyExc_ValueError, "want: one flag per node expected");
            goto out;
        }
        g.want = want.buf;
    }
    if (blocked_obj != Py_None && !(g.blocked = blocked = flags_of(blocked_obj, n)))
        goto out;
    if (bounds_obj != Py_None && !(g.bounds = bounds = ints_of(bounds_obj, n, "bounds")))
        goto out;
    if (mapkit_read_limit(limit_obj, &p) < 0)
        goto out;
    if (read_later(later, &p, n, &later_cost, &later_node) < 0)
        goto out;
    Py_ssize_t n_starts = PyList_GET_SIZE(starts);
    if (!(start = ints_of(starts, n_starts, "starts")))
        goto out;
    for (Py_ssize_t i = 0; i < n_starts; i++) {
        if (start[i] < 0 || start[i] >= n) {
            PyErr_SetString(PyExc_IndexError, "starts: node out of range");
            goto out;
        }
    }
    if (mapkit_dial(&g, &p, start, n_starts, span) < 0)
        goto out;
    if (write_back(dist_list, g.dist, dist0, n) < 0 || (g.pred && write_back(pred_list, g.pred, pred0, n) < 0))
        goto out;
    result = PyLong_FromSsize_t(p.remaining);
out:
    free(start);
    if (have_want)
        PyBuffer_Release(&want);
    free(g.dist);
    free(dist0);
    free(g.pred);
    free(pred0);
    free(bounds);
    free(blocked);
    free(later_cost);
    free(later_node);
    return result;
}


static PyMethodDef methods[] = {
    {"astar", mapkit_astar, METH_VARARGS, "mapkit.search.dijkstra's loop for whole-number nodes (csrc/astar.c)."},
    {"lower_fares", mapkit_lower_fares, METH_VARARGS, "mapkit.tolled.TrackFares.lower: the least fares lowered from seeds (csrc/tolls.c)."},
    {"route_sums", mapkit_route_sums, METH_VARARGS, "mapkit.tolled.TrackFares.walk: the sums along a route (csrc/tolls.c)."},
    {"csr", mapkit_csr, METH_O, "An adjacency list as CSR arrays of int64: (indptr, nbr, wt, max_weight)."},
    {"scan", scan, METH_VARARGS, "Dial's bucket search, as mapkit.search._scan_buckets (see the source's notes)."},
    {"scan_arrays", mapkit_scan_arrays, METH_VARARGS, "The same search over CSR arrays (mapkit.search.dial_arrays)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_mapkit_search", "The compiled kernel of mapkit.search.dial.",
                                    -1, methods};

PyMODINIT_FUNC PyInit__mapkit_search(void) { return PyModule_Create(&module); }

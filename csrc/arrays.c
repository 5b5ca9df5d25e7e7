/* Dial's search over arrays (mapkit.search.dial_arrays, CostGraph): the loop of mapkit_search.c
 * over CSR arrays and buffers, no Python object per node; and csr(), which makes the arrays. */
#include "kernel.h"
#include <stdlib.h>
#include <string.h>

typedef struct {
    Py_buffer view;
    int held;
} Buf;

/* A C-contiguous buffer of items of `size` bytes (None allowed when `optional`). */
static int take(PyObject *o, Buf *b, Py_ssize_t size, int writable, int optional, const char *what) {
    if (o == Py_None && optional)
        return 0;
    if (PyObject_GetBuffer(o, &b->view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0)) < 0)
        return -1;
    b->held = 1;
    if (b->view.itemsize != size) {
        PyErr_Format(PyExc_TypeError, "%s: items of %zd bytes expected", what, size);
        return -1;
    }
    return 0;
}

static Py_ssize_t items(Buf *b) { return b->held ? b->view.len / b->view.itemsize : 0; }

enum { INDPTR, NBR, WT, DIST, PRED, STARTS, SEEDS, WANT, BLOCKED, BOUNDS, NBUF };

/* The arrays' sizes agree and every node is on the board. */
static int check_arrays(Buf *b, Py_ssize_t n) {
    const int64_t *indptr = b[INDPTR].view.buf, *nbr = b[NBR].view.buf;
    if (items(&b[INDPTR]) != n + 1 || indptr[0] != 0 || items(&b[NBR]) != indptr[n] || items(&b[WT]) != indptr[n]
        || (b[PRED].held && items(&b[PRED]) != n) || (b[SEEDS].held && items(&b[SEEDS]) != n)
        || (b[WANT].held && items(&b[WANT]) < n) || (b[BLOCKED].held && items(&b[BLOCKED]) < n)
        || (b[BOUNDS].held && items(&b[BOUNDS]) < n)) {
        PyErr_SetString(PyExc_ValueError, "the arrays' sizes do not agree");
        return -1;
    }
    for (Py_ssize_t u = 0; u < n; u++) {
        if (indptr[u + 1] < indptr[u]) {
            PyErr_SetString(PyExc_ValueError, "indptr must not decrease");
            return -1;
        }
    }
    const int64_t *wt = b[WT].view.buf;
    for (int64_t j = 0; j < indptr[n]; j++) {
        if (nbr[j] < 0 || nbr[j] >= n || wt[j] < 0) {
            PyErr_SetString(PyExc_ValueError, "a neighbour off the board or a negative cost");
            return -1;
        }
    }
    const int64_t *starts = b[STARTS].view.buf;
    for (Py_ssize_t i = 0; i < items(&b[STARTS]); i++) {
        if (starts[i] < 0 || starts[i] >= n) {
            PyErr_SetString(PyExc_IndexError, "a start off the board");
            return -1;
        }
    }
    return 0;
}

static int by_cost_then_node(const void *a, const void *b) {
    const int64_t *x = a, *y = b;
    return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : (x[1] > y[1]) - (x[1] < y[1]);
}

/* The seeds (nodes whose cost is not UNREACHED or more) in dial's order, by cost then node:
 * counted into their costs when the costs span little, else sorted. */
static int order_seeds(const int64_t *cost, Py_ssize_t n, Plan *p, int64_t **out_cost, int64_t **out_node) {
    Py_ssize_t m = 0;
    int64_t lo = UNREACHED, hi = -1;
    for (Py_ssize_t v = 0; v < n; v++) {
        if (cost[v] < 0) {
            PyErr_SetString(PyExc_ValueError, "a negative seed cost");
            return -1;
        }
        if (cost[v] < UNREACHED) {
            m++;
            lo = cost[v] < lo ? cost[v] : lo;
            hi = cost[v] > hi ? cost[v] : hi;
        }
    }
    *out_cost = malloc((size_t)(m ? m : 1) * sizeof(int64_t));
    *out_node = malloc((size_t)(m ? m : 1) * sizeof(int64_t));
    if (!*out_cost || !*out_node) {
        PyErr_NoMemory();
        return -1;
    }
    p->n_later = m;
    p->later_cost = *out_cost;
    p->later_node = *out_node;
    if (!m)
        return 0;
    if (hi - lo <= 4 * (int64_t)n + 1024) {
        Py_ssize_t span = (Py_ssize_t)(hi - lo + 2);
        Py_ssize_t *at = calloc((size_t)span, sizeof(Py_ssize_t));
        if (!at) {
            PyErr_NoMemory();
            return -1;
        }
        for (Py_ssize_t v = 0; v < n; v++)
            if (cost[v] < UNREACHED)
                at[cost[v] - lo + 1]++;
        for (Py_ssize_t i = 1; i < span; i++)
            at[i] += at[i - 1];
        for (Py_ssize_t v = 0; v < n; v++) {     /* nodes in order: stable within a cost */
            if (cost[v] < UNREACHED) {
                Py_ssize_t k = at[cost[v] - lo]++;
                (*out_cost)[k] = cost[v];
                (*out_node)[k] = v;
            }
        }
        free(at);
        return 0;
    }
    int64_t *pairs = malloc((size_t)m * 2 * sizeof(int64_t));
    if (!pairs) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t v = 0, k = 0; v < n; v++) {
        if (cost[v] < UNREACHED) {
            pairs[2 * k] = cost[v];
            pairs[2 * k + 1] = v;
            k++;
        }
    }
    qsort(pairs, (size_t)m, 2 * sizeof(int64_t), by_cost_then_node);
    for (Py_ssize_t k = 0; k < m; k++) {
        (*out_cost)[k] = pairs[2 * k];
        (*out_node)[k] = pairs[2 * k + 1];
    }
    free(pairs);
    return 0;
}

PyObject *mapkit_scan_arrays(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *o[NBUF], *limit_obj;
    Py_ssize_t remaining, span;
    if (!PyArg_ParseTuple(args, "OOOOOOOOnnOOO", &o[INDPTR], &o[NBR], &o[WT], &o[DIST], &o[PRED], &o[STARTS],
                          &o[SEEDS], &o[WANT], &remaining, &span, &limit_obj, &o[BLOCKED], &o[BOUNDS]))
        return NULL;
    static const Py_ssize_t size[NBUF] = {8, 8, 8, 8, 8, 8, 8, 1, 1, 8};
    static const int writable[NBUF] = {0, 0, 0, 1, 1, 0, 0, 0, 0, 0};
    static const int optional[NBUF] = {0, 0, 0, 0, 1, 0, 1, 1, 1, 1};
    static const char *names[NBUF] = {"indptr", "nbr", "wt", "dist", "pred", "starts", "seeds", "want", "blocked",
                                      "bounds"};
    Buf b[NBUF];
    memset(b, 0, sizeof(b));
    PyObject *result = NULL;
    int64_t *later_cost = NULL, *later_node = NULL;
    for (int i = 0; i < NBUF; i++)
        if (take(o[i], &b[i], size[i], writable[i], optional[i], names[i]) < 0)
            goto out;
    Py_ssize_t n = items(&b[DIST]);
    if (span < 1) {
        PyErr_SetString(PyExc_ValueError, "span must be at least 1");
        goto out;
    }
    if (check_arrays(b, n) < 0)
        goto out;
    Graph g = {NULL, n, b[DIST].view.buf, b[PRED].held ? b[PRED].view.buf : NULL, b[WANT].held ? b[WANT].view.buf : NULL,
               b[BLOCKED].held ? b[BLOCKED].view.buf : NULL, b[BOUNDS].held ? b[BOUNDS].view.buf : NULL,
               b[INDPTR].view.buf, b[NBR].view.buf, b[WT].view.buf};
    Plan p = {0, NULL, NULL, 0, 0, remaining};
    if (b[SEEDS].held && order_seeds(b[SEEDS].view.buf, n, &p, &later_cost, &later_node) < 0)
        goto out;
    if (mapkit_read_limit(limit_obj, &p) < 0)
        goto out;
    /* dial's start: every node unreached, the sources at 0, each seed at its cost */
    for (Py_ssize_t v = 0; v < n; v++) {
        g.dist[v] = UNREACHED;
        if (g.pred)
            g.pred[v] = -1;
    }
    const int64_t *starts = b[STARTS].view.buf;
    Py_ssize_t n_starts = items(&b[STARTS]);
    for (Py_ssize_t i = 0; i < n_starts; i++)
        g.dist[starts[i]] = 0;
    for (Py_ssize_t i = 0; i < p.n_later; i++)
        if (p.later_cost[i] < g.dist[p.later_node[i]])
            g.dist[p.later_node[i]] = p.later_cost[i];
    if (mapkit_dial(&g, &p, starts, n_starts, span) < 0)
        goto out;
    result = PyLong_FromSsize_t(p.remaining);
out:
    for (int i = 0; i < NBUF; i++)
        if (b[i].held)
            PyBuffer_Release(&b[i].view);
    free(later_cost);
    free(later_node);
    return result;
}

/* csr(rows) -> (indptr, nbr, wt, max_weight): an adjacency list as the arrays of int64 (bytes)
 * that scan_arrays reads (mapkit.search.CostGraph). */
PyObject *mapkit_csr(PyObject *self, PyObject *rows) {
    (void)self;
    if (!PyList_Check(rows)) {
        PyErr_SetString(PyExc_TypeError, "rows: a list expected");
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(rows), m = 0;
    for (Py_ssize_t u = 0; u < n; u++) {
        PyObject *row = PyList_GET_ITEM(rows, u);
        Py_ssize_t k = PyTuple_Check(row) ? PyTuple_GET_SIZE(row) : PyList_Check(row) ? PyList_GET_SIZE(row) : -1;
        if (k < 0) {
            PyErr_Format(PyExc_TypeError, "row %zd: a tuple or list of (node, cost) expected", u);
            return NULL;
        }
        m += k;
    }
    PyObject *ip = PyBytes_FromStringAndSize(NULL, (n + 1) * 8), *nb = PyBytes_FromStringAndSize(NULL, m * 8),
             *wt = PyBytes_FromStringAndSize(NULL, m * 8);
    if (!ip || !nb || !wt)
        goto fail;
    int64_t *indptr = (int64_t *)PyBytes_AS_STRING(ip), *nbr = (int64_t *)PyBytes_AS_STRING(nb),
            *w = (int64_t *)PyBytes_AS_STRING(wt);
    int64_t j = 0, top = 0;
    indptr[0] = 0;
    for (Py_ssize_t u = 0; u < n; u++) {
        PyObject *fast = PySequence_Fast(PyList_GET_ITEM(rows, u), "a row must be a sequence");
        if (!fast)
            goto fail;
        Py_ssize_t k = PySequence_Fast_GET_SIZE(fast);
        PyObject **cells = PySequence_Fast_ITEMS(fast);
        for (Py_ssize_t i = 0; i < k; i++) {
            PyObject *pair = cells[i];
            if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
                Py_DECREF(fast);
                PyErr_Format(PyExc_TypeError, "row %zd: (node, cost) pairs expected", u);
                goto fail;
            }
            nbr[j] = PyLong_AsLongLong(PyTuple_GET_ITEM(pair, 0));
            w[j] = PyLong_AsLongLong(PyTuple_GET_ITEM(pair, 1));
            if (PyErr_Occurred()) {
                Py_DECREF(fast);
                goto fail;
            }
            if (w[j] > top)
                top = w[j];
            j++;
        }
        Py_DECREF(fast);
        indptr[u + 1] = j;
    }
    return Py_BuildValue("NNNL", ip, nb, wt, (long long)top);
fail:
    Py_XDECREF(ip);
    Py_XDECREF(nb);
    Py_XDECREF(wt);
    return NULL;
}

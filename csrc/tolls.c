/* The rows of mapkit.tolled.TolledRows and TrackFares, made in C from their lists for the search
 * of astar.c: the same steps in the same order, the same costs (ints where Python's are ints),
 * so that a search over them is the search over their row methods' rows. */
#include "kernel.h"

/* An int of a row or a table (-1 with TypeError: not an int, or too large for 64 bits, so that
 * the Python loop answers with Python's ints). */
static int index_of(PyObject *x, int64_t *out) {
    int overflow = 0;
    if (!PyLong_CheckExact(x)) {
        PyErr_SetString(PyExc_TypeError, "a row or a toll table holds something that is not an int");
        return -1;
    }
    *out = PyLong_AsLongLongAndOverflow(x, &overflow);
    if (overflow) {
        PyErr_SetString(PyExc_TypeError, "a row or a toll table holds an int too large for the kernel");
        return -1;
    }
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* The int at index i of a list (-1 with an error set: not a list, out of range, or index_of's). */
static int list_int(PyObject *list, Py_ssize_t i, int64_t *out) {
    if (!PyList_CheckExact(list) || i < 0 || i >= PyList_GET_SIZE(list)) {
        PyErr_SetString(PyExc_IndexError, "a toll table is not a list long enough for its nodes and edges");
        return -1;
    }
    return index_of(PyList_GET_ITEM(list, i), out);
}

/* The cost of the step to v over edge e (near: the row's node or a neighbour has track). */
static int toll_step(const Tolls *t, int near, int64_t v, int64_t e, TollStep *out) {
    int64_t c, bits = 0, joined, toll = 0, per;
    if (list_int(t->cost, e, &c) < 0)
        return -1;
    out->w = (double)c;
    out->w_int = 1;
    if (!near)
        return 0;
    if (list_int(t->owner_bits, e, &bits) < 0)
        return -1;
    if (bits) {
        if (bits & t->us) {
            out->w = 0.0;       /* the team's own piece */
            return 0;
        }
        PyObject *owners = PyList_CheckExact(t->owners) && e < PyList_GET_SIZE(t->owners)
                           ? PyList_GET_ITEM(t->owners, e) : NULL;
        if (!owners || !PyTuple_Check(owners)) {
            PyErr_SetString(PyExc_TypeError, "a toll table's owners are not tuples by edge");
            return -1;
        }
        if (list_int(t->edge_toll, e, &per) < 0)
            return -1;
        toll = per * (int64_t)PyTuple_GET_SIZE(owners);
    }
    if (list_int(t->node_owners, v, &joined) < 0)
        return -1;
    joined &= ~t->us & ~bits;
    if (joined) {
        if (list_int(t->node_toll, v, &per) < 0)
            return -1;
        toll += per * (int64_t)__builtin_popcountll((unsigned long long)joined);
    }
    out->w = (double)c + t->weight * (double)toll;     /* cost + weight * toll, the product first */
    out->w_int = t->weight_int;
    return 0;
}

int mapkit_tolled_row(const Tolls *t, int64_t u, TollStep *out, Py_ssize_t *n) {
    if (!PyList_CheckExact(t->adjacency) || u < 0 || u >= PyList_GET_SIZE(t->adjacency)) {
        PyErr_SetString(PyExc_IndexError, "a node outside the toll table's adjacency");
        return -1;
    }
    PyObject *row = PyList_GET_ITEM(t->adjacency, u);
    if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) > MAPKIT_MAX_ROW) {
        PyErr_SetString(PyExc_TypeError, "an adjacency row must be a tuple of at most 64 steps");
        return -1;
    }
    *n = PyTuple_GET_SIZE(row);
    int64_t here, at;
    if (list_int(t->node_owners, u, &here) < 0)
        return -1;
    int near = here != 0;
    for (Py_ssize_t i = 0; i < *n; i++) {
        PyObject *pair = PyTuple_GET_ITEM(row, i);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
            PyErr_SetString(PyExc_TypeError, "an adjacency row must hold (node, edge)");
            return -1;
        }
        out[i].v = PyTuple_GET_ITEM(pair, 0);
        out[i].label = PyTuple_GET_ITEM(pair, 1);
        if (index_of(out[i].v, &out[i].node) < 0 || index_of(out[i].label, &out[i].edge) < 0
            || list_int(t->node_owners, out[i].node, &at) < 0)
            return -1;
        near = near || at != 0;
    }
    for (Py_ssize_t i = 0; i < *n; i++)
        if (toll_step(t, near, out[i].node, out[i].edge, &out[i]) < 0)
            return -1;
    return 0;
}

int mapkit_read_tolls(PyObject *rows, Tolls *t) {
    if (!PyTuple_Check(rows) || PyTuple_GET_SIZE(rows) != 9) {
        PyErr_SetString(PyExc_TypeError, "tolled rows must be a tuple of nine");
        return -1;
    }
    PyObject **parts[] = {&t->adjacency, &t->cost, &t->owners, &t->owner_bits, &t->node_owners, &t->edge_toll,
                          &t->node_toll};
    for (Py_ssize_t i = 0; i < 7; i++)
        *parts[i] = PyTuple_GET_ITEM(rows, i);
    if (index_of(PyTuple_GET_ITEM(rows, 7), &t->us) < 0)
        return -1;
    t->weight_int = mapkit_number(PyTuple_GET_ITEM(rows, 8), &t->weight);
    return t->weight_int < 0 ? -1 : 0;
}

int mapkit_fares_row(const Fares *f, PyObject *u, TollStep *out, Py_ssize_t *n) {
    *n = 0;
    PyObject *row = PyDict_GetItemWithError(f->track, u);
    if (!row)
        return PyErr_Occurred() ? -1 : 0;
    if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) > MAPKIT_MAX_ROW) {
        PyErr_SetString(PyExc_TypeError, "a track row must be a tuple of at most 64 steps");
        return -1;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(row); i++) {
        PyObject *entry = PyTuple_GET_ITEM(row, i), *owners;
        int64_t step;
        int64_t moves;
        if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 3
            || !PyTuple_Check(owners = PyTuple_GET_ITEM(entry, 2))) {
            PyErr_SetString(PyExc_TypeError, "a track row must hold (node, step, owners)");
            return -1;
        }
        out[i].v = PyTuple_GET_ITEM(entry, 0);
        if (index_of(out[i].v, &out[i].node) < 0 || index_of(PyTuple_GET_ITEM(entry, 1), &step) < 0)
            return -1;
        if (step >= 0 ? list_int(f->into, out[i].node, &moves) < 0 : list_int(f->line_moves, -1 - step, &moves) < 0)
            return -1;
        if (moves > (1LL << 53) || moves < -(1LL << 53)) {     /* a double holds it exactly */
            PyErr_SetString(PyExc_TypeError, "a movement too large to add exactly");
            return -1;
        }
        int free = 0;
        for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(owners) && !free; j++) {
            int64_t q;
            if (index_of(PyTuple_GET_ITEM(owners, j), &q) < 0)
                return -1;
            free = q >= 0 && q < 63 && ((f->us >> q) & 1);
        }
        out[i].w = (double)moves;
        out[i].w_int = 1;
        out[i].label = free ? f->zero : f->fare;
        *n = i + 1;
    }
    return 0;
}

int mapkit_read_fares(PyObject *rows, Fares *f) {
    if (!PyTuple_Check(rows) || PyTuple_GET_SIZE(rows) != 5 || !PyDict_Check(PyTuple_GET_ITEM(rows, 0))) {
        PyErr_SetString(PyExc_TypeError, "track fares must be a tuple of five, a dict first");
        return -1;
    }
    f->track = PyTuple_GET_ITEM(rows, 0);
    f->into = PyTuple_GET_ITEM(rows, 1);
    f->line_moves = PyTuple_GET_ITEM(rows, 2);
    f->fare = PyTuple_GET_ITEM(rows, 3);
    if (index_of(PyTuple_GET_ITEM(rows, 4), &f->us) < 0)
        return -1;
    f->zero = PyLong_FromLong(0);
    return f->zero ? 0 : -1;
}

/* TrackFares.walk(route) of mapkit.tolled: (movement, fares, free steps) along route, a list of
 * nodes, each step read from its first node's row (the first step there to the next node; a
 * step that is not on the track adds nothing). TypeError where a node, a movement or the fare
 * is not an int the kernel holds, so that the Python loop answers. */
PyObject *mapkit_route_sums(PyObject *self, PyObject *args) {
    PyObject *rows, *route, *out = NULL;
    Fares f;
    int64_t fare, next, travel = 0, paid = 0, free_steps = 0;
    TollStep row[MAPKIT_MAX_ROW];
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "OO!", &rows, &PyList_Type, &route) || mapkit_read_fares(rows, &f) < 0)
        return NULL;
    if (index_of(f.fare, &fare) < 0)
        goto done;
    for (Py_ssize_t i = 0; i + 1 < PyList_GET_SIZE(route); i++) {
        if (index_of(PyList_GET_ITEM(route, i + 1), &next) < 0
            || mapkit_fares_row(&f, PyList_GET_ITEM(route, i), row, &n) < 0)
            goto done;
        for (Py_ssize_t k = 0; k < n; k++) {
            if (row[k].node != next)
                continue;
            int free = row[k].label == f.zero;      /* a free step's label is zero itself */
            if (__builtin_add_overflow(travel, (int64_t)row[k].w, &travel)
                || __builtin_add_overflow(paid, free ? 0 : fare, &paid)) {
                PyErr_SetString(PyExc_TypeError, "a route's sums too large for the kernel");
                goto done;
            }
            free_steps += free || fare == 0;
            break;
        }
    }
    out = Py_BuildValue("(LLL)", (long long)travel, (long long)paid, (long long)free_steps);
done:
    Py_DECREF(f.zero);
    return out;
}

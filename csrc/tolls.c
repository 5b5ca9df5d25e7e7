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

/* TrackFares.lower(least, seeds, free) of mapkit.tolled: the least fares known (least, a dict
 * node -> int) lowered from the seeds, in the order (fare, node) of Python's heap of tuples;
 * the nodes of free (a set or frozenset) cost nothing. Worked out in arrays by node and written
 * into least at the end, so that an error (TypeError: what the kernel cannot hold, for the
 * Python loop to answer) leaves least as it was. */
typedef struct {
    int64_t d, node;
    PyObject *obj;          /* the node as Python holds it (borrowed from the rows or the seeds) */
} FareEntry;

typedef struct {
    FareEntry *items;
    Py_ssize_t len, cap;
} FareHeap;

static int fare_less(const FareEntry *a, const FareEntry *b) {
    return a->d < b->d || (a->d == b->d && a->node < b->node);
}

static int fare_push(FareHeap *h, FareEntry e) {
    if (h->len == h->cap) {
        Py_ssize_t cap = h->cap ? 2 * h->cap : 64;
        FareEntry *items = PyMem_Realloc(h->items, (size_t)cap * sizeof(FareEntry));
        if (!items) {
            PyErr_NoMemory();
            return -1;
        }
        h->items = items;
        h->cap = cap;
    }
    Py_ssize_t i = h->len++;
    while (i > 0 && fare_less(&e, &h->items[(i - 1) / 2])) {
        h->items[i] = h->items[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->items[i] = e;
    return 0;
}

static FareEntry fare_pop(FareHeap *h) {
    FareEntry top = h->items[0], last = h->items[--h->len];
    Py_ssize_t i = 0;
    for (;;) {
        Py_ssize_t c = 2 * i + 1;
        if (c >= h->len)
            break;
        if (c + 1 < h->len && fare_less(&h->items[c + 1], &h->items[c]))
            c++;
        if (!fare_less(&h->items[c], &last))
            break;
        h->items[i] = h->items[c];
        i = c;
    }
    if (h->len)
        h->items[i] = last;
    return top;
}

/* What the search knows of each node: 0 not read yet, 1 none known, 2 known (val), 3 lowered */
typedef struct {
    unsigned char *state;
    int64_t *val;
    PyObject **obj;
    Py_ssize_t size;
} FareNodes;

static int fare_room(FareNodes *k, int64_t node) {
    if (node < 0 || node >= (1 << 24)) {
        PyErr_SetString(PyExc_TypeError, "a node the kernel does not hold");
        return -1;
    }
    if (node < k->size)
        return 0;
    Py_ssize_t size = k->size ? k->size : 1024;
    while (size <= node)
        size *= 2;
    unsigned char *state = PyMem_Realloc(k->state, (size_t)size);
    int64_t *val = state ? PyMem_Realloc(k->val, (size_t)size * sizeof(int64_t)) : NULL;
    PyObject **obj = val ? PyMem_Realloc(k->obj, (size_t)size * sizeof(PyObject *)) : NULL;
    if (state)
        k->state = state;
    if (val)
        k->val = val;
    if (!obj) {
        PyErr_NoMemory();
        return -1;
    }
    k->obj = obj;
    memset(k->state + k->size, 0, (size_t)(size - k->size));
    k->size = size;
    return 0;
}

/* The fare known at node (its object x): 1 with *out, 0 none, -1 error. */
static int fare_known(PyObject *least, FareNodes *k, int64_t node, PyObject *x, int64_t *out) {
    if (fare_room(k, node) < 0)
        return -1;
    if (!k->state[node]) {
        PyObject *v = PyDict_GetItemWithError(least, x);
        if (!v && PyErr_Occurred())
            return -1;
        if (v && index_of(v, &k->val[node]) < 0)
            return -1;
        k->state[node] = v ? 2 : 1;
        k->obj[node] = x;
    }
    *out = k->val[node];
    return k->state[node] >= 2;
}

static int fare_set(FareNodes *k, int64_t node, int64_t d) {
    k->val[node] = d;
    k->state[node] = 3;
    return 0;
}

static int lower_run(Fares *f, int64_t fare, PyObject *least, PyObject *seeds, PyObject *free_set,
                     FareNodes *k, FareHeap *h) {
    TollStep row[MAPKIT_MAX_ROW];
    Py_ssize_t n;
    int64_t node, d, old;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(seeds); i++) {
        PyObject *x = PyList_GET_ITEM(seeds, i);
        int in_free, known;
        if (index_of(x, &node) < 0 || (in_free = PySet_Contains(free_set, x)) < 0)
            return -1;
        if ((known = fare_known(least, k, node, x, &d)) < 0)
            return -1;
        if (in_free)
            fare_set(k, node, d = 0);
        if ((in_free || known) && fare_push(h, (FareEntry){d, node, x}) < 0)
            return -1;
    }
    while (h->len) {
        FareEntry e = fare_pop(h);
        if (e.d > k->val[e.node])
            continue;
        if (mapkit_fares_row(f, e.obj, row, &n) < 0)
            return -1;
        for (Py_ssize_t i = 0; i < n; i++) {
            int64_t nd = e.d + (row[i].label == f->zero ? 0 : fare);
            int known = fare_known(least, k, row[i].node, row[i].v, &old);
            if (known < 0)
                return -1;
            if (!known || nd < old) {
                fare_set(k, row[i].node, nd);
                if (fare_push(h, (FareEntry){nd, row[i].node, row[i].v}) < 0)
                    return -1;
            }
        }
    }
    return 0;
}

PyObject *mapkit_lower_fares(PyObject *self, PyObject *args) {
    PyObject *rows, *least, *seeds, *free_set, *out = NULL;
    Fares f;
    int64_t fare;
    FareNodes k = {NULL, NULL, NULL, 0};
    FareHeap h = {NULL, 0, 0};
    if (!PyArg_ParseTuple(args, "OO!O!O", &rows, &PyDict_Type, &least, &PyList_Type, &seeds, &free_set))
        return NULL;
    if (!PyAnySet_Check(free_set)) {
        PyErr_SetString(PyExc_TypeError, "the free nodes must be a set");
        return NULL;
    }
    if (mapkit_read_fares(rows, &f) < 0)
        return NULL;
    if (index_of(f.fare, &fare) < 0 || lower_run(&f, fare, least, seeds, free_set, &k, &h) < 0)
        goto done;
    for (Py_ssize_t node = 0; node < k.size; node++) {
        if (k.state[node] != 3)
            continue;
        PyObject *v = PyLong_FromLongLong(k.val[node]);
        if (!v || PyDict_SetItem(least, k.obj[node], v) < 0) {
            Py_XDECREF(v);
            goto done;      /* out of memory while writing: least holds what was written */
        }
        Py_DECREF(v);
    }
    out = Py_NewRef(Py_None);
done:
    Py_DECREF(f.zero);
    PyMem_Free(k.state);
    PyMem_Free(k.val);
    PyMem_Free(k.obj);
    PyMem_Free(h.items);
    return out;
}

/* The parts of the compiled kernel _mapkit_search (csrc/mapkit_search.c holds the module). */
#ifndef MAPKIT_KERNEL_H
#define MAPKIT_KERNEL_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* mapkit.search.dijkstra's loop (csrc/astar.c) */
PyObject *mapkit_astar(PyObject *self, PyObject *args);

#endif

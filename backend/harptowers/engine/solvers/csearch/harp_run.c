/* Easy Harp's searches as easy_harp.HarpSearch runs them (registered in module.c), with the
 * limits of a whole search and the restarts' random tie-breaks:
 *
 *   harp_best_first(state, weights, budget, cap, seconds, watch, rng) -> (status, line, nodes, rng)
 *   harp_depth_first(state, budget, cap, seconds, watch) -> (status, line, nodes)
 *   HarpGreedy(state, weights).run(budget, cap, seconds, watch, rng) -> (status, line, nodes, rng)
 *       HarpSearch.run_bfs / run_dfs and GreedySearch.run_bfs for one round of budget
 *       positions; a HarpGreedy goes on where its last run stopped. status: "round" (the
 *       budget is spent), "won" (line: the moves from the state, in each search's form),
 *       "done" (every position seen: no win) or "limit" (more than cap positions, seconds
 *       passed, or watch() true; None: no such limit). line is None unless won.
 *   rng: None, or random.Random's inner state (getstate()[1]: 624 words and an index) for
 *       the tie-breaks; the state after the draws comes back, to be set again.
 *
 * The search holds the GIL; every POLL_SECONDS it asks watch and looks for signals (an
 * interrupt stops it with the exception).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harp.h"

static int poll_py(void *ctx) {
    if (PyErr_CheckSignals() < 0) return -1;
    PyObject *watch = (PyObject *)ctx;
    if (watch == Py_None) return 0;
    PyObject *r = PyObject_CallNoArgs(watch);
    if (!r) return -1;
    int t = PyObject_IsTrue(r);
    Py_DECREF(r);
    return t;
}

static int read_limits(Limits *L, long long budget, PyObject *cap, PyObject *seconds,
                       PyObject *watch) {
    limits_none(L, budget);
    if (cap != Py_None) {
        L->cap = PyLong_AsLongLong(cap);
        if (L->cap == -1 && PyErr_Occurred()) return -1;
        L->has_cap = 1;
    }
    if (seconds != Py_None) {
        double s = PyFloat_AsDouble(seconds);
        if (s == -1.0 && PyErr_Occurred()) return -1;
        if (!isfinite(s)) {
            PyErr_SetString(PyExc_ValueError, "seconds: a finite number or None expected");
            return -1;
        }
        L->has_deadline = 1;
        L->deadline = harp_now() + s;
    }
    if (watch != Py_None && !PyCallable_Check(watch)) {
        PyErr_SetString(PyExc_TypeError, "watch: a function or None expected");
        return -1;
    }
    L->poll = poll_py;
    L->ctx = watch;
    return 0;
}

static int read_rng(PyObject *obj, Rng *r) {
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 625) {
        PyErr_SetString(PyExc_TypeError, "rng: a tuple of 625 ints (Random.getstate()[1]) expected");
        return -1;
    }
    for (int i = 0; i < 625; i++) {
        unsigned long v = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(obj, i));
        if (v == (unsigned long)-1 && PyErr_Occurred()) return -1;
        if (v > 0xffffffffUL || (i == 624 && v > 624)) {
            PyErr_SetString(PyExc_ValueError, "rng: a value out of range");
            return -1;
        }
        if (i < 624) r->mt[i] = (uint32_t)v; else r->index = (int)v;
    }
    return 0;
}

static PyObject *rng_tuple(const Rng *r) {
    PyObject *t = PyTuple_New(625);
    for (int i = 0; t && i < 625; i++) {
        PyObject *v = PyLong_FromUnsignedLong(i < 624 ? r->mt[i] : (unsigned long)r->index);
        if (!v) { Py_CLEAR(t); break; }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

static const char *STATUS[] = {"round", "won", "done", "limit"};

/* (status, line, nodes[, rng]) */
static PyObject *result(int rc, Mv *line, size_t n, long long nodes, int greedy_form,
                        const Rng *rng, int with_rng) {
    if (rc == R_NOMEM) { free(line); return PyErr_NoMemory(); }
    if (rc == R_ERROR) { free(line); return NULL; }
    PyObject *l = line ? harp_line_of(line, n, greedy_form) : (Py_INCREF(Py_None), Py_None);
    free(line);
    if (!l) return NULL;
    if (!with_rng) return Py_BuildValue("(sNL)", STATUS[rc], l, nodes);
    PyObject *r = rng ? rng_tuple(rng) : (Py_INCREF(Py_None), Py_None);
    if (!r) { Py_DECREF(l); return NULL; }
    return Py_BuildValue("(sNLN)", STATUS[rc], l, nodes, r);
}

PyObject *py_harp_best_first(PyObject *self, PyObject *args) {
    PyObject *state, *weights, *cap, *seconds, *watch, *rngo;
    long long budget;
    int W[5];
    State st;
    Limits L;
    Rng rng;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOLOOOO", &state, &weights, &budget, &cap, &seconds, &watch,
                          &rngo) ||
        harp_read_state(state, &st) || harp_read_ints(weights, W, 5, 1000, "weights") ||
        read_limits(&L, budget, cap, seconds, watch) ||
        (rngo != Py_None && read_rng(rngo, &rng)))
        return NULL;
    if (rngo != Py_None) L.rng = &rng;
    Mv *line = NULL;
    size_t n = 0;
    long long nodes = 0;
    int rc = complete_bfs(&st, W, &L, &line, &n, &nodes);
    return result(rc, line, n, nodes, 0, L.rng, 1);
}

PyObject *py_harp_depth_first(PyObject *self, PyObject *args) {
    PyObject *state, *cap, *seconds, *watch;
    long long budget;
    State st;
    Limits L;
    (void)self;
    if (!PyArg_ParseTuple(args, "OLOOO", &state, &budget, &cap, &seconds, &watch) ||
        harp_read_state(state, &st) || read_limits(&L, budget, cap, seconds, watch))
        return NULL;
    Mv *line = NULL;
    size_t n = 0;
    long long nodes = 0;
    int rc = complete_dfs(&st, &L, &line, &n, &nodes);
    return result(rc, line, n, nodes, 0, NULL, 0);
}

/* ---- HarpGreedy: a greedy search kept between calls ---------------------------------- */
typedef struct {
    PyObject_HEAD
    Greedy g;
    int ready;
} HarpGreedyObject;

static int greedy_new_init(PyObject *self, PyObject *args, PyObject *kw) {
    HarpGreedyObject *o = (HarpGreedyObject *)self;
    PyObject *state, *weights;
    State st;
    int W[7];
    if (kw && PyDict_GET_SIZE(kw)) {
        PyErr_SetString(PyExc_TypeError, "HarpGreedy(state, weights): no keywords");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "OO", &state, &weights) || harp_read_state(state, &st) ||
        harp_read_ints(weights, W, 7, 1000, "weights"))
        return -1;
    if (o->ready) greedy_free(&o->g);
    o->ready = 0;
    if (greedy_init(&o->g, &st, W)) { PyErr_NoMemory(); return -1; }
    o->ready = 1;
    return 0;
}

static void greedy_dealloc(PyObject *self) {
    HarpGreedyObject *o = (HarpGreedyObject *)self;
    if (o->ready) greedy_free(&o->g);
    Py_TYPE(self)->tp_free(self);
}

static PyObject *greedy_run_py(PyObject *self, PyObject *args) {
    HarpGreedyObject *o = (HarpGreedyObject *)self;
    PyObject *cap, *seconds, *watch, *rngo;
    long long budget;
    Limits L;
    Rng rng;
    if (!o->ready) {
        PyErr_SetString(PyExc_ValueError, "HarpGreedy: not initialised");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "LOOOO", &budget, &cap, &seconds, &watch, &rngo) ||
        read_limits(&L, budget, cap, seconds, watch) || (rngo != Py_None && read_rng(rngo, &rng)))
        return NULL;
    if (rngo != Py_None) L.rng = &rng;
    long long nodes = 0;
    Mv *line = NULL;
    size_t n = 0;
    int rc = greedy_go(&o->g, &L, &nodes);
    if (rc == R_WON && greedy_line(&o->g, &line, &n)) rc = R_NOMEM;
    return result(rc, line, n, nodes, 1, L.rng, 1);
}

static PyMethodDef greedy_methods[] = {
    {"run", greedy_run_py, METH_VARARGS,
     "run(budget, cap, seconds, watch, rng) -> (status, line, nodes, rng)"},
    {NULL, NULL, 0, NULL}};

PyTypeObject HarpGreedyType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "harptowers.engine.solvers._core.HarpGreedy",
    .tp_basicsize = sizeof(HarpGreedyObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Easy Harp's greedy search kept between calls (GreedySearch.run_bfs).",
    .tp_new = PyType_GenericNew,
    .tp_init = greedy_new_init,
    .tp_dealloc = greedy_dealloc,
    .tp_methods = greedy_methods,
};

/* FreeCell's searches as Python functions (registered in module.c):
 *
 *   freecell_depth_first(state, budget, max_nodes, seconds) -> (status, line, nodes)
 *   freecell_best_first(state, budget, max_nodes, seconds, weights) -> (status, line, nodes)
 *       FreeCellSearch.run_dfs / run_bfs (its score with weights: 5 ints, 0 to 100) for
 *       one round of budget positions. status: "round"
 *       (the budget is spent), "won" (line: the moves from the state, each
 *       (src_kind, src_index, dst_kind, dst_index, count) with kinds "t" "c" "f"), "done"
 *       (every position seen: no win) or "limit" (more than max_nodes positions, or
 *       seconds passed; None: no such limit). line is None unless won.
 *
 * state: (cols, cells, found): 8 bytes objects of cards, 4 cells (0: empty), 4 foundation
 * heights (suits S H D C). Every field is checked before use: TypeError for a wrong type,
 * ValueError for a wrong length, a value out of range, a card twice or a card that is also
 * in its foundation; OverflowError for a number too big. MemoryError when the positions seen
 * no longer fit. The search runs without the GIL.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "freecell.h"

static int card_ok(long c) {
    return c >= 0 && c < 64 && (c & 15) >= 1 && (c & 15) <= 13;
}

/* n ints of seq, each 0..hi, into out */
static int read_small(PyObject *seq, uint8_t *out, Py_ssize_t n, long hi, const char *what) {
    PyObject *f = PySequence_Fast(seq, what);
    if (!f) return -1;
    if (PySequence_Fast_GET_SIZE(f) != n) {
        PyErr_Format(PyExc_ValueError, "%s: %zd values expected, not %zd", what, n,
                     PySequence_Fast_GET_SIZE(f));
        Py_DECREF(f);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *o = PySequence_Fast_GET_ITEM(f, i);
        if (!PyLong_Check(o)) {
            PyErr_Format(PyExc_TypeError, "%s: an int expected, not %.50s", what,
                         Py_TYPE(o)->tp_name);
            Py_DECREF(f);
            return -1;
        }
        int overflow = 0;
        long v = PyLong_AsLongAndOverflow(o, &overflow);
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(f); return -1; }
        if (overflow || v < 0 || v > hi) {
            PyErr_Format(PyExc_ValueError, "%s: %R is out of range (0 to %ld)", what, o, hi);
            Py_DECREF(f);
            return -1;
        }
        out[i] = (uint8_t)v;
    }
    Py_DECREF(f);
    return 0;
}

static int read_pos(PyObject *obj, FcPos *p) {
    int held[64] = {0};
    memset(p, 0, sizeof *p);
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 3) {
        PyErr_Format(PyExc_TypeError, "state: a tuple (cols, cells, found) expected, not %.50s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    if (read_small(PyTuple_GET_ITEM(obj, 1), p->cells, FC_CELLS, 63, "cells") ||
        read_small(PyTuple_GET_ITEM(obj, 2), p->found, 4, 13, "found"))
        return -1;
    for (int i = 0; i < FC_CELLS; i++) {
        int c = p->cells[i];
        if (c && !card_ok(c)) {
            PyErr_Format(PyExc_ValueError, "cell %d: %d is not a card", i, c);
            return -1;
        }
        if (c) held[c]++;
    }
    PyObject *cf = PySequence_Fast(PyTuple_GET_ITEM(obj, 0), "cols: a sequence expected");
    if (!cf) return -1;
    if (PySequence_Fast_GET_SIZE(cf) != FC_COLS) {
        PyErr_Format(PyExc_ValueError, "cols: %d columns expected, not %zd", FC_COLS,
                     PySequence_Fast_GET_SIZE(cf));
        Py_DECREF(cf);
        return -1;
    }
    for (int i = 0; i < FC_COLS; i++) {
        PyObject *col = PySequence_Fast_GET_ITEM(cf, i);
        if (!PyBytes_Check(col)) {
            PyErr_Format(PyExc_TypeError, "column %d: bytes expected, not %.50s", i,
                         Py_TYPE(col)->tp_name);
            Py_DECREF(cf);
            return -1;
        }
        Py_ssize_t n = PyBytes_GET_SIZE(col);
        const unsigned char *b = (const unsigned char *)PyBytes_AS_STRING(col);
        if (n > FC_CARDS) {
            PyErr_Format(PyExc_ValueError, "column %d: %zd cards (a deck has %d)", i, n,
                         FC_CARDS);
            Py_DECREF(cf);
            return -1;
        }
        for (Py_ssize_t k = 0; k < n; k++) {
            if (!card_ok(b[k])) {
                PyErr_Format(PyExc_ValueError, "column %d: %d is not a card", i, b[k]);
                Py_DECREF(cf);
                return -1;
            }
            held[b[k]]++;
        }
        memcpy(p->col[i], b, (size_t)n);
        p->len[i] = (uint8_t)n;
    }
    Py_DECREF(cf);
    for (int c = 0; c < 64; c++) {   /* each card once, and not in its foundation as well */
        if (held[c] > 1 || (held[c] && (c & 15) <= p->found[c >> 4])) {
            PyErr_Format(PyExc_ValueError, "card %d: %s", c,
                         held[c] > 1 ? "twice in the position" : "in its foundation too");
            return -1;
        }
    }
    return 0;
}

static int read_limits(long long budget, PyObject *max_nodes, PyObject *seconds,
                       FcLimits *L) {
    memset(L, 0, sizeof *L);
    L->budget = budget;
    if (max_nodes != Py_None) {
        if (!PyLong_Check(max_nodes)) {
            PyErr_Format(PyExc_TypeError, "max_nodes: an int or None expected, not %.50s",
                         Py_TYPE(max_nodes)->tp_name);
            return -1;
        }
        L->max_left = PyLong_AsLongLong(max_nodes);   /* OverflowError past 64 bits */
        if (L->max_left == -1 && PyErr_Occurred()) return -1;
        L->has_max = 1;
    }
    if (seconds != Py_None) {
        double s = PyFloat_AsDouble(seconds);   /* TypeError for a non-number */
        if (s == -1.0 && PyErr_Occurred()) return -1;
        if (!isfinite(s)) {
            PyErr_SetString(PyExc_ValueError, "seconds: a finite number or None expected");
            return -1;
        }
        L->deadline = fc_now() + s;
        L->has_deadline = 1;
    }
    return 0;
}

static PyObject *result(int rc, FcMv *line, size_t n, long long nodes) {
    static const char *const STATUS[] = {"round", "won", "done", "limit"};
    static const char *const KIND[] = {"t", "c", "f"};
    if (rc == FC_NOMEM) { free(line); return PyErr_NoMemory(); }
    if (rc == FC_LOST) {
        free(line);
        PyErr_SetString(PyExc_RuntimeError, "freecell: best-first lost the path to its win");
        return NULL;
    }
    PyObject *l = Py_None;
    Py_INCREF(l);
    if (line) {
        Py_DECREF(l);
        l = PyList_New((Py_ssize_t)n);
        for (size_t i = 0; l && i < n; i++) {
            FcMv m = line[i];
            PyObject *t = Py_BuildValue("(sisii)", KIND[m.sk], m.si, KIND[m.dk], m.di, m.n);
            if (!t) { Py_CLEAR(l); break; }
            PyList_SET_ITEM(l, (Py_ssize_t)i, t);
        }
    }
    free(line);
    if (!l) return NULL;
    return Py_BuildValue("(sNL)", STATUS[rc], l, nodes);
}

static PyObject *run(PyObject *args, int best_first) {
    PyObject *state, *max_nodes, *seconds, *weights = NULL;
    long long budget, nodes = 0;
    FcPos start;
    FcLimits lim;
    FcMv *line = NULL;
    size_t n = 0;
    uint8_t w8[FC_WEIGHTS] = {0};
    int W[FC_WEIGHTS], rc;
    if (!PyArg_ParseTuple(args, best_first ? "OLOOO" : "OLOO", &state, &budget, &max_nodes,
                          &seconds, &weights) ||
        read_pos(state, &start) || read_limits(budget, max_nodes, seconds, &lim) ||
        (best_first && read_small(weights, w8, FC_WEIGHTS, 100, "weights")))
        return NULL;
    for (int i = 0; i < FC_WEIGHTS; i++) W[i] = w8[i];
    Py_BEGIN_ALLOW_THREADS
    rc = best_first ? fc_best_first(&start, &lim, W, &line, &n, &nodes)
                    : fc_depth_first(&start, &lim, &line, &n, &nodes);
    Py_END_ALLOW_THREADS
    return result(rc, line, n, nodes);
}

PyObject *fc_py_depth_first(PyObject *self, PyObject *args) {
    (void)self;
    return run(args, 0);
}

PyObject *fc_py_best_first(PyObject *self, PyObject *args) {
    (void)self;
    return run(args, 1);
}

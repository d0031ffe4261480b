/* The Python module harptowers.engine.solvers._core: Easy Harp's searches in C, and
 * FreeCell's (freecell_depth_first, freecell_best_first: fc_module.c) and Klondike's
 * (klondike(...), see klondike_py.c).
 *
 *   greedy(state, weights, budget) -> (won, line, nodes, best)
 *       harp_greedy.GreedySearch.run_bfs: line in its move form (kind, src, dst, n), to a
 *       win or to the best-scored position; best: that position's score (0 for a win)
 *   best_first(state, weights, budget) -> (won, line, nodes)
 *   depth_first(state, budget) -> (won, line, nodes)
 *       easy_harp.HarpSearch.run_bfs / run_dfs: line (kind, src, dst, n, face) to a win, or
 *       None
 *   These three let go of the GIL while they search (the hints weigh samples on threads:
 *   harp_ways.py); they read and write no Python object meanwhile.
 *   harp_best_first, harp_depth_first, HarpGreedy: the same searches as the portfolio runs
 *       them, with the limits of a whole search, random tie-breaks and (greedy) kept between
 *       calls (harp_run.c)
 *
 * state: HarpPosition.copy_state() (cols as bytes, down, pool: 64 counts, found: 8 heights,
 * home). Bad input raises TypeError (not a tuple of five, a field of the wrong type) or
 * ValueError naming what is wrong; every field is checked, each value in its range, before
 * any arithmetic on it (issue 41: a home near INT_MAX overflowed a sum).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>

#include "freecell.h"
#include "harp.h"

PyObject *py_klondike(PyObject *self, PyObject *args);  /* klondike_py.c */

int harp_read_ints(PyObject *seq, int *out, Py_ssize_t n, int hi, const char *what) {
    PyObject *f = PySequence_Fast(seq, what);
    if (!f) return -1;
    if (PySequence_Fast_GET_SIZE(f) != n) {
        PyErr_Format(PyExc_ValueError, "%s: %zd values expected", what, n);
        Py_DECREF(f);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(f, i));
        if (v < 0 || v > hi) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", what, v);
            Py_DECREF(f);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(f);
    return 0;
}

int harp_read_state(PyObject *obj, State *st) {
    PyObject *cols, *down, *pool, *found, *home_obj;
    int home, v[64];
    memset(st, 0, sizeof *st);
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 5) {
        PyErr_Format(PyExc_TypeError, "state: a tuple (cols, down, pool, found, home) expected, "
                     "not %.50s", Py_TYPE(obj)->tp_name);
        return -1;
    }
    cols = PyTuple_GET_ITEM(obj, 0);
    down = PyTuple_GET_ITEM(obj, 1);
    pool = PyTuple_GET_ITEM(obj, 2);
    found = PyTuple_GET_ITEM(obj, 3);
    home_obj = PyTuple_GET_ITEM(obj, 4);
    if (!PyLong_Check(home_obj)) {
        PyErr_Format(PyExc_TypeError, "home: an int expected, not %.50s",
                     Py_TYPE(home_obj)->tp_name);
        return -1;
    }
    {
        int overflow = 0;
        long h = PyLong_AsLongAndOverflow(home_obj, &overflow);
        if (h == -1 && PyErr_Occurred()) return -1;
        if (overflow || h < 0 || h > TOTAL) {
            PyErr_Format(PyExc_ValueError, "home: %R is out of range (0 to %d)", home_obj, TOTAL);
            return -1;
        }
        home = (int)h;
    }
    if (harp_read_ints(down, v, NCOL, MAXC, "down")) return -1;
    for (int i = 0; i < NCOL; i++) st->down[i] = (uint8_t)v[i];
    if (harp_read_ints(pool, v, 64, 2, "pool")) return -1;
    for (int i = 0; i < 64; i++) st->pool[i] = (uint8_t)v[i];
    if (harp_read_ints(found, v, 8, TOP, "found")) return -1;
    for (int i = 0; i < 8; i++) st->found[i] = (uint8_t)v[i];
    PyObject *cf = PySequence_Fast(cols, "cols");
    if (!cf) return -1;
    int total = home;
    if (PySequence_Fast_GET_SIZE(cf) != NCOL) {
        Py_DECREF(cf);
        PyErr_Format(PyExc_ValueError, "cols: %d columns expected", NCOL);
        return -1;
    }
    for (int i = 0; i < NCOL && total <= TOTAL; i++) {
        char *b;
        Py_ssize_t n;
        if (PyBytes_AsStringAndSize(PySequence_Fast_GET_ITEM(cf, i), &b, &n) < 0) {
            Py_DECREF(cf);
            return -1;
        }
        if (n > MAXC || st->down[i] > n) {
            Py_DECREF(cf);
            PyErr_Format(PyExc_ValueError, "column %d: %zd cards, %d face down", i, n, st->down[i]);
            return -1;
        }
        for (Py_ssize_t k = 0; k < n; k++) {
            int c = (unsigned char)b[k];
            if (c > 63 || (c & 15) < 1 || (c & 15) > TOP) {
                Py_DECREF(cf);
                PyErr_Format(PyExc_ValueError, "column %d: %d is not a card", i, c);
                return -1;
            }
        }
        memcpy(st->col[i], b, n);
        st->len[i] = (uint8_t)n;
        total += (int)n;
    }
    Py_DECREF(cf);
    for (int c = 0; c < 64; c++) total += st->pool[c];
    if (home < 0 || total != TOTAL) {
        PyErr_Format(PyExc_ValueError, "%d cards: a position holds %d", total, TOTAL);
        return -1;
    }
    /* the foundations hold what home says, and no face is in more than its two copies */
    int in_found = 0, count[64] = {0};
    for (int f = 0; f < 8; f++) {
        in_found += st->found[f];
        for (int r = 1; r <= st->found[f]; r++) count[(f / 2) * 16 + r]++;
    }
    if (in_found != home) {
        PyErr_Format(PyExc_ValueError, "found: %d cards home, home says %d", in_found, home);
        return -1;
    }
    for (int i = 0; i < NCOL; i++)
        for (int k = 0; k < st->len[i]; k++) count[st->col[i][k]]++;
    for (int c = 0; c < 64; c++) {
        int r = c & 15;
        count[c] += st->pool[c];
        if ((r < 1 || r > TOP) ? count[c] != 0 : count[c] != 2) {
            PyErr_Format(PyExc_ValueError, "card %d: %d copies (a position holds 2)", c, count[c]);
            return -1;
        }
    }
    st->home = (uint8_t)home;
    return 0;
}

PyObject *harp_line_of(const Mv *line, size_t n, int greedy_form) {
    PyObject *out = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; out && i < n; i++) {
        Mv m = line[i];
        int pool = m.kind == POOL_HOME || m.kind == POOL_COL;
        int src = m.src == NONE ? -1 : m.src, dst = m.dst == NONE ? -1 : m.dst;
        PyObject *t = greedy_form
            ? Py_BuildValue("(iiii)", m.kind, pool ? m.face : src, dst, m.n)
            : Py_BuildValue("(iiiii)", m.kind, src, dst, m.n, m.face);
        if (!t) { Py_CLEAR(out); break; }
        PyList_SET_ITEM(out, (Py_ssize_t)i, t);
    }
    return out;
}

static PyObject *finish(int rc, Mv *line, size_t n, long long nodes, int greedy_form, int best) {
    if (rc == R_NOMEM) { free(line); return PyErr_NoMemory(); }
    PyObject *l = line ? harp_line_of(line, n, greedy_form) : (Py_INCREF(Py_None), Py_None);
    free(line);
    if (!l) return NULL;
    PyObject *won = PyBool_FromLong(rc == R_WON);
    if (greedy_form) return Py_BuildValue("(NNLi)", won, l, nodes, best);
    return Py_BuildValue("(NNL)", won, l, nodes);
}

static PyObject *py_greedy(PyObject *self, PyObject *args) {
    PyObject *state, *weights;
    long long budget;
    int W[7], best = 0;
    State st;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOL", &state, &weights, &budget) || harp_read_state(state, &st) ||
        harp_read_ints(weights, W, 7, 1000, "weights"))
        return NULL;
    Mv *line = NULL;
    size_t n = 0;
    long long nodes = 0;
    int rc;
    Py_BEGIN_ALLOW_THREADS   /* C alone from here: the hints weigh samples on threads */
    rc = greedy_run(&st, W, budget, &line, &n, &nodes, &best);
    Py_END_ALLOW_THREADS
    return finish(rc, line, n, nodes, 1, best);
}

static PyObject *py_best_first(PyObject *self, PyObject *args) {
    PyObject *state, *weights;
    long long budget;
    int W[5];
    State st;
    Limits L;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOL", &state, &weights, &budget) || harp_read_state(state, &st) ||
        harp_read_ints(weights, W, 5, 1000, "weights"))
        return NULL;
    Mv *line = NULL;
    size_t n = 0;
    long long nodes = 0;
    limits_none(&L, budget);
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = complete_bfs(&st, W, &L, &line, &n, &nodes);
    Py_END_ALLOW_THREADS
    return finish(rc, line, n, nodes, 0, 0);
}

static PyObject *py_depth_first(PyObject *self, PyObject *args) {
    PyObject *state;
    long long budget;
    State st;
    Limits L;
    (void)self;
    if (!PyArg_ParseTuple(args, "OL", &state, &budget) || harp_read_state(state, &st)) return NULL;
    Mv *line = NULL;
    size_t n = 0;
    long long nodes = 0;
    limits_none(&L, budget);
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = complete_dfs(&st, &L, &line, &n, &nodes);
    Py_END_ALLOW_THREADS
    return finish(rc, line, n, nodes, 0, 0);
}

static PyMethodDef methods[] = {
    {"greedy", py_greedy, METH_VARARGS, "GreedySearch.run_bfs from a state."},
    {"best_first", py_best_first, METH_VARARGS, "HarpSearch.run_bfs from a state."},
    {"depth_first", py_depth_first, METH_VARARGS, "HarpSearch.run_dfs from a state."},
    {"harp_best_first", py_harp_best_first, METH_VARARGS,
     "HarpSearch.run_bfs with its limits and tie-breaks (harp_run.c)."},
    {"harp_depth_first", py_harp_depth_first, METH_VARARGS,
     "HarpSearch.run_dfs with its limits (harp_run.c)."},
    {"freecell_depth_first", fc_py_depth_first, METH_VARARGS,
     "FreeCellSearch.run_dfs from a state (fc_module.c)."},
    {"freecell_best_first", fc_py_best_first, METH_VARARGS,
     "FreeCellSearch.run_bfs from a state (fc_module.c)."},
    {"klondike", py_klondike, METH_VARARGS, "Klondike's complete search (klondike_py.c)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_core", NULL, -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&HarpGreedyType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&HarpGreedyType);
    if (PyModule_AddObject(m, "HarpGreedy", (PyObject *)&HarpGreedyType) < 0) {
        Py_DECREF(&HarpGreedyType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

/* The Python binding of Klondike's search (klondike.c):
 *
 *   klondike(cols, downs, deck, p, found, draw, seconds, max_nodes, max_entries)
 *       -> (verdict, line, nodes)
 *
 * cols: 7 bytes objects (cards suit * 16 + rank, bottom → top); downs: 7 face-down counts;
 * deck: bytes, the waste bottom → top then the stock in drawing order; p: cards in the
 * waste; found: 4 heights (S H D C); draw: 1 or 3; seconds (< 0: none), max_nodes (< 0:
 * none), max_entries (positions the table may hold, 1 … 2^28). verdict: 0 unwinnable,
 * 1 winnable, 2 unknown; line: the steps (taps, src kind 0 column / 1 waste / 2 foundation,
 * src index, dst kind 0 column / 1 foundation, dst index, n) on a win, else None; nodes:
 * positions searched. Every field is checked before the search: a wrong type raises
 * TypeError, a value out of range or a position that is no Klondike position ValueError.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "klondike.h"

static int ints(PyObject *seq, int *out, Py_ssize_t n, int hi, const char *what) {
    PyObject *f = PySequence_Fast(seq, what);
    if (!f) return -1;
    if (PySequence_Fast_GET_SIZE(f) != n) {
        PyErr_Format(PyExc_ValueError, "%s: %zd values expected", what, n);
        Py_DECREF(f);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *o = PySequence_Fast_GET_ITEM(f, i);
        if (!PyLong_Check(o)) {
            PyErr_Format(PyExc_TypeError, "%s: ints expected, not %.50s", what,
                         Py_TYPE(o)->tp_name);
            Py_DECREF(f);
            return -1;
        }
        int overflow = 0;
        long v = PyLong_AsLongAndOverflow(o, &overflow);
        if (overflow || v < 0 || v > hi) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "%s: %R is out of range (0 to %d)", what, o, hi);
            Py_DECREF(f);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(f);
    return 0;
}

static int card_ok(int c) { return c < 64 && (c & 15) >= 1 && (c & 15) <= 13; }

static int fits(int top, int face) {
    int rt = (top >> 4) == 1 || (top >> 4) == 2, rf = (face >> 4) == 1 || (face >> 4) == 2;
    return rt != rf && (top & 15) == (face & 15) + 1;
}

static int read_bytes(PyObject *o, const char **b, Py_ssize_t *n, Py_ssize_t hi,
                      const char *what, int i) {
    if (!PyBytes_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s %d: bytes expected, not %.50s", what, i,
                     Py_TYPE(o)->tp_name);
        return -1;
    }
    *b = PyBytes_AS_STRING(o);
    *n = PyBytes_GET_SIZE(o);
    if (*n > hi) {
        PyErr_Format(PyExc_ValueError, "%s %d: %zd cards, at most %zd", what, i, *n, hi);
        return -1;
    }
    return 0;
}

static int read_position(PyObject *cols, PyObject *downs, PyObject *deck, int p,
                         PyObject *found, KlState *s) {
    int v[KL_COLS], count[64] = {0};
    memset(s, 0, sizeof *s);
    if (ints(downs, v, KL_COLS, KL_MAXDOWN, "downs")) return -1;
    for (int i = 0; i < KL_COLS; i++) s->down[i] = (uint8_t)v[i];
    if (ints(found, v, 4, 13, "found")) return -1;
    for (int i = 0; i < 4; i++) {
        s->found[i] = (uint8_t)v[i];
        for (int r = 1; r <= v[i]; r++) count[i * 16 + r]++;
    }
    PyObject *cf = PySequence_Fast(cols, "cols: a sequence of 7 bytes expected");
    if (!cf) return -1;
    if (PySequence_Fast_GET_SIZE(cf) != KL_COLS) {
        PyErr_Format(PyExc_ValueError, "cols: %d columns expected", KL_COLS);
        Py_DECREF(cf);
        return -1;
    }
    for (int i = 0; i < KL_COLS; i++) {
        const char *b;
        Py_ssize_t n;
        if (read_bytes(PySequence_Fast_GET_ITEM(cf, i), &b, &n, KL_MAXC, "column", i)) {
            Py_DECREF(cf);
            return -1;
        }
        if (n ? s->down[i] >= n : s->down[i] != 0) {
            PyErr_Format(PyExc_ValueError, "column %d: %zd cards, %d face down (its top "
                         "card lies face up)", i, n, s->down[i]);
            Py_DECREF(cf);
            return -1;
        }
        for (Py_ssize_t k = 0; k < n; k++) {
            int c = (unsigned char)b[k];
            if (!card_ok(c) || (k > s->down[i] && !fits((unsigned char)b[k - 1], c))) {
                PyErr_Format(PyExc_ValueError, card_ok(c)
                             ? "column %d: card %d does not build on the one beneath"
                             : "column %d: %d is not a card", i, c);
                Py_DECREF(cf);
                return -1;
            }
            s->col[i][k] = (uint8_t)c;
            count[c]++;
        }
        s->len[i] = (uint8_t)n;
    }
    Py_DECREF(cf);
    const char *b;
    Py_ssize_t n;
    if (read_bytes(deck, &b, &n, KL_DECK, "deck", 0)) return -1;
    if (p < 0 || p > n) {
        PyErr_Format(PyExc_ValueError, "p: %d is out of range (0 to %zd)", p, n);
        return -1;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        int c = (unsigned char)b[k];
        if (!card_ok(c)) {
            PyErr_Format(PyExc_ValueError, "deck: %d is not a card", c);
            return -1;
        }
        s->deck[k] = (uint8_t)c;
        s->orig[k] = (uint8_t)k;
        count[c]++;
    }
    s->n = (uint8_t)n;
    s->p = (uint8_t)p;
    s->mask = n ? (uint32_t)((1ull << n) - 1) : 0;
    for (int c = 0; c < 64; c++)
        if (card_ok(c) && count[c] != 1) {
            PyErr_Format(PyExc_ValueError, "card %d: %d copies (a position holds 1)", c,
                         count[c]);
            return -1;
        }
    return 0;
}

PyObject *py_klondike(PyObject *self, PyObject *args) {
    PyObject *cols, *downs, *deck, *found;
    int p, draw;
    double seconds;
    long long max_nodes, max_entries, nodes = 0;
    KlState s;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOiOidLL", &cols, &downs, &deck, &p, &found, &draw, &seconds,
                          &max_nodes, &max_entries))
        return NULL;
    if (draw != 1 && draw != 3)
        return PyErr_Format(PyExc_ValueError, "draw: 1 or 3, not %d", draw);
    if (max_entries < 1 || max_entries > (1LL << 28))
        return PyErr_Format(PyExc_ValueError, "max_entries: %lld is out of range (1 to 2^28)",
                            max_entries);
    if (seconds != seconds)
        return PyErr_Format(PyExc_ValueError, "seconds: not a number");
    if (read_position(cols, downs, deck, p, found, &s)) return NULL;
    KlMove *line = NULL;
    size_t nline = 0;
    int verdict;
    Py_BEGIN_ALLOW_THREADS
    verdict = kl_solve(&s, draw, seconds, max_nodes, max_entries, &line, &nline, &nodes);
    Py_END_ALLOW_THREADS
    if (verdict == KL_NOMEM) return PyErr_NoMemory();
    PyObject *out = Py_None;
    Py_INCREF(out);
    if (line) {
        Py_DECREF(out);
        out = PyList_New((Py_ssize_t)nline);
        for (size_t i = 0; out && i < nline; i++) {
            KlMove m = line[i];
            PyObject *t = Py_BuildValue("(iiiiii)", m.taps, m.sk, m.si, m.dk, m.di, m.n);
            if (!t) { Py_CLEAR(out); break; }
            PyList_SET_ITEM(out, (Py_ssize_t)i, t);
        }
        free(line);
        if (!out) return NULL;
    }
    return Py_BuildValue("(iNL)", verdict, out, nodes);
}

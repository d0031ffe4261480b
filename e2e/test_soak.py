"""The real window survives a long session's worth of bridge calls. PySide6 6.12.0 dropped a
reference to True on every QWebChannel call and the app aborted after ~1 500 calls on
Python 3.11 (pyproject pins 6.11.3); this test makes 3 000 calls, then plays a move."""

from playwright.sync_api import expect


def test_three_thousand_bridge_calls_then_a_move(app):
    t = app("EH1-N-AAAAAAF")
    # not a move: the page's own read-only call, in a loop, as the clock and renders do
    n = t.page.evaluate("""async () => { let n = 0;
        for (let i = 0; i < 3000; i++) { const a = await window.pywebview.api.state(); n += a.ok ? 1 : 0; }
        return n; }""")
    assert n == 3000
    assert t.process.poll() is None
    t.stock()
    expect(t.moves).to_have_text("1")

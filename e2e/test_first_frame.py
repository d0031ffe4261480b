"""The first frame comes with the page (issue 18): index.html as the window serves it carries
the first view model (backend/harptowers/desktop/firstpage.py), so the table is drawn before
pywebview's bridge is up, with no bridge call; a tap made before the bridge comes is not lost.

The real frontend in headless Chromium, index.html made by firstpage.page() as the window's
scheme handler makes it, and ``window.pywebview`` installed only when the test says so.
"""

from __future__ import annotations

from playwright.sync_api import expect

from harptowers.desktop import firstpage
from harptowers.api import Api
from harptowers.engine.notation import parse_pile
from harptowers.serve import METHODS
from harptowers.start import frontend_dir
from table import Table

EH = "EH1-N-AAAAAAF"
SH = "SH1-C4-AAAAAJ2"


def open_late_bridge(browser, static_url, request, api: Api) -> tuple[Table, list[str]]:
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    request.addfinalizer(context.close)
    page = context.new_page()
    calls: list[str] = []

    def call(method, arg):
        calls.append(method)
        return getattr(api, method)(arg)

    page.expose_function("__harpCall", call)
    methods = ", ".join(f"'{m}'" for m in METHODS)
    page.add_init_script(f"""
        window.__bridgeUp = () => {{
            window.pywebview = {{ api: {{}} }};
            for (const m of [{methods}]) {{
                window.pywebview.api[m] = (arg) => window.__harpCall(m, arg === undefined ? null : arg);
            }}
            window.dispatchEvent(new Event('pywebviewready'));
        }};
    """)
    root = frontend_dir()
    html = firstpage.page((root / "index.html").read_bytes(), api.state()["state"], root)
    page.route("**/index.html", lambda route: route.fulfill(body=html, content_type="text/html"))
    page.goto(static_url)
    return Table(page), calls


def test_table_drawn_before_any_bridge_call(browser, static_url, request, data_dir):
    api = Api(SH)
    table, calls = open_late_bridge(browser, static_url, request, api)
    # every card of the deal is drawn, in its place, with no bridge at all
    expect(table.page.locator(".card")).to_have_count(52)
    for pile in ("t1", "t10", "c1"):
        assert table.pile_texts(pile) == [c.text for c in api._game.pile(parse_pile(pile))]
    expect(table.code).to_have_text(SH)
    expect(table.page.get_by_test_id("btn-new")).not_to_have_text("")   # catalogue given too
    assert calls == []
    expect(table.page.locator("body[data-ready]")).to_have_count(0)   # not ready: no bridge
    table.page.evaluate("window.__bridgeUp()")
    table.wait_ready()
    assert calls == []   # the view model it drew needed no round trip


def test_stock_tap_before_the_bridge_is_not_lost(browser, static_url, request, data_dir):
    api = Api(EH)
    table, calls = open_late_bridge(browser, static_url, request, api)
    expect(table.cards("s")).to_have_count(len(api._game.pile(parse_pile("s"))))
    table.stock()
    table.page.wait_for_timeout(200)
    assert calls == []
    table.page.evaluate("window.__bridgeUp()")
    table.wait_ready()
    expect(table.cards("w")).to_have_count(1)
    drawn = api._game.pile(parse_pile("w"))
    assert len(drawn) == 1 and calls == ["stock"]
    expect(table.top("w")).to_have_attribute("data-card", drawn[0].text)


def test_the_real_window_draws_before_its_bridge_can_exist(app):
    """pywebview puts its api into the page only on Qt's loadFinished, after the load event:
    a first render that needed the bridge came after that event; this one comes before it
    (the window wrote the view model into index.html), in the deal the app was started on."""
    t = app(SH)
    times = t.page.evaluate("""() => ({
        frame: performance.getEntriesByName('harp-first-frame')[0].startTime,
        ready: performance.getEntriesByName('harp-ready')[0].startTime,
        load: performance.getEntriesByType('navigation')[0].loadEventStart,
        given: document.getElementById('harp-first') })""")
    assert 0 < times["frame"] < times["load"] <= times["ready"]
    assert times["given"] is None   # read once and taken out of the document
    expect(t.code).to_have_text(SH)
    expect(t.page.locator(".card")).to_have_count(52)

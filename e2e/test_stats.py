"""The Statistics page (issues 5 and 16): opened from the header, its key and Settings; a
finished game in its history and records with "Play this deal again"; the deal-of-the-day
calendar; a reset that asks first and resets only what was chosen; the win window's new
records and its two buttons; the paste question naming the deal found."""

from __future__ import annotations

import re
from datetime import date

from playwright.sync_api import expect

from harptowers import storage
from harptowers.api import Api
from harptowers.engine import codes
from test_keyboard import _load_won_games, _set_up

EH = "EH1-N-AAAAAAF"
SH_KEY = "seahaven-towers/C4"
EH_KEY = "easy-harp/N"


def m_ss(seconds: float) -> str:
    """The time as the page should show it under an hour (written here, not taken from it)."""
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def row(t, key):
    return t.page.locator(f'[data-testid="stats-table"] tr[data-key="{key}"]')


def figure(t, key, col):
    return row(t, key).locator(f'td[data-col="{col}"]')


def won_one_move_left(harness, *, first_eh_move=False, seconds=58.0):
    """The won Seahaven deal with its last move left; ``first_eh_move``: an Easy Harp game
    was started and left before it (one history row, one game played there)."""
    won = _load_won_games()
    words = won.SEAHAVEN_MOVES.split()
    api = Api(EH if first_eh_move else won.SEAHAVEN_CODE)
    if first_eh_move:
        assert api.stock()["ok"]
        assert api.new_game({"code": won.SEAHAVEN_CODE})["ok"]
    _set_up(api, " ".join(words[:-1]))
    assert api.clock({"elapsed_ms": round(seconds * 1000)})["ok"]
    t = harness(won.SEAHAVEN_CODE, api=api)
    return t, won, len(words)


def win(t):
    t.tap("t1", 0)                                   # the last card: K♥ to its foundation
    t.page.get_by_test_id("celebration").click()     # skip the cascade
    expect(t.page.get_by_test_id("dialog-win")).to_be_visible()


def test_statistics_opens_from_the_header_the_key_and_settings(harness):
    t = harness(EH)
    page = t.page
    dlg = page.get_by_test_id("dialog-stats")
    page.get_by_test_id("btn-stats").click()
    expect(dlg).to_be_visible()
    keys = [v["key"] for g in t.api.state()["state"]["catalogue"] for v in g["variants"]]
    rows = page.locator('[data-testid="stats-table"] tr[data-key]')
    expect(rows).to_have_count(len(keys))
    assert [rows.nth(i).get_attribute("data-key") for i in range(len(keys))] == keys
    expect(page.get_by_test_id("history-empty")).to_be_visible()
    page.keyboard.press("Escape")
    expect(dlg).to_be_hidden()
    page.keyboard.press("t")
    expect(dlg).to_be_visible()
    page.get_by_test_id("stats-close").click()
    expect(dlg).to_be_hidden()
    page.get_by_test_id("btn-settings").click()
    page.get_by_test_id("open-stats").click()
    expect(dlg).to_be_visible()
    # the key is in the list of keys
    page.keyboard.press("Escape")
    page.keyboard.press("F1")
    page.get_by_test_id("tab-keys").click()
    expect(page.locator('[data-testid="help-keys"] kbd', has_text=re.compile("^T$"))).to_have_count(1)


def test_a_started_game_counts_and_the_figures_come_from_python(harness):
    t = harness(EH)
    t.stock()
    expect(t.moves).to_have_text("1")
    t.page.get_by_test_id("btn-stats").click()
    expect(figure(t, EH_KEY, "played")).to_have_text("1")
    expect(figure(t, EH_KEY, "won")).to_have_text("0")
    expect(figure(t, EH_KEY, "win_rate")).to_have_text("0 %")
    expect(figure(t, EH_KEY, "best_time")).to_have_text("–")
    expect(figure(t, SH_KEY, "played")).to_have_text("0")


def test_the_win_window_names_new_records_and_same_deal_starts_it_again(harness):
    t, won, n = won_one_move_left(harness)
    win(t)
    records = t.page.get_by_test_id("win-records")
    expect(records.locator("li")).to_have_text(["New best time", "Fewest moves yet"])
    recorded = t.api.statistics()["statistics"][SH_KEY]["best_seconds"]
    expect(t.page.get_by_test_id("win-time")).to_have_text(m_ss(recorded))   # "0:58", "0:59"
    t.page.get_by_test_id("win-same").click()
    expect(t.page.get_by_test_id("dialog-win")).to_be_hidden()
    expect(t.code).to_have_text(won.SEAHAVEN_CODE)
    expect(t.moves).to_have_text("0")
    assert t.api.state()["state"]["won"] is False


def test_the_win_window_new_game_opens_the_new_game_window(harness):
    t, _won, _n = won_one_move_left(harness)
    win(t)
    t.page.get_by_test_id("win-new").click()
    expect(t.page.get_by_test_id("dialog-new")).to_be_visible()


def test_a_won_game_is_in_the_history_and_records_and_can_be_played_again(harness):
    t, won, n = won_one_move_left(harness, seconds=58.0)
    win(t)
    seconds = t.api.statistics()["statistics"][SH_KEY]["best_seconds"]
    assert 58 <= seconds < 70                          # the clock went on from 58 s
    t.page.get_by_test_id("dialog-win").locator('[value="close"]').click()
    t.page.keyboard.press("t")
    first = t.page.locator('[data-testid="stats-history"] tr[data-row="0"]')
    expect(first.locator('td[data-col="code"]')).to_have_text(won.SEAHAVEN_CODE)
    expect(first.locator('td[data-col="result"]')).to_have_text("Won")
    expect(first.locator('td[data-col="moves"]')).to_have_text(str(n))
    expect(first.locator('td[data-col="time"]')).to_have_text(m_ss(seconds))
    assert m_ss(seconds) != "0:00"
    expect(figure(t, SH_KEY, "won")).to_have_text("1")
    expect(figure(t, SH_KEY, "win_rate")).to_have_text("100 %")
    expect(figure(t, SH_KEY, "fewest_moves")).to_have_text(str(n))
    expect(figure(t, SH_KEY, "best_time")).to_have_text(m_ss(seconds))
    expect(figure(t, SH_KEY, "average_time")).to_have_text(m_ss(seconds))
    expect(figure(t, SH_KEY, "best_streak")).to_have_text("1")
    t.page.keyboard.press("Escape")
    # another game in progress, then "Play this deal again": asked first, then that deal
    t.page.get_by_test_id("btn-new").click()
    t.page.get_by_test_id("code-input").fill(EH)
    t.page.get_by_test_id("code-open").click()
    expect(t.code).to_have_text(EH)
    expect(t.page.locator(".card.flying")).to_have_count(0)   # the deal is in place
    t.stock()
    expect(t.moves).to_have_text("1")
    t.page.get_by_test_id("btn-stats").click()
    t.page.get_by_test_id("play-again").first.click()
    expect(t.page.get_by_test_id("dialog-confirm")).to_be_visible()
    t.page.get_by_test_id("confirm-yes").click()
    expect(t.code).to_have_text(won.SEAHAVEN_CODE)
    expect(t.moves).to_have_text("0")


def test_reset_asks_first_and_resets_only_what_was_chosen(harness):
    t, won, _n = won_one_move_left(harness, first_eh_move=True)
    win(t)
    t.page.keyboard.press("Escape")
    t.page.keyboard.press("t")
    history = t.page.locator('[data-testid="stats-history"] tr[data-row]')
    expect(history).to_have_count(2)                  # the Seahaven win, the Easy Harp left
    expect(figure(t, EH_KEY, "played")).to_have_text("1")
    expect(figure(t, SH_KEY, "won")).to_have_text("1")
    t.page.get_by_test_id("reset-key").select_option(SH_KEY)
    t.page.get_by_test_id("stats-reset").click()
    ask = t.page.get_by_test_id("dialog-reset")
    expect(ask).to_be_visible()
    expect(t.page.get_by_test_id("reset-question")).to_have_text(
        "Reset the statistics of Seahaven Towers · Easy · 4 cells?")
    t.page.get_by_test_id("reset-no").click()         # no: nothing changes
    expect(ask).to_be_hidden()
    expect(figure(t, SH_KEY, "won")).to_have_text("1")
    assert t.api.statistics()["statistics"][SH_KEY]["won"] == 1
    t.page.get_by_test_id("stats-reset").click()
    t.page.get_by_test_id("reset-yes").click()
    expect(figure(t, SH_KEY, "won")).to_have_text("0")
    expect(figure(t, SH_KEY, "played")).to_have_text("0")
    expect(figure(t, EH_KEY, "played")).to_have_text("1")   # the other game keeps its figures
    expect(history).to_have_count(1)
    expect(history.first.locator('td[data-col="code"]')).to_have_text(EH)
    expect(history.first.locator('td[data-col="result"]')).to_have_text("Left unfinished")
    st = t.api.statistics()
    assert st["statistics"][SH_KEY]["won"] == 0 and st["statistics"][EH_KEY]["played"] == 1
    t.page.get_by_test_id("reset-key").select_option("*")
    t.page.get_by_test_id("stats-reset").click()
    expect(t.page.get_by_test_id("reset-question")).to_have_text(
        "Reset the statistics of every game?")
    t.page.get_by_test_id("reset-yes").click()
    expect(figure(t, EH_KEY, "played")).to_have_text("0")
    expect(t.page.get_by_test_id("history-empty")).to_be_visible()


def test_the_calendar_marks_the_won_days_of_the_month_and_goes_back(harness):
    api = Api(EH, today=lambda: date(2026, 12, 2))
    api._session.stats["daily_won"] = {EH_KEY: {"2026-11": 1 << 28, "2026-12": 1},
                                       SH_KEY: {"2026-12": 1 << 1}}
    t = harness(EH, api=api)
    t.page.get_by_test_id("btn-stats").click()
    cal = t.page.get_by_test_id("calendar")
    expect(t.page.get_by_test_id("cal-month")).to_have_text(re.compile("December 2026", re.I))
    expect(cal.locator("td[data-date]")).to_have_count(31)
    expect(cal.locator("td[data-won]")).to_have_count(1)
    expect(cal.locator('td[data-date="2026-12-01"]')).to_have_attribute("data-won", "1")
    expect(cal.locator('td[data-date="2026-12-02"]')).to_have_class(re.compile(r"\btoday\b"))
    expect(t.page.get_by_test_id("cal-next")).to_be_disabled()
    t.page.get_by_test_id("cal-prev").click()
    expect(t.page.get_by_test_id("cal-month")).to_have_text(re.compile("November 2026", re.I))
    expect(cal.locator("td[data-date]")).to_have_count(30)
    expect(cal.locator("td[data-won]")).to_have_count(1)
    expect(cal.locator('td[data-date="2026-11-29"]')).to_have_attribute("data-won", "1")
    t.page.get_by_test_id("cal-key").select_option(SH_KEY)
    expect(cal.locator("td[data-won]")).to_have_count(0)
    t.page.get_by_test_id("cal-next").click()
    expect(cal.locator('td[data-date="2026-12-02"]')).to_have_attribute("data-won", "1")


def paste(t, text):
    t.page.evaluate("""(text) => { const data = new DataTransfer(); data.setData('text/plain', text);
        document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true })); }""",
                    text)


def test_the_paste_question_names_the_deal_found(harness):
    t = harness(EH)
    paste(t, "try this one: sh1 c2 aaaaaj2 !")
    expect(t.page.get_by_test_id("dialog-confirm")).to_be_visible()   # asked, though unstarted
    expect(t.page.get_by_test_id("confirm-title")).to_have_text("Open SH1-C2-AAAAAJ2?")
    t.page.keyboard.press("Escape")
    expect(t.code).to_have_text(EH)                   # nothing changed on "no"
    t.stock()
    expect(t.moves).to_have_text("1")
    paste(t, "SH1-C2-AAAAAJ2")
    expect(t.page.get_by_test_id("confirm-title")).to_have_text("Open SH1-C2-AAAAAJ2?")
    expect(t.page.get_by_test_id("confirm-text")).to_have_text(
        "The game in progress is left and counts as not won.")
    t.page.get_by_test_id("confirm-yes").click()
    expect(t.code).to_have_text("SH1-C2-AAAAAJ2")
    assert "read_code" in t.calls
    # a text with no code: the New game window says why
    paste(t, "EH1-Q-AAAAAAB")
    expect(t.page.get_by_test_id("dialog-new")).to_be_visible()
    expect(t.page.get_by_test_id("code-error")).to_contain_text("Q")
    expect(t.code).to_have_text("SH1-C2-AAAAAJ2")


def test_the_statistics_page_and_the_reset_question_pass_axe(harness):
    from test_keyboard import axe_problems

    t, _won, _n = won_one_move_left(harness, first_eh_move=True)
    win(t)
    found = {"win window": axe_problems(t.page)}
    t.page.keyboard.press("Escape")
    t.page.keyboard.press("t")
    expect(t.page.locator('[data-testid="stats-history"] tr[data-row]')).to_have_count(2)
    found["statistics"] = axe_problems(t.page)
    t.page.get_by_test_id("stats-reset").click()
    expect(t.page.get_by_test_id("dialog-reset")).to_be_visible()
    found["reset question"] = axe_problems(t.page)
    assert found == {"win window": [], "statistics": [], "reset question": []}


def test_a_second_win_of_the_same_game_claims_no_record(harness):
    """Issue 42 item 2: win, close, Ctrl+Z, play the last move again: the first win set the
    records; the second (one move more, later) sets none and says none."""
    t, won, n = won_one_move_left(harness)
    win(t)
    records = t.page.get_by_test_id("win-records")
    expect(records.locator("li")).to_have_text(["New best time", "Fewest moves yet"])
    t.page.keyboard.press("Escape")
    expect(t.page.get_by_test_id("dialog-win")).to_be_hidden()
    t.undo()
    expect(t.cards("t1")).to_have_count(1)           # K♥ is back on its column
    win(t)
    expect(t.cards("t1")).to_have_count(0)
    expect(records).to_be_hidden()
    assert t.api.statistics()["statistics"][SH_KEY]["fewest_moves"] == n


def test_a_past_day_of_the_calendar_plays_its_deal_and_its_win_marks_it(harness, monkeypatch):
    """Issue 42 item 5: a past day looks clickable and is: it plays that day's deal of the
    day; the win marks that day. A later day is not a button."""
    from harptowers import session as session_module
    from harptowers.engine import DealCode, parse_code
    won = _load_won_games()
    day = date(2026, 11, 9)
    monkeypatch.setattr(session_module, "deal_of_the_day",
                        lambda g, v, d: parse_code(won.SEAHAVEN_CODE) if d == day
                        else DealCode(g, v, 5))
    api = Api(EH, today=lambda: date(2026, 12, 2))
    t = harness(EH, api=api)
    page = t.page
    page.get_by_test_id("btn-stats").click()
    page.get_by_test_id("cal-key").select_option(SH_KEY)
    cal = page.get_by_test_id("calendar")
    expect(cal.locator('td[data-date="2026-12-03"] button')).to_have_count(0)   # not yet
    expect(cal.locator('td[data-date="2026-12-02"] button')).to_have_count(1)   # today
    page.get_by_test_id("cal-prev").click()
    cal.locator('td[data-date="2026-11-09"] button').click()
    expect(page.get_by_test_id("dialog-stats")).to_be_hidden()
    expect(t.code).to_have_text(won.SEAHAVEN_CODE)
    expect(page.get_by_test_id("daily")).to_be_visible()
    words = won.SEAHAVEN_MOVES.split()
    _set_up(api, " ".join(words[:-1]))               # the position; the last move by hand
    page.reload()
    t.wait_ready()
    win(t)
    page.keyboard.press("Escape")
    page.keyboard.press("t")
    page.get_by_test_id("cal-key").select_option(SH_KEY)
    page.get_by_test_id("cal-prev").click()
    expect(cal.locator("td[data-won]")).to_have_count(1)
    expect(cal.locator('td[data-date="2026-11-09"]')).to_have_attribute("data-won", "1")


FITS = """(sel) => { const cs = getComputedStyle(sel);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const text = sel.options[sel.selectedIndex].text;
  const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
  return [ctx.measureText(text).width, room, text]; }"""


def test_reset_starts_on_the_game_played_best_score_counts_wins_and_names_fit(harness):
    """Issue 42 item 6: the Reset choice starts on the game and variant being played (not
    the one chosen last time); an unfinished game sets no best score; the deal-of-the-day
    choice shows its whole text."""
    api = Api(EH)
    api.settings({"language": "hr"})
    t = harness(EH, api=api)
    page = t.page
    t.stock()
    expect(t.moves).to_have_text("1")
    page.keyboard.press("t")
    page.get_by_test_id("reset-key").select_option(SH_KEY)
    page.keyboard.press("Escape")
    page.keyboard.press("t")
    expect(page.get_by_test_id("reset-key")).to_have_value(EH_KEY)
    page.keyboard.press("Escape")
    page.get_by_test_id("btn-new").click()              # leave the game: 1 move, some points
    page.get_by_test_id("code-input").fill("SH1-C2-AAAAAJ2")
    page.get_by_test_id("code-open").click()
    page.get_by_test_id("confirm-yes").click()
    expect(t.code).to_have_text("SH1-C2-AAAAAJ2")
    page.get_by_test_id("btn-stats").click()
    expect(page.get_by_test_id("reset-key")).to_have_value("seahaven-towers/C2")
    expect(figure(t, EH_KEY, "played")).to_have_text("1")
    expect(figure(t, EH_KEY, "best_score")).to_have_text("–")
    cal = page.get_by_test_id("cal-key")
    for value in [o for o in cal.evaluate("(s) => [...s.options].map((o) => o.value)")]:
        cal.select_option(value)
        width, room, text = cal.evaluate(FITS)
        assert width <= room, f"{text!r} is clipped: {width:.0f} px text in {room:.0f} px"


def test_last_games_fit_a_small_window_and_names_break_between_game_and_variant(harness):
    """At 1152 x 720, with a game of every variant in the history, the last games need no
    sideways scrolling (the calendar goes below them) and a long name breaks only between the
    game's name and the variant's, never inside either."""
    api = Api(EH)
    stats = storage.default_stats()
    keys = [v["key"] for g in api.state()["state"]["catalogue"] for v in g["variants"]]
    for n, key in enumerate(keys):
        game, variant = key.split("/")
        code = codes.format_code(game, variant, 5)
        stats = storage.record_start(stats, key, f"g{n}")
        stats = storage.record_abandon(stats, f"g{n}", score=0, seconds=61.0, moves=12,
                                       code=code, day="2026-11-24")
    api._session.stats = stats
    t = harness(EH, api=api)
    page = t.page
    page.set_viewport_size({"width": 1152, "height": 720})
    page.get_by_test_id("btn-stats").click()
    history = page.locator("#stats-history")
    expect(history.locator("tr[data-row]")).to_have_count(len(keys))
    wrap = history.evaluate("(t) => { const w = t.closest('.stats-wrap') || t.parentElement;"
                            " return [w.scrollWidth, w.clientWidth]; }")
    assert wrap[0] <= wrap[1], wrap
    for button in page.get_by_test_id("play-again").all():
        box = button.bounding_box()
        assert box["x"] + box["width"] <= 1152, box
    seahaven = history.locator('tr[data-row] td[data-col="game"]', has_text="Medium")
    assert seahaven.inner_text().replace("\n", " ") == "Seahaven Towers · Medium · 2 cells"
    page.set_viewport_size({"width": 700, "height": 720})   # narrow enough to break the name
    spans = seahaven.locator(".no-break")
    tops = spans.evaluate_all("(spans) => spans.map((s) => s.getBoundingClientRect().top)")
    assert tops[1] > tops[0], tops   # the variant on a line of its own …
    lines = spans.evaluate_all("(spans) => spans.map((s) => s.getClientRects().length)")
    assert lines == [1, 1]           # … and neither name broken

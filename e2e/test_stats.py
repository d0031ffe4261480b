"""The Statistics dialog (issue 5): a game counts from its first move; reset clears it."""

from playwright.sync_api import expect


def test_statistics_count_a_started_game_and_reset(harness):
    t = harness("EH1-N-AAAAAAF")
    t.stock()
    expect(t.moves).to_have_text("1")
    t.page.get_by_test_id("btn-settings").click()
    t.page.get_by_test_id("open-stats").click()
    row = t.page.locator('[data-testid="stats-table"] tr[data-key="easy-harp/N"]')
    expect(row.locator('td[data-col="played"]')).to_have_text("1")
    expect(row.locator('td[data-col="won"]')).to_have_text("0")
    expect(row.locator('td[data-col="win_rate"]')).to_have_text("0 %")
    other = t.page.locator('[data-testid="stats-table"] tr[data-key="seahaven-towers/C4"]')
    expect(other.locator('td[data-col="played"]')).to_have_text("0")
    t.page.get_by_test_id("stats-reset").click()
    expect(row.locator('td[data-col="played"]')).to_have_text("0")

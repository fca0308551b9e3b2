"""Every game's page for people who use a screen reader or the keyboard alone (issue 20,
"Done when"): axe-core (``vendor/axe.min.js``, run in headless Chromium) finds no serious or
critical violation on the lobby, on each game's page at a person's first move and at the
end, and on the gamesmaster's console; and a round of Cash'n'Guns is played with Tab, Space
and Enter alone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect
from web_live import Live, live_server
from web_player import seat_link

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
SEATS = {"pigsty": 3, "cashnguns": 4, "pimp": 2, "backhanding": 2, "pornstar": 2, "nim": 2}
OPTIONS: dict[str, dict[str, Any]] = {"pigsty": {"turn_limit": 1}, "pimp": {"turns": 1}, "pornstar": {"round_limit": 1}}
NAMES = ["Ada", "Bob", "Cleo", "Dino"]


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Live]:
    with live_server(str(tmp_path / "access.sqlite")) as server:
        yield server


def _open(live: Live, game: str, bots_too: bool = False) -> dict[str, Any]:
    seats = NAMES[: SEATS[game]]
    bots = seats if bots_too else seats[1:]
    response = httpx.post(f"{live.url}/api/tables", json={"game": game, "seats": seats, "bots": bots, "options": OPTIONS.get(game, {})})
    assert response.status_code == 201, response.text
    return dict(response.json())


def _page(browser: Browser, live: Live, table: dict[str, Any], role: str) -> Page:
    # The page's policy runs only its own scripts: the test lifts it to add axe's.
    page = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800}).new_page()
    page.goto(seat_link(live.url, table, role))
    expect(page.locator("#status")).to_have_text("connected")
    return page


def serious_violations(page: Page) -> list[str]:
    """axe-core's serious and critical violations on ``page``, one line each with the
    elements at fault."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    results = page.evaluate("async () => await axe.run(document, { resultTypes: ['violations'] })")
    return [
        f"{v['id']} ({v['impact']}): {v['help']}: " + "; ".join(" ".join(n["target"]) for n in v["nodes"][:5])
        for v in results["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("game", list(SEATS))
def test_web_access_each_game_page_has_no_serious_accessibility_violation(browser: Browser, live: Live, game: str) -> None:
    table = _open(live, game)
    page = _page(browser, live, table, "Ada")
    page.wait_for_selector("form.request")
    page.wait_for_timeout(200)
    found = serious_violations(page)
    page.locator("#show-bookkeeping").check()
    found += serious_violations(page)
    # The end, with its standings: the bot plays the person's seat out.
    automated = httpx.post(
        f"{live.url}/api/tables/{table['table']}/seats/gamesmaster/act",
        json={"action": "automate", "args": {"seats": NAMES[: SEATS[game]]}},
        headers={"Authorization": f"Bearer {table['tokens']['gamesmaster']}"},
    )
    assert automated.status_code == 200, automated.text
    page.wait_for_function("() => window.referee.over", timeout=120_000)
    page.wait_for_timeout(300)
    found += serious_violations(page)
    assert not found, f"{game}:\n" + "\n".join(sorted(set(found)))


def test_web_access_the_lobby_and_the_gamesmaster_console_have_no_serious_violation(browser: Browser, live: Live) -> None:
    lobby = browser.new_context(bypass_csp=True).new_page()
    lobby.goto(f"{live.url}/")
    expect(lobby.locator("#game option")).not_to_have_count(0)
    found = serious_violations(lobby)
    table = _open(live, "pigsty")
    console = _page(browser, live, table, "gamesmaster")
    expect(console.locator("#console")).to_be_visible()
    found += serious_violations(console)
    assert not found, "\n".join(found)


def test_web_access_the_check_finds_a_control_nobody_can_name(browser: Browser, live: Live) -> None:
    """The test of the tests above: a field without a label is reported."""
    page = _page(browser, live, _open(live, "nim"), "Ada")
    page.evaluate("() => document.getElementById('requests').append(Object.assign(document.createElement('input'), { type: 'text' }))")
    assert any(v.startswith("label (critical)") for v in serious_violations(page))


def _tab_to(page: Page, selector: str, limit: int = 40) -> None:
    """Press Tab until the focused element matches ``selector``."""
    for _ in range(limit):
        if page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_web_access_a_round_of_cashnguns_is_played_with_the_keyboard_alone(browser: Browser, live: Live) -> None:
    """Ada loads a bullet card, aims and shows her nerve: Tab to a choice, Space to take it,
    Tab to Send, Enter; no mouse."""
    table = _open(live, "cashnguns")
    page = _page(browser, live, table, "Ada")
    answered: list[str] = []
    while "nerve" not in answered:
        page.wait_for_selector("form.request", timeout=30_000)
        form = page.locator("form.request").first
        request = form.get_attribute("data-request")
        action = form.get_attribute("data-action") or ""
        _tab_to(page, "form.request input[type=radio]")
        page.keyboard.press("Space")
        assert page.evaluate("document.activeElement.checked"), "Space takes the focused choice"
        _tab_to(page, "form.request button[type=submit]")
        page.keyboard.press("Enter")
        expect(page.locator(f"form.request[data-request='{request}']")).to_have_count(0)
        answered.append(action)
        assert len(answered) < 8, f"the round did not reach its nerve step: {answered}"
    assert answered[:2] == ["bullet", "aim"], answered

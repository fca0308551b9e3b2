"""End to end in headless Chromium (issue 15, "Done when"): a table opened from the lobby,
two seats joined in two browser contexts, played through the forms to the end with each
move arriving on the other page without a reload, and the log verified; for every
installed game, a hidden entry of one seat appears nowhere in another seat's page, its
WebSocket frames or its HTTP responses; and a screenshot of each game's page."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from web_live import SCREENSHOTS, Live, fill_and_send, live_server

from referee import Referee
from referee.story import line as story_line


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Live]:
    with live_server(str(tmp_path / "e2e.sqlite")) as server:
        yield server


def _open_from_lobby(page: Page, live: Live, game: str, seats: list[str], bots: set[str]) -> dict[str, str]:
    """Open a table through the lobby's form; returns each role's join link."""
    page.goto(f"{live.url}/")
    page.select_option("#game", game)
    rows = page.locator("#seat-list > li")
    while rows.count() > len(seats):
        rows.last.locator("button").click()
    while rows.count() < len(seats):
        page.click("#add-seat")
    for i, name in enumerate(seats):
        rows.nth(i).locator(".seat-name").fill(name)
        rows.nth(i).locator(".seat-bot").set_checked(name in bots)
    page.click("#create button[type=submit]")
    expect(page.locator("#links")).to_be_visible()
    return {
        li.get_attribute("data-role") or "": li.locator("a").get_attribute("href") or "" for li in page.locator("#link-list > li").all()
    }


def _length(page: Page) -> int:
    return int(page.evaluate("window.referee.length"))


def _answer(page: Page) -> None:
    """Answer the first request on ``page`` through its form; where the rules refuse an
    answer (the form shows why), the next option is tried."""
    request = page.locator("form.request").first.get_attribute("data-request")
    for attempt in range(40):
        fill_and_send(page, attempt)
        page.wait_for_function(
            "([id]) => { const f = document.querySelector(`form.request[data-request='${id}']`); return !f || f.querySelector('.error').textContent; }",
            arg=[request],
        )
        if page.locator(f"form.request[data-request='{request}']").count() == 0:
            return
    refusal = page.locator("form.request .error").first.inner_text()
    raise AssertionError(f"no answer to {request} was accepted: {refusal}")


def _play_until_over(pages: dict[str, Page], moves_seen: list[tuple[str, int, int]], limit: int = 200) -> None:
    """Each page answers what it is asked through its form; after each move the other page
    must show the new entries by itself (no reload)."""
    for _ in range(limit):
        if all(page.evaluate("window.referee.over") for page in pages.values()):
            return
        acted = False
        for name, page in pages.items():
            forms = page.locator("form.request")
            if forms.count() == 0:
                continue
            before = {other: _length(p) for other, p in pages.items()}
            _answer(page)
            for other, other_page in pages.items():
                if other != name:
                    other_page.wait_for_function("(n) => window.referee.length > n", arg=before[other])
                    moves_seen.append((other, before[other], _length(other_page)))
            acted = True
            break
        if not acted:
            next(iter(pages.values())).wait_for_timeout(100)
    raise AssertionError("the game did not end")


def test_web_browser_two_seats_play_nim_from_the_lobby_to_a_verified_end(browser: Browser, live: Live) -> None:
    lobby = browser.new_context().new_page()
    links = _open_from_lobby(lobby, live, "nim", ["Ann", "Bob"], bots=set())
    assert set(links) == {"Ann", "Bob", "gamesmaster"}
    pages = {}
    for seat in ("Ann", "Bob"):
        page = browser.new_context().new_page()  # two contexts: nothing shared, as two people's browsers
        page.goto(links[seat])
        expect(page.locator("#status")).to_have_text("connected")
        pages[seat] = page
    reloads = {seat: 0 for seat in pages}
    for seat, page in pages.items():
        page.on("load", lambda _page, seat=seat: reloads.__setitem__(seat, reloads[seat] + 1))
    moves: list[tuple[str, int, int]] = []
    _play_until_over(pages, moves)
    assert moves and all(after > before for _, before, after in moves)
    assert reloads == {"Ann": 0, "Bob": 0}, "every move arrived without a reload"
    for page in pages.values():
        expect(page.locator("#requests .result")).to_contain_text("Game over")
    ann = pages["Ann"]
    ann.click("#export")
    expect(ann.locator("#export-result")).to_contain_text("Verified", timeout=20_000)
    assert ann.locator("#export-result a").get_attribute("download") == f"{links['Ann'].split('table=')[1].split('&')[0]}.jsonl"
    # The log the page verified is the full one: every entry shown, none hidden any more.
    expect(ann.locator("#log li.hidden")).to_have_count(0)


def _secrets(referee: Referee, table: str, seat: str) -> tuple[list[str], list[dict[str, Any]]]:
    """Words and bodies of the entries ``seat`` may not see, minus anything that seat may see
    anyway (its own view, its own story): what must appear nowhere it looks.  The words are
    each hidden entry's sentence for every other reader (its owner says "You ..."; the
    others and a spectator read the seat's name)."""
    rules = referee.rules(table)
    seats = referee.view(table, seat)["seats"]
    mine = json.dumps(referee.view(table, seat)) + json.dumps([e.event for e in referee.visible_entries(table, seat) if e.event])
    visible_words = {told.text for told in referee.audit.story(table, seat)}
    words, bodies = [], []
    for entry in referee.entries(table):
        if entry.visible(seat) or entry.event is None:
            continue
        for reader in [None, *(s for s in seats if s != seat and entry.visible(s))]:
            text = story_line(rules, entry, reader).text
            if text not in visible_words and text not in mine:
                words.append(text)
        bodies.append(entry.event)
    return words, bodies


def _told(referee: Referee, table: str, seat: str) -> list[str]:
    """Every sentence of ``seat``'s story, as its page shows it and as a JSON frame carries it."""
    texts = {told.text for told in referee.audit.story(table, seat)}
    return sorted(texts | {json.dumps(t)[1:-1] for t in texts}, key=len, reverse=True)


def _without(text: str, passages: list[str]) -> str:
    for passage in passages:
        text = text.replace(passage, "\n")
    return text


def _contains_body(value: Any, body: dict[str, Any]) -> bool:
    if isinstance(value, dict):
        return value == body or any(_contains_body(v, body) for v in value.values())
    if isinstance(value, list):
        return any(_contains_body(v, body) for v in value)
    return False


def _games() -> list[tuple[str, int]]:
    with Referee(":memory:") as referee:
        return [(g["name"], int(re.match(r"\d+", g["seats"]).group())) for g in referee.plugins.games()["games"]]  # type: ignore[union-attr]


@pytest.mark.parametrize(("game", "least"), _games(), ids=[g for g, _ in _games()])
def test_web_browser_no_hidden_entry_of_one_seat_reaches_another_seats_page(browser: Browser, live: Live, game: str, least: int) -> None:
    """Ann answers through her form; Bob's page (its text), every WebSocket frame and every
    HTTP response Bob's browser receives hold none of the entries hidden from Bob."""
    seats = ["Ann", "Bob", "Cleo", "Dino", "Edna", "Fritz"][: max(2, least)]
    lobby = browser.new_context().new_page()
    links = _open_from_lobby(lobby, live, game, seats, bots=set(seats[2:]))
    table = links["Ann"].split("table=")[1].split("&")[0]
    bob_context = browser.new_context()
    bob = bob_context.new_page()
    received: list[str] = []
    bob.on(
        "websocket",
        lambda socket: socket.on("framereceived", lambda frame: received.append(frame if isinstance(frame, str) else frame.decode())),
    )
    bob.on("response", lambda response: received.append(response.text()) if "/api/" in response.url else None)
    bob.goto(links["Bob"])
    expect(bob.locator("#status")).to_have_text("connected")
    ann = browser.new_context().new_page()
    ann.goto(links["Ann"])
    expect(ann.locator("#status")).to_have_text("connected")
    before = _length(bob)
    if ann.locator("form.request").count():
        _answer(ann)
        bob.wait_for_function("(n) => window.referee.length > n", arg=before)
    # Bob looks around: the replay slider at every few entries, and the export with its verdict.
    length = _length(bob)
    for to in sorted({1, length // 2, length}):
        bob.locator("#replay").evaluate("(slider, to) => { slider.value = String(to); slider.dispatchEvent(new Event('change')); }", to)
        bob.wait_for_timeout(100)
    bob.click("#export")
    expect(bob.locator("#export-result")).to_contain_text("Verified", timeout=20_000)
    bob.wait_for_timeout(200)
    referee = live.referee
    words, bodies = _secrets(referee, table, "Bob")
    assert bodies, f"{game}: nothing was hidden from Bob, so this test would prove nothing"
    # The test of the test: words hidden from Bob but Ann's to see are on Ann's page.
    anns = {told.text for told in referee.audit.story(table, "Ann")}
    assert any(w in ann.content() for w in words if w in anns), f"{game}: the words searched for are not what a page shows"
    # What Bob reads by right is taken out first: a hidden entry's sentence for its owner may
    # begin like the header sentence Bob is given ("Ann called odd" / "Ann called odd or even, sealed ...").
    page_text = _without(bob.content() + bob.inner_text("body"), _told(referee, table, "Bob"))
    assert all(w not in page_text for w in words), f"{game}: Bob's page shows a hidden entry"
    frames = [json.loads(text) for text in received if text.strip().startswith(("{", "["))]
    assert frames, "Bob's browser received updates"
    for text in received:
        text = _without(text, _told(referee, table, "Bob"))
        assert all(w not in text for w in words), f"{game}: a hidden entry's words reached Bob's browser"
    for frame in frames:
        assert not any(_contains_body(frame, body) for body in bodies if body), f"{game}: a hidden body reached Bob's browser"
    for exported in (f for f in frames if isinstance(f, dict) and f.get("jsonl")):
        for line in exported["jsonl"].splitlines():
            entry = json.loads(line)
            assert (
                "event" not in entry
                or entry["event"] not in bodies
                or entry.get("visible_to") in (None, [])
                or "Bob" in entry["visible_to"]
            )
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ann.set_viewport_size({"width": 1200, "height": 900})
    ann.screenshot(path=str(SCREENSHOTS / f"{game}.png"), full_page=True)
    ann.set_viewport_size({"width": 390, "height": 844})
    ann.screenshot(path=str(SCREENSHOTS / f"{game}-phone.png"), full_page=False)
    assert (SCREENSHOTS / f"{game}.png").stat().st_size > 10_000


def test_web_browser_the_pigsty_gamesmaster_console_enters_orders_closes_and_publishes(browser: Browser, live: Live) -> None:
    lobby = browser.new_context().new_page()
    links = _open_from_lobby(lobby, live, "pigsty", ["Bill", "Ted", "Zed"], bots={"Zed"})
    gm = browser.new_context().new_page()
    gm.goto(links["gamesmaster"])
    expect(gm.locator("#console")).to_be_visible()
    expect(gm.locator("#sent")).to_contain_text("Zed: sent")
    bill = browser.new_context().new_page()
    bill.goto(links["Bill"])
    bill.fill("form.request textarea", "I 5")
    bill.click("form.request button[type=submit]")
    expect(gm.locator("#sent")).to_contain_text("Bill: sent")
    expect(gm.locator("#console")).not_to_contain_text("I 5")
    ted = gm.locator("#paste form").filter(has_text="from Ted")
    ted.locator("textarea").fill("G 1")
    ted.locator("button").click()
    expect(gm.locator("#table")).to_have_attribute("data-round", "2")
    gm.click("#publish")
    expect(gm.locator("#gm-report")).to_contain_text("Round 1, published")
    expect(bill.locator("#report")).to_contain_text("Report of round 1")
    gm.click("#close-turn")
    expect(gm.locator("#table")).to_have_attribute("data-round", "3")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    gm.screenshot(path=str(SCREENSHOTS / "pigsty-gamesmaster.png"), full_page=True)
    lobby.screenshot(path=str(SCREENSHOTS / "lobby.png"), full_page=True)


def test_web_browser_forms_are_keyboard_usable(browser: Browser, live: Live) -> None:
    """A person without a mouse answers with Tab, arrow keys and Enter."""
    lobby = browser.new_context().new_page()
    links = _open_from_lobby(lobby, live, "nim", ["Ann", "Bob"], bots={"Bob"})
    page = browser.new_context().new_page()
    page.goto(links["Ann"])
    expect(page.locator("form.request")).to_be_visible()
    before = _length(page)
    page.locator("form.request input[type=radio]").first.focus()
    page.keyboard.press("Space")
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => window.referee.length > n", arg=before)
    expect(page.locator("#log li.own:not(.bookkeeping)").first).to_be_visible()

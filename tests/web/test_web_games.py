"""Each of the five games played to its end in headless Chromium, one person and bots
(issue 20, "Done when"): the person answers every request through the page's forms, as
the seat's bot would have answered it, while the tests look at the page as a player does.

At every move: the form makes no choice for the player (no radio, box or list preselected,
a yes-or-no two buttons with neither pressed) and does not spill out of its panel.  At fixed
points (the first move, a move in the middle, the end; screenshots ``web-screenshots/
{game}-*.png``): the page's text holds no raw id, slug, struct repr, bracket or placeholder
(``web_player.player_text_problems``), the title is the game's own, every card in the
seat's hand shows its name and rules text, and the game declares a presentation.  Per kind
of move, the page stays under 1.5 screens high at 1280x800 (typically: the median of that
move's heights).  Looking at the past with the replay slider makes the forms inert.

A problem is noted and the game played on, so one run lists everything a game's page lacks.
Human moves are capped (``CAP``): past it, the gamesmaster hands the seat to its bot."""

from __future__ import annotations

import os
import re
import statistics
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest
from playwright.sync_api import Browser, Page
from web_live import SCREENSHOTS, Live, fill_and_send, live_server
from web_player import answer_through_form, defaults_of, player_text_problems, raw_ids, seat_link

import referee.service
from referee import Referee
from referee.testing import fixed_key
from referee.words import title as slug_title

SCREEN = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
TALLEST = 1.5 * SCREEN["height"]
"""What the common moves of every game fit in (issue 20): 1.5 screens, 1,200 px."""
SEED = os.environ.get("REFEREE_WEB_GAMES_SEED", "web-games-1")
"""Each game's seed and bots' key are made from this, so a run finds again what the last one
found.  After changing how a game is drawn, run its test with other values (``new``: a fresh
seed and key each time, as a server draws them)."""
README_SHOTS = Path(os.environ["REFEREE_README_SCREENSHOTS"]) if os.environ.get("REFEREE_README_SCREENSHOTS") else None
"""Where the README's screenshot of each game goes, when set (``docs/screenshots``): the
page at 1280x800 at the move in the middle; then ``pngquant --force --ext .png`` them."""
CAP = 45
"""Moves the person makes through the forms before the bot takes the seat over."""

GAMES: dict[str, dict[str, Any]] = {
    # Options shorten the longer games to a few turns; the rules are the same.
    "pigsty": {"seats": ["Ada", "Bob", "Cleo"], "options": {"turn_limit": 5}, "middle": 2},
    "cashnguns": {"seats": ["Ada", "Bob", "Cleo", "Dino"], "options": {}},
    "pimp": {"seats": ["Ada", "Bob"], "options": {"turns": 4}},
    "backhanding": {"seats": ["Ada", "Bob"], "options": {}},
    "pornstar": {"seats": ["Ada", "Bob"], "options": {"round_limit": 3}},
}


@pytest.fixture
def live(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> Iterator[Live]:
    if SEED != "new":
        name = f"{SEED} {request.node.name}"
        monkeypatch.setattr(referee.service, "new_seed", lambda: name)
        monkeypatch.setattr(referee.service, "new_table_key", lambda: fixed_key(name))
    with live_server(str(tmp_path / "games.sqlite")) as server:
        yield server


def open_table(live: Live, game: str, seats: list[str], options: dict[str, Any]) -> dict[str, Any]:
    """A table with ``seats[0]`` played by a person and the rest by bots."""
    response = httpx.post(f"{live.url}/api/tables", json={"game": game, "seats": seats, "bots": seats[1:], "options": options})
    assert response.status_code == 201, response.text
    return dict(response.json())


def wait_for_turn_or_end(page: Page, timeout: float = 60_000) -> None:
    page.wait_for_function("() => window.referee.over || document.querySelector('form.request')", timeout=timeout)


def shoot(page: Page, name: str, folder: Path = SCREENSHOTS) -> None:
    """The page's first screen (scrolled to the top, where a player starts to read)."""
    folder.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(folder / f"{name}.png"))


class Watch:
    """What the test saw wrong on one game's page, noted as it plays on."""

    def __init__(self, game: str, referee: Referee, table: str, seat: str) -> None:
        self.game, self.referee, self.table, self.seat = game, referee, table, seat
        self.problems: list[str] = []
        self.ids: set[str] = set()
        self.heights: dict[str, list[int]] = defaultdict(list)
        self.title = referee.rules(table).game.title

    def note(self, where: str, problems: list[str]) -> None:
        self.problems += [f"{self.game} {where}: {p}" for p in problems]

    def learn_ids(self, requests: list[dict[str, Any]]) -> None:
        view = self.referee.view(self.table, self.seat)
        self.ids |= raw_ids([*requests, *view["requests"]], view["view"], view["seats"])

    def look(self, page: Page, where: str) -> None:
        """Everything a player reads on ``page`` now, judged."""
        self.note(where, player_text_problems(page.inner_text("body"), self.ids))
        shown_title = page.inner_text("#title")
        presented = page.locator("#board.presented").count() == 1
        if not presented:
            self.note(where, ["the game declares no presentation: the page lays out its raw view"])
        wanted = {self.title, *([page.evaluate("window.referee.presentationTitle")] if presented else [])}
        if shown_title not in wanted:
            self.note(where, [f"the title reads {shown_title!r}, not the game's {self.title!r}"])
        slug = slug_title(self.game)
        if slug not in self.title:
            text = page.inner_text("body").replace(self.title, "")
            if re.search(rf"\b{re.escape(slug)}\b", text):
                self.note(where, [f"the game is called {slug!r} (its name as a slug), not {self.title!r}"])
        for card in page.locator(".zone[data-role=hand] .card-face").all():
            name = card.locator(".card-name").inner_text().strip() if card.locator(".card-name").count() else ""
            text = card.locator(".card-text").inner_text().strip() if card.locator(".card-text").count() else ""
            if not name or not text:
                self.note(where, [f"a card in the hand shows {'no name' if not name else f'{name!r} without its rules text'}"])

    def fits(self, page: Page, action: str) -> None:
        """The form fits its panel; the page's height is noted for this kind of move."""
        self.heights[action].append(int(page.evaluate("document.documentElement.scrollHeight")))
        spill = page.evaluate(
            """() => { const turn = document.getElementById('turn');
                       return Math.max(0, turn.scrollWidth - turn.clientWidth, ...[...turn.querySelectorAll('form.request')].map((f) => f.scrollWidth - f.clientWidth)); }"""
        )
        if spill > 1:
            self.note(f"move {action}", [f"the form spills {spill} px out of its panel"])

    def tall_moves(self) -> list[str]:
        return [
            f"{self.game} move {action!r}: the page is {statistics.median(h):.0f} px high (median of {len(h)}), more than {TALLEST:.0f}"
            for action, h in self.heights.items()
            if statistics.median(h) > TALLEST
        ]


def look_at_the_past(page: Page, watch: Watch) -> None:
    """The replay slider shows the past: the form is inert and says so; back to now, it is live."""
    slider = page.locator("#replay")
    slider.evaluate("(s) => { s.value = String(Math.max(1, Number(s.max) - 5)); s.dispatchEvent(new Event('change')); }")
    page.wait_for_selector("#past-note:not([hidden])")
    if not page.evaluate("document.getElementById('requests').inert"):
        watch.note("replay", ["the answer form stays live while the page shows the past"])
    page.click("#replay-live")
    page.wait_for_selector("#past-note", state="hidden")
    assert not page.evaluate("document.getElementById('requests').inert"), "back to now, the form is live again"


def play_one(page: Page, watch: Watch, moves: int) -> str:
    """Answer the first open form as the seat's bot would, through its controls; returns the
    action answered."""
    form = page.locator("form.request").first
    request_id = form.get_attribute("data-request") or ""
    action = form.get_attribute("data-action") or ""
    made = defaults_of(form)
    if made:
        watch.note(f"move {moves} ({action})", [f"the form chooses before the player does: {', '.join(made)}"])
    request = next((r for r in watch.referee.requests(watch.table) if r.id == request_id), None)
    assert request is not None, f"the page shows request {request_id}, which is not open"
    watch.learn_ids([msgspec.to_builtins(request)])
    args = watch.referee.bots.answer(watch.table, request)
    sent = form.element_handle()
    answer_through_form(form, args)
    # Answered once the form is gone (what is asked next, even of the same id, is a new form)
    # or shows why not.
    gone = "(form) => !form.isConnected || form.querySelector('.error').textContent"
    try:
        page.wait_for_function(gone, arg=sent, timeout=30_000)
    except Exception:
        invalid = sent.evaluate(
            "(f) => [...f.querySelectorAll(':invalid')].map((c) => `${c.closest('[data-field]')?.dataset.field}: ${c.validationMessage}`)"
        )
        raise AssertionError(f"{request_id}: the answer {args} was not sent; the form holds {invalid}") from None
    attempt = 0
    while sent.evaluate("(form) => form.isConnected"):
        # The bot's answer was refused (the form says why): answer as a person trying the options would.
        refusal = sent.evaluate("(form) => form.querySelector('.error').textContent")
        watch.note(f"move {moves} ({action})", [f"the bot's answer {args} was refused: {refusal}"])
        assert attempt < 30, f"no answer to {request_id} was accepted: {refusal}"
        page.evaluate("(form) => { form.querySelector('.error').textContent = ''; }", sent)
        fill_and_send(page, attempt)
        page.wait_for_function(gone, arg=sent, timeout=30_000)
        attempt += 1
    return action


@pytest.mark.parametrize("game", list(GAMES))
def test_web_a_person_plays_each_game_to_its_end_through_the_forms(browser: Browser, live: Live, game: str) -> None:
    setup = GAMES[game]
    seats = setup["seats"]
    table = open_table(live, game, seats, setup["options"])
    referee = live.referee
    watch = Watch(game, referee, table["table"], seats[0])
    page = browser.new_context(viewport=SCREEN).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(seat_link(live.url, table, seats[0]))
    page.wait_for_selector("#status:text('connected')")
    moves = 0
    started = time.monotonic()
    while True:
        wait_for_turn_or_end(page)
        if page.evaluate("window.referee.over"):
            break
        if moves == CAP:
            # Enough of the person's moves: the bot plays the seat to the end.
            response = httpx.post(
                f"{live.url}/api/tables/{table['table']}/seats/gamesmaster/act",
                json={"action": "automate", "args": {"seats": seats}},
                headers={"Authorization": f"Bearer {table['tokens']['gamesmaster']}"},
            )
            assert response.status_code == 200, response.text
            page.wait_for_function("() => window.referee.over", timeout=120_000)
            break
        page.wait_for_timeout(150)  # the page settles (a form drawn, the log scrolled)
        if page.locator("form.request").count() == 0:
            continue  # the request went (withdrawn, or the game moved on) before it was looked at
        watch.learn_ids(referee.view(table["table"], seats[0])["requests"])
        action = page.locator("form.request").first.get_attribute("data-action") or ""
        watch.fits(page, action)
        middle = setup.get("middle", 8)
        if moves in (0, middle):
            where = "first move" if moves == 0 else "a move in the middle"
            watch.look(page, where)
            shoot(page, f"{game}-{1 if moves == 0 else 2}-{'first' if moves == 0 else 'middle'}")
            if moves == middle:
                if README_SHOTS:
                    shoot(page, game, README_SHOTS)
                look_at_the_past(page, watch)
                page.set_viewport_size(PHONE)
                shoot(page, f"{game}-phone")
                page.set_viewport_size(SCREEN)
        play_one(page, watch, moves)
        moves += 1
    page.wait_for_selector("#requests .result")
    page.wait_for_timeout(300)  # the whole log, now open to everyone, read again
    watch.learn_ids([])
    watch.look(page, "the end")
    shoot(page, f"{game}-3-end")
    if page.locator("#board.presented").count():
        places = page.locator(".standings li")
        if places.count() == 0:
            watch.note("the end", ["no standings are shown"])
    assert not errors, f"the page's script failed: {errors}"
    assert moves > 0, f"{game}: the person was never asked anything"
    problems = watch.problems + watch.tall_moves()
    # Each problem once, with how often it was seen.
    counted: dict[str, int] = {}
    for problem in problems:
        counted[problem] = counted.get(problem, 0) + 1
    report = "\n".join(f"{p}{f' (x{n})' if n > 1 else ''}" for p, n in counted.items())
    print(f"{game}: {moves} moves through the forms in {time.monotonic() - started:.0f} s")
    print(
        f"{game} heights: "
        + "; ".join(f"{a} median {statistics.median(h):.0f}, most {max(h)} ({len(h)} moves)" for a, h in watch.heights.items())
    )
    assert not counted, f"{game}: what a player should not see or meet:\n{report}"

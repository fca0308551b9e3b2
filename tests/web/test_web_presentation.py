"""The page draws what a game presents, tells the log as a story and asks without choosing
for the player (issue 20): in headless Chromium, on Nim with a presentation of every kind
of part (``shown_nim``), on plain Nim (no presentation: the page lays the view out itself),
and on forms built from answer shapes alone."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest
import shown_nim
from playwright.sync_api import Browser, Page, expect
from web_live import Live, live_server
from web_player import answer_through_form, defaults_of, player_text_problems, seat_link, seat_token

SCREEN = {"width": 1280, "height": 800}


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Live]:
    with live_server(str(tmp_path / "shown.sqlite"), registry=shown_nim.registry()) as server:
        yield server


def _open(live: Live, seats: list[str], bots: list[str], extensions: list[str] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "nim", "seats": seats, "bots": bots}
    if extensions is not None:
        body["extensions"] = extensions
    response = httpx.post(f"{live.url}/api/tables", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def _page(browser: Browser, live: Live, table: dict[str, Any], seat: str) -> Page:
    page = browser.new_context(viewport=SCREEN).new_page()
    page.goto(seat_link(live.url, table, seat))
    expect(page.locator("#status")).to_have_text("connected")
    return page


def _answer_as_its_bot(page: Page, live: Live, table: str) -> None:
    form = page.locator("form.request").first
    request_id = form.get_attribute("data-request")
    referee = live.referee
    request = next(r for r in referee.requests(table) if r.id == request_id)
    answer_through_form(form, referee.bots.answer(table, request))
    expect(page.locator(f"form.request[data-request='{request_id}']")).to_have_count(0)


def test_web_a_presented_game_is_drawn_as_its_zones_cards_backs_arrows_and_standings(browser: Browser, live: Live) -> None:
    table = _open(live, ["Ann", "Bob", "Cleo"], ["Bob", "Cleo"], ["shown"])
    page = _page(browser, live, table, "Ann")
    expect(page.locator("#title")).to_have_text("Nim, shown")
    assert page.title().startswith("Nim, shown")
    board = page.locator("#board")
    expect(board).to_have_class("presented")
    # The reader's own zones come first; the others' hidden calls are counted backs.
    expect(board.locator(".zone").first).to_have_attribute("data-role", "hand")
    expect(board.locator(".zone[data-role=hand]")).to_contain_text("no call made yet")
    for other in ("Bob", "Cleo"):
        stack = board.locator(f".zone[data-owner={other}] .back-stack")
        expect(stack).to_have_attribute("data-count", "1")
        expect(stack).to_contain_text("1 call, face down")
    expect(page.locator("#facts")).to_have_text("Round 1: everybody calls odd or even")
    page.locator("form.request input[value=odd]").check()
    page.locator("form.request button[type=submit]").click()
    expect(page.locator("form.request[data-action=take]")).to_be_visible()
    hand = board.locator(".zone[data-role=hand] .card-face")
    expect(hand).to_have_count(1)
    expect(hand.locator(".card-name")).to_have_text("Odd")
    expect(hand.locator(".card-text")).to_contain_text("If the start die shows odd")
    expect(hand.locator(".card-notes")).to_contain_text("face down until all have called")
    # Each heap a card with the number its option has in the form.
    heaps = board.locator(".zone[data-role=board] .card-face")
    expect(heaps).to_have_count(3)
    offered = page.locator("form.request [data-field=heap] input[type=radio]").count()
    numbered = [int(n) for n in heaps.locator(".card-number").all_inner_texts()]
    assert numbered == list(range(1, offered + 1))
    expect(heaps.first.locator(".card-text")).to_contain_text("Whoever takes the last stone wins.")
    expect(heaps.first.locator(".card-stats")).to_contain_text("Stones")
    expect(board.locator(".zone[data-role=board] .counters")).to_contain_text("Stones left")
    picture = board.locator("figure.standoff svg[role=img]")
    expect(picture).to_have_attribute("aria-label", "Ann passes to Bob; Bob passes to Cleo; Cleo passes to Ann")
    expect(picture.locator("line.arrow")).to_have_count(3)
    expect(picture.locator("line.arrow.mine")).to_have_count(1)
    assert player_text_problems(page.inner_text("body")) == []
    while not page.evaluate("window.referee.over"):
        page.wait_for_function("() => window.referee.over || document.querySelector('form.request')")
        if page.locator("form.request").count():
            _answer_as_its_bot(page, live, table["table"])
    standings = board.locator(".standings li")
    expect(standings).to_have_count(3)
    expect(standings.first.locator(".breakdown")).to_contain_text("Last stone")
    expect(standings.first.locator(".place")).to_have_text("1.")
    assert player_text_problems(page.inner_text("body")) == []


def test_web_the_log_is_a_story_in_the_readers_words_with_bookkeeping_folded(browser: Browser, live: Live) -> None:
    table = _open(live, ["Ann", "Bob"], [])
    ann, bob = _page(browser, live, table, "Ann"), _page(browser, live, table, "Bob")
    before = int(bob.evaluate("window.referee.length"))
    ann.locator("form.request input[value=odd]").check()
    ann.locator("form.request button[type=submit]").click()
    bob.wait_for_function("(n) => window.referee.length > n", arg=before)
    referee = live.referee
    called = next(e for e in referee.visible_entries(table["table"], "Bob") if e.type == "nim.StartCalled" and e.seat == "Ann")
    # Ann's own sealed call: hers alone, marked so.
    private = ann.locator(f"#log li[data-seq='{called.seq}']")
    expect(private).to_have_class(re.compile(r"\bprivate\b"))
    expect(private).to_contain_text("odd")
    expect(private.locator(".only-you")).to_have_text("only you")
    # Bob is told that Ann chose, never what, in muted words: the sentence the kernel's
    # story gives Bob for that entry.
    told = next(t for t in referee.audit.story(table["table"], "Bob") if t.seq == called.seq)
    assert told.kind == "hidden" and "odd" not in told.text.replace("odd or even", "")
    hidden = bob.locator(f"#log li.hidden[data-seq='{called.seq}']")
    expect(hidden).to_have_text(re.compile(re.escape(told.text)))
    assert hidden.evaluate("(li) => getComputedStyle(li).fontStyle") == "italic"
    assert not re.search(r"\bodd\b(?! or even)", bob.inner_text("#log"))
    # Requests opened, actions as sent, phase markers: folded until asked for.
    folded = bob.locator("#log li.bookkeeping")
    assert folded.count() > 0 and not folded.first.is_visible()
    assert "asked" not in bob.inner_text("#log")
    bob.locator("#show-bookkeeping").check()
    expect(folded.first).to_be_visible()
    assert "You are asked" in bob.inner_text("#log")
    # Every line keeps its rule reference, the rulebook named in full on hovering.
    seqs = {e.type: e.seq for e in reversed(referee.visible_entries(table["table"], "Bob"))}
    title = bob.inner_text("#title")
    expect(bob.locator(f"#log li[data-seq='{seqs['nim.HeapsLaid']}'] .rule")).to_have_attribute("title", f"{title}: 1")
    expect(bob.locator(f"#log li[data-seq='{seqs['referee.RoundBegan']}'] .rule")).to_have_attribute("title", "the table's own rules: flow")
    bob.locator("#show-bookkeeping").uncheck()
    for page in (ann, bob):
        text = page.inner_text("body")
        assert "referee." not in text and "SeatsAutomated" not in text and "hidden from you: " not in text
        assert player_text_problems(text) == []


def test_web_a_game_without_a_presentation_is_laid_out_without_placeholders_slugs_or_keys(browser: Browser, live: Live) -> None:
    """Tally declares no presentation: its view (nothing yet, empty lists and records, a slug
    as a value, snake-case keys) is drawn by the page, with nothing printed for what is
    empty, the slug and the keys in words, and the registry's title."""
    response = httpx.post(f"{live.url}/api/tables", json={"game": "tally", "seats": ["Ann", "Bob"], "bots": ["Bob"]})
    assert response.status_code == 201, response.text
    page = _page(browser, live, response.json(), "Ann")
    expect(page.locator("#board")).not_to_have_class("presented")
    expect(page.locator("#title")).to_have_text("Tally")
    text = page.inner_text("#board")
    assert "Marks made" in text and "House style" in text and "The plain one" in text
    raw = {"marks_made", "house_style", "the-plain-one", "nothing_yet", "no_items", "no_records", "Nothing yet", "No items", "No records"}
    assert player_text_problems(page.inner_text("body"), raw) == []
    page.locator("form.request input[value=big-cross]").check()
    page.locator("form.request button[type=submit]").click()
    expect(page.locator("#requests .result")).to_contain_text("every seat made its mark")
    assert "Big cross" in page.inner_text("#board") or "a big cross" in page.inner_text("#log")
    assert player_text_problems(page.inner_text("body"), raw - {"big-cross"}) == []


def test_web_the_past_is_looked_at_not_answered(browser: Browser, live: Live) -> None:
    table = _open(live, ["Ann", "Bob"], ["Bob"], ["shown"])
    page = _page(browser, live, table, "Ann")
    page.locator("form.request input[value=even]").check()
    page.locator("form.request button[type=submit]").click()
    expect(page.locator("form.request[data-action=take]")).to_be_visible()
    page.locator("#replay").evaluate("(s) => { s.value = '3'; s.dispatchEvent(new Event('change')); }")
    expect(page.locator("#past-note")).to_be_visible()
    assert page.evaluate("document.getElementById('requests').inert")
    # The table as it was: before any call, so Ann's hand held none.
    expect(page.locator(".zone[data-role=hand]")).to_contain_text("no call made yet")
    with pytest.raises(Exception, match="Timeout"):
        page.locator("form.request input[type=radio]").first.check(timeout=500)
    page.click("#replay-live")
    expect(page.locator("#past-note")).to_be_hidden()
    expect(page.locator(".zone[data-role=hand] .card-name")).to_have_text("Even")
    page.locator("form.request input[type=radio]").first.check()


FORM = {
    "id": "r1.play.Ann",
    "action": "play",
    "prompt": "Play your cards",
    "answer": {
        "plays": {
            "kind": "assign",
            "label": "plays",
            "items": [
                {"value": "snitch-1", "label": "Snitch (the 1st) — tells the cops about a pimp who is out on the street tonight"},
                {"value": "cane-2", "label": "Pimp Cane"},
                {"value": "cop-1", "label": "Crooked Cop"},
            ],
            "targets": [
                {"value": "fight-bertha", "label": "the fight for Big Bertha"},
                {"value": "pimp-lou", "label": "Bob's pimp Juicy Lou"},
            ],
            "allowed": {"snitch-1": ["pimp-lou"], "cop-1": []},
        },
        "brave": {"kind": "flag", "label": "stay in"},
        "card": {"kind": "pick", "options": [{"value": "bang", "label": "Bang!"}, {"value": "click", "label": "Click!"}]},
        "extra": {
            "kind": "pick",
            "optional": True,
            "options": [{"value": "p1", "label": "Hype Machine (1st)"}, {"value": "p2", "label": "Hype Machine (2nd)"}],
        },
        "bid": {"kind": "amount", "min": 0, "max": 5, "label": "bid"},
        "keep": {"kind": "subset", "options": [{"value": "s1", "label": "Chad Thrust"}], "optional": True},
    },
}


def _form_page(browser: Browser, live: Live, width: int) -> Page:
    """A page holding the form of ``FORM`` in a panel ``width`` pixels wide; what it sends
    is kept in ``window.sent``."""
    page = browser.new_context(viewport={"width": width, "height": 800}).new_page()
    page.goto(f"{live.url}/play")
    page.evaluate(
        """async ([request, width]) => {
             const { requestForm } = await import('/static/forms.js');
             window.sent = [];
             const panel = document.getElementById('turn');
             panel.style.width = `${width}px`;
             document.getElementById('requests').append(requestForm(request, async (r, args) => { window.sent.push(args); }));
           }""",
        [FORM, min(width, 390)],
    )
    return page


def test_web_a_form_chooses_nothing_for_the_player_and_offers_each_item_its_own_targets(browser: Browser, live: Live) -> None:
    page = _form_page(browser, live, 1280)
    form = page.locator("form.request")
    assert defaults_of(form) == []
    # A yes-or-no is two choices, neither pressed.
    brave = form.locator("[data-field=brave]")
    assert brave.locator("input[type=radio]").evaluate_all("(rs) => rs.map((r) => r.closest('label').textContent.trim())") == ["Yes", "No"]
    legends = {
        f: form.locator(f"[data-field={f}] legend, [data-field={f}] > label").first.inner_text()
        for f in ("plays", "brave", "card", "bid", "extra", "keep")
    }
    assert all("optional" not in legends[f] for f in ("plays", "brave", "card", "bid")), legends
    assert all("(optional)" in legends[f] for f in ("extra", "keep")), legends
    # Required fields first.
    fields = form.locator("[data-field]").evaluate_all("(nodes) => nodes.map((n) => n.dataset.field)")
    assert fields[-2:] == ["extra", "keep"]
    plays = form.locator("[data-field=plays]")
    assert plays.locator("select[data-item=snitch-1] option").all_inner_texts() == ["— not played —", "Bob's pimp Juicy Lou"]
    assert plays.locator("select[data-item=cane-2] option").count() == 3
    expect(plays).to_contain_text("no target it may go to now")
    assert plays.locator("select[data-item=cop-1]").count() == 0
    # Send with the required choices unmade: the browser asks for them, nothing is sent.
    form.locator("button[type=submit]").click()
    assert page.evaluate("window.sent") == []
    answer_through_form(form, {"brave": False, "card": "click", "bid": 3, "plays": {"snitch-1": "pimp-lou"}})
    page.wait_for_function("window.sent.length === 1")
    assert page.evaluate("window.sent[0]") == {"brave": False, "card": "click", "bid": 3, "plays": {"snitch-1": "pimp-lou"}}


@pytest.mark.parametrize("width", [1280, 390])
def test_web_a_form_with_long_labels_stays_inside_its_panel(browser: Browser, live: Live, width: int) -> None:
    page = _form_page(browser, live, width)
    spill = page.evaluate(
        "() => { const t = document.getElementById('turn'); const f = t.querySelector('form.request'); return [t.scrollWidth - t.clientWidth, f.scrollWidth - f.clientWidth]; }"
    )
    assert spill == [0, 0]


def test_web_the_hub_sends_the_presentation_with_the_view_and_the_story_with_the_entries(live: Live) -> None:
    table = _open(live, ["Ann", "Bob"], ["Bob"], ["shown"])
    token = seat_token(live.url, table, "Ann")
    response = httpx.get(f"{live.url}/api/tables/{table['table']}/seats/Ann/state", headers={"Authorization": f"Bearer {token}"})
    update = response.json()
    assert update["title"] == "Nim, shown"
    expected = msgspec.to_builtins(live.referee.present(table["table"], "Ann"))
    assert update["presentation"] == json.loads(json.dumps(expected))
    kinds = {e["kind"] for e in update["entries"]}
    assert {"play", "bookkeeping"} <= kinds and kinds <= {"play", "private", "hidden", "bookkeeping"}
    story = live.referee.audit.story(table["table"], "Ann")
    assert [e["text"] for e in update["entries"]] == [told.text for told in story]

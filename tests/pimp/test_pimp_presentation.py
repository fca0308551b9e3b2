"""Pimp as a player sees it: the presentation (``Referee.present``) and the log read by each seat.

Whole bot games are played (several seeds, a seat named "You" as the terminal names its
player) and looked at as each pimp would: every card in a hand shows its name and numbers,
a special card its rules text from the card data ("Playing a special card from your
hand"); another pimp's hand, edge slots ("face-down so that your opponents cannot see what
is in them") and deck show only as counted backs; no line or text holds an id, a slug, a
struct or a placeholder; the log speaks to its reader ("You draw", never "You draws"); a
private entry names its card to its owner and only what its header says to the others;
the final count ("Winning / ending the game": the most money in the money pile) adds up.
"""

from __future__ import annotations

import gzip
import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import pytest

from referee import MEMORY, Presentation, Referee, Registry, TableStore
from referee.audit import decode, describe, describe_hidden
from referee.presentation import present
from referee_pimp.cards import SPECIALS

GAMES = (("present-1", ("Ann", "Bea", "You")), ("present-2", ("You", "Ann")), ("present-3", ("Ann", "Bea", "Cy", "You")))
"""Seeds and seats of the games looked at; "You" is how the terminal names its player."""
EVERY = 7
"""Every how many actions the table is looked at by each seat."""

SLUG = re.compile(r"\b[a-z]+(?:-[a-z]+)+\b")
"""A slug ("king-of-cool", "psycho-punter", "doing-shit"): no player reads one."""
ENGLISH = {"counter-attack", "un-shagged", "face-down"}
"""Words written with a hyphen in the rulebook's English."""
ID = re.compile(r"\b(?:Ann|Bea|Cy|You)/|[a-z]#\d")
"""A card id ("Ann/vicky", "streetwalker-u#2"); a copy's number reads "Streetwalker U #2"."""
BAD_GRAMMAR = re.compile(r"\bYou (?:is|was|has|does|goes|[a-z]*[^s\W]s)\b|\bYou's\b|\b1 (?:cards|punters|tokens|influence tokens)\b")
MONEY = re.compile(r"\$[\d,]*\d")


@dataclass
class Looked:
    """What the seats were shown of the games."""

    presentations: list[tuple[str, dict[str, Any], Presentation]] = field(default_factory=list)
    """(seat, its view, its presentation) at points through every game."""
    lines: list[tuple[str, str, str]] = field(default_factory=list)
    """(reader, entry type, the line the reader reads) for every entry, hidden ones too."""
    private: list[tuple[str, Any, str, str]] = field(default_factory=list)
    """(owner, the private event, the line its owner reads, the line another seat reads)."""
    finals: list[tuple[dict[str, Any], Presentation]] = field(default_factory=list)


def _texts(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _texts(item)


def _look(app: Referee, table: str, looked: Looked) -> None:
    for seat in (*app.state(table).seats, None):
        view = app.view(table, seat)
        shown = app.present(table, seat)
        assert shown is not None
        looked.presentations.append((seat or "", view, shown))


def _read_log(app: Referee, table: str, looked: Looked) -> None:
    """Every entry as each seat reads it while the game runs: hidden ones from their header."""
    rules = app.rules(table)
    full = {e.seq: e for e in app.entries(table)}
    for reader in app.state(table).seats:
        for entry in app.visible_entries(table, reader):
            if entry.redacted:
                line = describe_hidden(rules, entry, reader)
                body = decode(rules, full[entry.seq])
                owner = getattr(body, "pimp", None)
                if entry.type.startswith("pimp.") and owner and owner != reader and entry.visible_to == [owner]:
                    looked.private.append((owner, body, describe(rules, body, owner), line))
            else:
                line = describe(rules, decode(rules, entry), reader)
            looked.lines.append((reader, entry.type, line))


@pytest.fixture(scope="module")
def looked() -> Looked:
    looked = Looked()
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        for seed, seats in GAMES:
            table = app.open("pimp", seats, seed=seed, options={"turns": 6}, key=hashlib.sha256(seed.encode()).hexdigest())
            actions = 0
            while not app.state(table).over:
                if actions % EVERY == 0:
                    _look(app, table, looked)
                if actions % (EVERY * 10) == 5:
                    _read_log(app, table, looked)
                request = app.requests(table)[0]
                app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)
                actions += 1
            _read_log(app, table, looked)
            for seat in (*seats, None):
                looked.finals.append((app.view(table, seat), app.present(table, seat)))
                looked.presentations.append((seat or "", app.view(table, seat), looked.finals[-1][1]))
    return looked


def _pimps(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p["name"]: p for p in view["view"]["pimps"]}


def test_every_card_in_a_hand_shows_its_name_its_numbers_and_a_special_its_rules_text(looked: Looked) -> None:
    """Playing a special card from your hand: what it does is read from the card data
    (specials.toml), and a bitch shows cost, looks, fight, stamina and every service."""
    specials = 0
    for seat, view, shown in looked.presentations:
        hand = next((z for z in shown.zones if z.title == "Your hand"), None)
        me = _pimps(view).get(seat)
        if me is None or not isinstance(me["hand"], list):
            assert hand is None, "a spectator has no hand"
            continue
        assert hand is not None and len(hand.cards) == len(me["hand"])
        for card, face in zip(hand.cards, me["hand"], strict=True):
            assert card.name.startswith(face["name"])
            stats = {s.label: s.value for s in card.stats}
            if face["kind"] == "special":
                assert card.text == SPECIALS.specials[face["special"]].text
                specials += 1
            else:
                assert {k: stats[k] for k in ("Cost", "Looks", "Fight", "Stamina")} == {
                    k.capitalize(): str(face[k.lower()]) for k in ("Cost", "Looks", "Fight", "Stamina")
                }
                for service, level in face["services"].items():
                    if service != "standard":
                        assert stats[service.capitalize()] == str(level)
    assert specials > 10, "special cards were held and shown"


def test_no_ids_slugs_reprs_or_placeholders_in_any_presentation_text_or_log_line(looked: Looked) -> None:
    texts = [t for _, _, shown in looked.presentations for t in _texts(msgspec.to_builtins(shown))]
    lines = [line for _, kind, line in looked.lines if not kind.startswith("referee.") or kind.endswith(("Began", "Ended"))]
    assert len(texts) > 1000 and len(lines) > 1000
    for text in [*texts, *lines]:
        assert not set(SLUG.findall(text)) - ENGLISH, text
        assert not ID.search(text), text
        assert "{" not in text and "[" not in text, text
        assert not re.search(r"\b(?:none|None)\b", text), text
        assert not BAD_GRAMMAR.search(text), text
        for amount in MONEY.findall(text):
            assert re.fullmatch(r"\$\d{1,3}(,\d{3})*", amount), text


def test_another_pimps_hand_edge_slots_and_deck_are_only_counted_backs(looked: Looked) -> None:
    """Setting up: the deck "placed, face down"; edge slots "face-down so that your opponents
    cannot see what is in them": another seat sees how many, never which."""
    checked = 0
    for seat, view, shown in looked.presentations:
        if view["result"]:
            continue
        for pimp in _pimps(view).values():
            if pimp["name"] == seat:
                continue
            zone = next(z for z in shown.zones if z.owner == pimp["name"] and z.role == "opponent")
            assert len(zone.cards) == len(pimp["pad"]) + len(pimp["specials"])
            backs = {b.label.split(" in ")[1]: b.count for b in zone.backs}
            whose = "your" if pimp["name"] == "You" else f"{pimp['name']}'s"
            assert backs.get(f"{whose} hand", 0) == pimp["hand"]
            assert backs.get(f"{whose} edge slots", 0) == pimp["edges"]
            assert backs.get(f"{whose} deck", 0) == pimp["deck"]
            checked += 1
    assert checked > 50


def test_a_private_entry_names_its_card_to_its_owner_and_only_its_header_to_the_others(looked: Looked) -> None:
    """Drawing starting hand and Recruitment: the pimp who draws reads which card; the others
    read that a card was drawn, and nothing the hidden body holds."""
    drawn = 0
    for owner, event, own_line, other_line in looked.private:
        names = [n.partition("'s ")[2] for n in getattr(event, "names", {}).values()]
        for name in names:
            assert name in own_line, (own_line, name)
            assert name not in other_line, other_line
        if type(event).__name__ == "CardDrawn":
            assert own_line.startswith("You draw ")
            assert other_line == ("You draw a card" if owner == "You" else f"{owner} draws a card")
            drawn += 1
    assert drawn > 20


def test_the_log_speaks_to_its_reader(looked: Looked) -> None:
    """ "You" is the reader (and the seat the terminal calls You): "You draw", "your Vicky"."""
    own = [line for reader, kind, line in looked.lines if kind == "pimp.InfluenceChanged" and line.startswith("You ")]
    assert own and all(re.match(r"You (gain|lose) \d+ influence", line) for line in own)
    theirs = [line for reader, kind, line in looked.lines if kind == "pimp.InfluenceChanged" and not line.startswith("You ")]
    assert theirs and all(re.match(r"(Ann|Bea|Cy) (gains|loses) \d+ influence", line) for line in theirs)
    turns = {line for reader, kind, line in looked.lines if kind == "referee.TurnBegan"}
    assert "Your turn" in turns and "Ann's turn" in turns


def test_the_status_line_says_whose_turn_and_which_phase_in_the_rulebooks_words(looked: Looked) -> None:
    phases = set()
    for seat, view, shown in looked.presentations:
        if view["result"] or not view["view"]["turn"]:
            continue
        game = view["view"]
        whose = "your" if game["active"] in (seat, "You") else f"{game['active']}'s"
        assert shown.status.startswith(f"Turn {game['turn']} of 6: {whose} turn, "), shown.status
        phases.add(shown.status.split(", ")[1])
    assert "Doing Shit" in phases


def test_the_final_count_adds_up_and_names_the_winners(looked: Looked) -> None:
    """Winning / ending the game: the most money in the money pile among pimps still in."""
    assert looked.finals
    for view, shown in looked.finals:
        result = view["result"]
        assert [p.seat for p in shown.standings] == [s["seat"] for s in result["standings"]]
        for place in shown.standings:
            dollars = [int(s.value.strip("$").replace(",", "")) for s in place.breakdown if s.value.startswith("$")]
            assert sum(dollars) == int(place.total.strip("$").replace(",", "")) == _pimps(view)[place.seat]["money"]
        assert shown.status.startswith("Game over: ")
        for winner in result["winners"]:
            assert (winner if winner != view["seat"] and winner != "You" else "you") in shown.status


def test_edge_slots_carry_the_number_the_requests_use(looked: Looked) -> None:
    """Drawing a power card from an edge slot names the slot: the card shows that number."""
    numbered = 0
    for seat, view, shown in looked.presentations:
        me = _pimps(view).get(seat)
        if me is None or not isinstance(me["edges"], list):
            continue
        zone = next(z for z in shown.zones if z.title == "Your edge slots")
        held = {n: face for n, face in enumerate(me["edges"], start=1) if face}
        assert {c.number: c.name for c in zone.cards} == {n: _shown(face) for n, face in held.items()}
        numbered += len(held)
    assert numbered > 10


def _shown(face: dict[str, Any]) -> str:
    number = int(face["id"].rpartition("#")[2]) if "#" in face["id"] else 1
    return face["name"] + (f" #{number}" if number > 1 else "")


def test_a_copy_keeps_its_name_in_every_request_and_the_presentation() -> None:
    """Two copies of one card are told apart by a number that never changes ("Streetwalker U
    #2"): every option naming a card, in every request of a game, names it the same way, and
    the presentation names it so too."""
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        seed = "copies-1"
        table = app.open("pimp", ["Ann", "Bea"], seed=seed, options={"turns": 4}, key=hashlib.sha256(seed.encode()).hexdigest())
        named: dict[tuple[str, str], set[str]] = {}
        copies = 0
        while not app.state(table).over:
            request = app.requests(table)[0]
            cards = {c.name for z in app.present(table, request.seat).zones for c in z.cards}
            for shape in (request.answer or {}).values():
                for option in (*getattr(shape, "options", ()), *getattr(shape, "items", ()), *getattr(shape, "targets", ())):
                    if "/" in option.value:
                        name = option.label.partition(" (")[0].removeprefix(f"{option.value.partition('/')[0]}'s ")
                        named.setdefault((request.seat, option.value), set()).add(name)
                        assert name in cards, (name, cards)
                        copies += "#" in name
            app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)
        assert copies > 10
        assert all(len(names) == 1 for names in named.values()), {k: v for k, v in named.items() if len(v) > 1}


OLD_LOG = Path(__file__).parent / "data" / "pimp-three-bots-before-presentation.jsonl.gz"
"""The golden three-bot game as recorded before the log named every card it draws and listed the
special cards' rules text (no ``names`` on CardDrawn, no ``texts`` on DeckListed)."""


def test_a_log_recorded_before_names_replays_and_reads_without_ids() -> None:
    """An older log still replays; its lines read a card's name out of its id, and its special
    cards show their rules text from the shipped card data."""
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        entries = app.audit.load_log(gzip.decompress(OLD_LOG.read_bytes()).decode("utf-8"))
        rules, state = app.audit.replay(entries)
        assert state.over
        lines = [describe(rules, decode(rules, e), "Ada") for e in entries if e.type.startswith("pimp.")]
        drawn = [describe(rules, decode(rules, e), "Ada") for e in entries if e.type == "pimp.CardDrawn" and e.event["pimp"] == "Ada"]
        assert len(drawn) >= 10 and all(re.fullmatch(r"You draw [A-Z][\w ]*(?: #\d)? into your hand \(.*\)", line) for line in drawn), drawn
        specials = 0
        for to in range(50, len(entries), 50):
            shown = present(rules, app.audit.replay_view(entries, to, "Ada").view)
            assert shown is not None
            for text in _texts(msgspec.to_builtins(shown)):
                assert not ID.search(text) and not set(SLUG.findall(text)) - ENGLISH, text
            for card in (c for z in shown.zones for c in z.cards if c.kind.startswith("special card")):
                assert card.text and card.text in {s.text for s in SPECIALS.specials.values()}
                specials += 1
        assert specials > 0
        for line in lines:
            assert not ID.search(line) and not set(SLUG.findall(line)) - ENGLISH, line

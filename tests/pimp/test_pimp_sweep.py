"""A sweep of whole Pimp games played by bots of both kinds (RULES.md, "Bots").

A fixed set of games, two to six seats, each seat played by the heuristic or the random
bot (the table option ``bots``), with the shipped ready-made decks dealt as by default
(and four last games where every seat plays one deck, for escorts whose names clash).
Across the sweep every kind of action of Doing Shit, every special card, every special
encounter and every way a game ends ("Winning / Ending The Game": zero tolerance, the end
of the 20th turn, the only one left) must occur, and in every game the invariants hold:
influence and money never go below zero ("Influence and money can never go below zero"),
every card of every deck is in exactly one place at the end, and the log verifies.
"""

from __future__ import annotations

import collections
from collections.abc import Iterator
from typing import Any

import pytest
from pimp_balance import ending

from referee import MEMORY, Referee, Registry, TableStore
from referee.testing import fixed_key
from referee_pimp.menu import KINDS
from referee_pimp.specials import SPECIALS
from referee_pimp.state import ENCOUNTERS

SEATS = ("Ada", "Bert", "Cleo", "Dino", "Edna", "Fritz")
GAMES = 30
MIXES = ("heuristic,random", "random,heuristic", "heuristic", "random", "random,random,heuristic")
SHARED = ("big-mamas-girls", "the-velvet-rope", "madame-zoras-house", "sugars-street-team")
"""Decks every seat of the sweep's last games plays: with the decks dealt apart, escorts
of one name rarely meet (four names are in two decks or more), so these games construct
the influence test ("If you want to bring a bitch into play and the name is the same as
an existing bitch ...") that the dealt games show only about once in thirty (and these
about twice a game: a clash needs the same name in play at both pimps at once)."""


def plan(n: int) -> tuple[list[str], dict[str, Any]]:
    """Game ``n``'s seats (two to six, in turn) and options: bots a mix, in turn; the last
    games of the sweep with one deck for every seat."""
    options: dict[str, Any] = {"bots": MIXES[n % len(MIXES)]}
    if n >= GAMES:
        options["decks"] = SHARED[n % len(SHARED)]
        return list(SEATS[:4]), options
    return list(SEATS[: 2 + n % 5]), options


@pytest.fixture(scope="module")
def sweep() -> Iterator[list[dict[str, Any]]]:
    registry = Registry()
    played = []
    with Referee(registry=registry, store=TableStore(MEMORY)) as app:
        for n in range(GAMES + len(SHARED)):
            seats, options = plan(n)
            table = app.open("pimp", seats, seed=f"sweep-{n}", key=fixed_key(f"sweep-{n}"), options=options)
            app.bots.play(table, seats)
            played.append({"table": table, "app": app, "entries": app.entries(table), "state": app.state(table), "dealt": n < GAMES})
        yield played


def events(game: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e.event for e in game["entries"] if e.type == kind]


def test_every_game_ends(sweep) -> None:
    assert all(game["state"].over for game in sweep)


def test_every_kind_of_action_is_taken(sweep) -> None:
    """Every action of Doing Shit, Word on the Streets' "look at the top three cards" included."""
    taken = collections.Counter(e["action"] for game in sweep for e in events(game, "pimp.ActionBegan"))
    assert set(KINDS) | {"look-top"} <= set(taken), f"never taken: {sorted(set(KINDS) | {'look-top'} - set(taken))}"


def test_every_special_card_is_played(sweep) -> None:
    played = {e["card"]["special"] for game in sweep for e in events(game, "pimp.SpecialPlayed")}
    assert played == set(SPECIALS)


def test_every_special_encounter_and_contest_occurs(sweep) -> None:
    """Every roll of the Solicitation Sheet's special encounters, an offer put to the street
    that is taken and one that is not, an influence test, and combat that drops money."""
    rolled = {e["result"] for game in sweep for e in events(game, "pimp.SolicitationRolled")}
    assert set(ENCOUNTERS) <= rolled
    offers = [bool(e["sent"]) for game in sweep for e in events(game, "pimp.OfferPutToTheStreet")]
    assert set(offers) == {True, False}, "an offer taken and an offer refused"
    assert any(events(game, "pimp.InfluenceTestDecided") for game in sweep)
    assert any(e["reason"] == "dropped" for game in sweep for e in events(game, "pimp.MoneyOnBitch"))
    assert any(e["reason"].startswith("picked up") for game in sweep for e in events(game, "pimp.MoneyOnBitch"))


def test_every_ending_occurs(sweep) -> None:
    """ "Zero Tolerance", "End of 20th turn" and "If you are the only one left"."""
    endings = collections.Counter(ending(e["reason"]) for game in sweep for e in events(game, "referee.GameEnded"))
    assert {"zero tolerance", "turn limit", "last pimp standing"} <= set(endings), endings


def test_tokens_never_go_below_zero(sweep) -> None:
    for game in sweep:
        for e in events(game, "pimp.InfluenceChanged"):
            assert e["influence"] >= 0
        for e in events(game, "pimp.MoneyChanged"):
            assert e["money"] >= 0
        for e in events(game, "pimp.MoneyOnBitch"):
            assert e["money"] >= 0


def test_every_card_is_in_exactly_one_place(sweep) -> None:
    """Deck, hand, pad, street, retirement pile, played special cards or an edge slot: each
    card of a pimp's deck is in one of them, once, at the end of every game."""
    for game in sweep:
        pimps = game["state"].game.pimps
        for listed in events(game, "pimp.DeckListed"):
            p = pimps[listed["pimp"]]
            places = [*p.deck, *p.hand, *p.pad, *p.street, *p.retired, *p.specials, *(c for c in p.edges if c)]
            assert sorted(places) == sorted(card["id"] for card in listed["cards"]), game["table"]


def test_every_log_verifies(sweep) -> None:
    for game in sweep:
        verdict = game["app"].audit.verify_table(game["table"])
        assert verdict.ok, f"{game['table']}: {verdict.message}"


def test_no_two_seats_share_a_ready_made_deck(sweep) -> None:
    """Six ready-made decks, dealt so that no two seats of a table share one."""
    for game in (g for g in sweep if g["dealt"]):
        decks = [e["deck"] for e in events(game, "pimp.DeckListed")]
        assert len(set(decks)) == len(decks)

"""The Cash'n'Guns bots: the heuristic shoots a revealed Insane like anyone else when it pays,
and the ``search`` bot looks ahead in possible tables built from its seat's view alone.

Search budgets are kept small here (a few playouts a choice): what is checked is that its
answers are legal, its games end and verify, and that it cannot see what its seat cannot.
How much better it plays is measured, not asserted (RULES.md, "Bots").
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

import referee
from referee import MEMORY, Referee, Registry, TableStore, lookahead
from referee.testing import fixed_key
from referee.testing.worlds import fork
from referee_cashnguns import search
from referee_cashnguns.bot import referee_bot_action

SEATS = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "ROLLOUTS", 4)
    monkeypatch.setattr(search, "CANDIDATES", 3)


def _open(app: Referee, seed: str, bots: Any = "heuristic") -> str:
    return app.open("cashnguns", SEATS, options={"bots": bots}, seed=seed, key=fixed_key(seed))


def _ask(view: dict[str, Any], seat: str, request: referee.Request, seed: int) -> dict[str, Any] | None:
    """The seat's bot, handed a detached copy of the view and request, as the kernel hands them."""
    mine = msgspec.convert(msgspec.to_builtins(request), referee.Request)
    return referee_bot_action(view=msgspec.convert(msgspec.to_builtins(view), dict), seat=seat, request=mine, rng=random.Random(seed))


# --- the heuristic and The Insane's grenade --------------------------------------------------


def _aim_point(app: Referee, table: str) -> tuple[dict[str, Any], referee.Request]:
    """Ann's first aim request, with her view (every other choice played by the heuristic)."""
    while True:
        request = next(r for r in app.requests(table))
        if request.seat == "Ann" and request.action == "aim":
            return app.view(table, "Ann"), request
        app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)


def _with_insane(view: dict[str, Any], *, bob_money: int, ann_wounds: int, card: str) -> dict[str, Any]:
    """Ann's view with Bob a revealed Insane whose grenade is live, Bob holding ``bob_money``,
    Ann ``ann_wounds`` wounds and a ``card`` loaded."""
    shown = msgspec.convert(msgspec.to_builtins(view), dict)
    for g in shown["view"]["gangsters"]:
        g["money"] = bob_money if g["name"] == "Bob" else 20_000
        if g["name"] == "Bob":
            g.update(power="the-insane", power_revealed=True, power_used=False)
        if g["name"] == "Ann":
            g["wounds"] = ann_wounds
    shown["view"]["my_bullets"] = {"Ann": card}
    return shown


def _shares(view: dict[str, Any], request: referee.Request, tries: int = 300) -> dict[str, float]:
    picked = [(_ask(view, "Ann", request, seed) or {})["target"] for seed in range(tries)]
    return {name: picked.count(name) / tries for name in ("Bob", "Cat", "Dan")}


def test_a_revealed_insane_is_shot_like_anyone_else_when_the_blast_pays():
    """Power 5 (The Insane): when Ann survives the blast and Bob is the richest, Bob is aimed
    at with a Bang! at least as often as any other gangster (the rich draw fire)."""
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        view, request = _aim_point(app, _open(app, "insane-pays"))
    shares = _shares(_with_insane(view, bob_money=90_000, ann_wounds=0, card="bang"), request)
    assert shares["Bob"] >= max(shares["Cat"], shares["Dan"]), shares


def test_a_revealed_insane_is_not_shot_when_the_blast_would_kill_the_shooter():
    """Power 5 (The Insane) with "a player who collects three wounds dies" (end): Ann, on two
    wounds, never fires a Bang! at a live grenade; a Click! is still pointed at him."""
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        view, request = _aim_point(app, _open(app, "insane-kills"))
    assert _shares(_with_insane(view, bob_money=90_000, ann_wounds=2, card="bang"), request)["Bob"] == 0
    assert _shares(_with_insane(view, bob_money=90_000, ann_wounds=2, card="click"), request)["Bob"] > 0


# --- the search bot ----------------------------------------------------------------------------


def test_search_is_a_bot_kind_and_an_unknown_kind_is_refused_by_name():
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        _open(app, "kinds", "search,heuristic,random,heuristic")
        with pytest.raises(referee.RefereeError, match="the bots are heuristic, random, search"):
            _open(app, "kinds-2", "clever")


def test_a_game_with_search_bots_ends_and_verifies(small_budget):
    """Every answer the search bot gives is legal (the table accepts it), the game ends and
    its log verifies."""
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        table = _open(app, "search-game", "search,heuristic,search,heuristic")
        app.bots.play(table, SEATS)
        assert app.over(table)
        assert app.audit.verify_table(table).ok


@pytest.mark.parametrize("seats", [4, 6])
def test_a_possible_table_shows_the_seat_exactly_what_the_real_table_shows(seats):
    """At every choice of a heuristic game (round: bullet cards, targets, cowards or brave;
    the powers' reload, claim and gun), a possible table shows the asked seat the very view
    the real one does, with the same request open.  Bullets, targets and nerve always have
    one; a power's step may not, where a single-use power was spent earlier in the same step
    (the search then answers as the heuristic)."""
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][:seats]
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        seed = f"possible-{seats}"
        table = app.open("cashnguns", names, options={"bots": "heuristic"}, seed=seed, key=fixed_key(seed))
        rules = app.rules(table)
        made = 0
        while not app.over(table):
            request = app.requests(table)[0]
            view = app.view(table, request.seat)
            world = search.possible_table(rules, view, request.seat, request.id, random.Random(made))
            assert world is not None or request.action not in ("bullet", "aim", "nerve"), request.id
            if world is not None:
                seen = lookahead.seat_view(rules, world[0], request.seat)
                assert seen["view"] == view["view"], request.id
                assert [seen[k] for k in ("round", "phase", "waiting_for")] == [view[k] for k in ("round", "phase", "waiting_for")]
                assert request.id in {r.id for r in seen["requests"]}
                made += 1
            app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)
        assert made >= 60


def test_the_search_bot_answers_alike_whatever_another_seat_holds_hidden(small_budget):
    """Noninterference: two tables alike in everything but Bob's sealed bullet card give
    Ann the same view, and the search bot, on the same generator, the same answer."""
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        table = _open(app, "hidden-card", "search,heuristic,heuristic,heuristic")
        bob = next(r for r in app.requests(table) if r.seat == "Bob" and r.action == "bullet")
        answers = []
        views = []
        for card in ("bang", "click"):
            world = fork(app, table)
            world.act(table, "Bob", "bullet", {"card": card}, request=bob.id)
            # Everyone chooses alike in both tables until Ann is asked to aim.
            while not any(r.seat == "Ann" and r.action == "aim" for r in world.requests(table)):
                request = world.requests(table)[0]
                world.act(table, request.seat, request.action, _plain(request), request=request.id)
            request = next(r for r in world.requests(table) if r.seat == "Ann" and r.action == "aim")
            view = world.view(table, "Ann")
            views.append(view)
            answers.append([_ask(view, "Ann", request, seed) for seed in range(3)])
        assert views[0] == views[1]
        assert answers[0] == answers[1]


def _plain(request: referee.Request) -> dict[str, Any]:
    """A fixed legal answer: the first card, the first target, staying in."""
    shape = request.answer or {}
    if request.action == "bullet":
        return {"card": shape["card"].options[0].value}
    if request.action == "aim":
        return {"target": shape["target"].options[0].value}
    return referee.answers.sample(shape, random.Random(0))

"""A sweep of whole Cash'n'Guns games played by bots: every part of the game occurs, and
the invariants hold in every game.

A fixed set of games (seeded, so the sweep is the same on every run) of 4-6 gangsters,
with all ten powers (the default), random and heuristic bots mixed per seat through the
table option ``bots``.  Some games run the leader's count (``deadline``) and let it run out
now and then, the way a slow player would.  The published wound limit (three) makes the
endings "at most one gangster left" and "every gangster dead" rare (none in 100 heuristic
games, measured), so some games add a house rule, one wound kills, through
``cashnguns_components``: the hook house rules use to change the components.

Asserted over the sweep: every kind of answer (each with each of its choices), every power
revealed and used, every bullet card kind fired, every ending; in every game: the 40 notes
are conserved, no count is negative, wounds and shame never go down, and the log verifies.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import msgspec
import pytest

import referee
from referee import GAMESMASTER, MEMORY, Extension, Referee, Registry, TableStore, hookimpl
from referee.testing import fixed_key
from referee_cashnguns.components import Components
from referee_cashnguns.powers import POWERS

GAMES = 120
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
LOOT_TOTAL = 15 * 5000 + 15 * 10000 + 10 * 20000
HOUSE_RULE = "one-wound-kills"


class OneWoundKills:
    """A house rule for the sweep: a single wound kills (the components' wound limit is 1)."""

    @hookimpl
    def referee_extensions(self) -> list[Extension]:
        return [Extension(name=HOUSE_RULE, game="cashnguns", title="One wound kills", plugin=self)]

    @hookimpl
    def cashnguns_components(self, components: Components) -> Components:
        return msgspec.structs.replace(components, wound_limit=1)


HOUSE = OneWoundKills()


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry([HOUSE])


def _bots(rng: random.Random, seats: list[str], number: int) -> Any:
    """Every fourth game random bots only, every fourth heuristic only, the rest mixed per seat."""
    if number % 4 == 0:
        return "random"
    if number % 4 == 1:
        return "heuristic"
    kinds = [rng.choice(("random", "heuristic")) for _ in seats]
    return kinds if number % 2 else dict(zip(seats, kinds))


def _play(app: Referee, table: str, seats: list[str], rng: random.Random, timed: bool) -> None:
    if not timed:
        app.bots.play(table, seats)
        return
    while not app.state(table).over:
        request = app.requests(table)[0]
        if rng.random() < 0.05:
            app.act(table, GAMESMASTER, "expire", {"request": request.id})
        else:
            app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)


def _no_negative(value: Any, where: str) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        assert value >= 0, where
    elif isinstance(value, dict):
        for key, item in value.items():
            _no_negative(item, f"{where}.{key}")
    elif isinstance(value, list):
        for item in value:
            _no_negative(item, where)


def _check_game(app: Referee, table: str, entries: list[referee.Entry]) -> None:
    state = app.state(table)
    game = state.game
    assert state.over
    held = sum(game.loot) + sum(game.pot) + sum(sum(g.notes) for g in game.gangsters.values())
    assert held == LOOT_TOTAL, "the 40 banknotes are conserved"
    wounds: dict[str, int] = {}
    shame: dict[str, int] = {}
    for e in entries:
        if not e.type.startswith("cashnguns.") or e.event is None:
            continue
        body = dict(e.event)
        if e.type == "cashnguns.MoneyCounted":
            body.pop("total")  # a count may go below zero: "each shame token costs $5,000"
        _no_negative(body, f"entry {e.seq} {e.type}")
        if e.type == "cashnguns.WoundTaken":
            name = body["gangster"]
            assert body["total"] == wounds.get(name, 0) + body["wounds"] >= wounds.get(name, 0)
            wounds[name] = body["total"]
        if e.type == "cashnguns.CowardShamed":
            assert body["shame"] == shame.get(body["gangster"], 0) + 1
            shame[body["gangster"]] = body["shame"]
    for g in game.gangsters.values():
        assert g.wounds == wounds.get(g.name, 0) and g.shame == shame.get(g.name, 0)
    verdict = app.audit.verify_table(table)
    assert verdict.ok, verdict.message


def _tally(seen: Counter[str], entries: list[referee.Entry], state: referee.TableState, rounds: int) -> None:
    phase = ""
    for e in entries:
        body = e.event or {}
        if e.type == "referee.PhaseBegan":
            phase = body["phase"]
        elif e.type == "referee.ActionTaken":
            args, action = body["args"], body["action"]
            seen[f"action {action}"] += 1
            if action == "nerve":
                seen[f"nerve {args['nerve']}"] += 1
            elif action == "bullet":
                seen["bullet with a power" if "reveal" in args else "bullet"] += 1
            elif action == "reload":
                seen["reload " + ("discards" if args.get("discard") else "keeps")] += 1
            elif action == "claim":
                seen["claim " + ("stay-down" if args["claim"] == "stay-down" else "power")] += 1
            elif action == "take-gun":
                seen["take-gun " + ("takes" if args.get("take") else "leaves")] += 1
        elif e.type == "referee.RequestOpened" and body["request"]["action"] == "aim" and phase == "late-aim":
            seen["the-kid aims late"] += 1
        elif e.type == "referee.RequestOpened" and body["request"]["action"] == "bullet" and phase == "late-bullet":
            seen["the-cunning loads late"] += 1
        elif e.type == "cashnguns.ShotFired":
            seen[f"card {body['card']}"] += 1
        elif e.type == "cashnguns.PowerRevealed":
            seen[f"revealed {body['power']}"] += 1
        elif e.type == "cashnguns.WoundTaken" and body["wounds"] < body["hits"]:
            seen["dragon-skin spares a wound"] += 1
        elif e.type == "cashnguns.MoneyCounted" and body["bonus"]:
            seen["a power pays at the end"] += 1
        elif e.type == "cashnguns.NerveShown" and e.rule.endswith("withdrawing late"):
            seen["nerve ran out: still in"] += 1
        elif e.type.startswith("cashnguns."):
            seen[e.type.removeprefix("cashnguns.")] += 1
    result = state.result
    assert result is not None
    if not result.winners:
        seen["ending: every gangster dead"] += 1
    elif len(result.winners) > 1:
        seen["ending: a tie"] += 1
    else:
        seen["ending: one richest living gangster"] += 1
    if state.flow.round < rounds:
        seen["ending: at most one left before the last round"] += 1


def test_a_sweep_of_bot_games_reaches_every_part_of_the_game_and_keeps_the_invariants(registry):
    """Issue 11, "Bots that play the whole game": a fixed number of games of mixed bots."""
    seen: Counter[str] = Counter()
    heuristic: Counter[str] = Counter()
    every_power = list(POWERS)
    for number in range(GAMES):
        rng = random.Random(number)
        seats = list(NAMES[: 4 + number % 3])
        timed = number % 5 == 2
        house = number % 4 == 3
        options: dict[str, Any] = {"bots": _bots(rng, seats, number)}
        if timed:
            options["deadline"] = 30
        app = Referee(registry=registry, store=TableStore(MEMORY))
        table = app.open(
            "cashnguns",
            seats,
            seed=f"sweep-{number}",
            key=fixed_key(f"sweep-{number}"),
            options=options,
            extensions=[*every_power, HOUSE_RULE] if house else None,
        )
        _play(app, table, seats, rng, timed)
        entries = app.entries(table)
        _check_game(app, table, entries)
        _tally(seen, entries, app.state(table), 8)
        if options["bots"] == "heuristic":
            _tally(heuristic, entries, app.state(table), 8)
    wanted = [
        *(f"action {a}" for a in ("bullet", "aim", "nerve", "reload", "claim", "take-gun", "expire")),
        "bullet",
        "bullet with a power",
        "nerve stay-in",
        "nerve back-down",
        "nerve ran out: still in",
        "SatOut",
        "reload discards",
        "reload keeps",
        "claim stay-down",
        "claim power",
        "take-gun takes",
        "take-gun leaves",
        *(f"card {c}" for c in ("click", "bang", "bbb")),
        "CowardShamed",
        "AimLowered",
        "GangsterDied",
        *(f"revealed {p}" for p in every_power),
        "the-kid aims late",
        "the-cunning loads late",
        "the-insane.GrenadeExploded",
        "the-specialist.BangBangBangReloaded",
        "you-dont-need-it-anymore.GunTaken",
        "it-doesnt-even-hurt.PainIgnored",
        "dragon-skin spares a wound",
        "a power pays at the end",
        "ending: one richest living gangster",
        "ending: a tie",
        "ending: every gangster dead",
        "ending: at most one left before the last round",
    ]
    missing = [w for w in wanted if not seen[w]]
    assert not missing, f"never seen in {GAMES} games: {missing}\nseen: {dict(sorted(seen.items()))}"
    # The heuristic bot alone (games where it plays every seat) uses every kind of answer,
    # every card and every power; the rare endings need the mixed and house-rule games.
    unused = [w for w in wanted if not w.startswith("ending:") and not heuristic[w]]
    assert not unused, f"the heuristic bot never did: {unused}"


def test_the_heuristic_bot_plays_sensibly(registry):
    """The heuristic bot never backs down with no gun on it, spreads its Bang! Bang! Bang!
    over the game instead of firing it at once, and does not always aim at the richest."""
    bbb_rounds: Counter[int] = Counter()
    richest = aims = 0
    for number in range(12):
        seats = list(NAMES[:5])
        app = Referee(registry=registry, store=TableStore(MEMORY))
        table = app.open(
            "cashnguns",
            seats,
            seed=f"heuristic-{number}",
            key=fixed_key(f"heuristic-{number}"),
            options={"bots": "heuristic"},
            extensions=[],
        )
        while not app.state(table).over:
            request = app.requests(table)[0]
            answer = app.bots.answer(table, request)
            view = app.view(table, request.seat)["view"]
            if request.action == "nerve" and request.seat not in view["targets"].values():
                assert answer == {"nerve": "stay-in"}, "nobody aims at him: nothing to fear"
            if request.action == "aim":
                money = {g["name"]: g["money"] for g in view["gangsters"]}
                top = max(money[o.value] for o in request.answer["target"].options)
                aims += 1
                richest += money[answer["target"]] == top
            if request.action == "bullet" and answer.get("card") == "bbb":
                bbb_rounds[view["round"]] += 1
            app.act(table, request.seat, request.action, answer, request=request.id)
        assert app.audit.verify_table(table).ok
    assert richest < aims * 0.8, f"aims at the richest {richest} of {aims} times"
    assert len(bbb_rounds) >= 5 and bbb_rounds[1] < sum(bbb_rounds.values()) / 3, f"Bang! Bang! Bang! by round: {dict(bbb_rounds)}"


def test_the_bots_option_chooses_each_seats_bot(registry):
    """``bots``: one kind for all, kinds in seat order, or a mapping; the random bot answers
    anything legal (it backs down unthreatened, which the heuristic bot never does)."""
    seats = list(NAMES[:4])
    app = Referee(registry=registry, store=TableStore(MEMORY))
    table = app.open("cashnguns", seats, seed="bots", options={"bots": {"Ann": "random"}}, extensions=[])
    assert app.view(table, "Bob")["view"]["bots"] == {"Ann": "random", "Bob": "heuristic", "Cat": "heuristic", "Dan": "heuristic"}
    listed = app.open("cashnguns", seats, seed="bots", options={"bots": "random,heuristic,random,heuristic"}, extensions=[])
    assert app.view(listed, None)["view"]["bots"] == {"Ann": "random", "Bob": "heuristic", "Cat": "random", "Dan": "heuristic"}
    unthreatened: Counter[tuple[str, bool]] = Counter()
    for number in range(6):
        app = Referee(registry=registry, store=TableStore(MEMORY))
        table = app.open(
            "cashnguns",
            seats,
            seed=f"bots-{number}",
            key=fixed_key(f"bots-{number}"),
            options={"bots": "random,heuristic,random,heuristic"},
            extensions=[],
        )
        while not app.state(table).over:
            request = app.requests(table)[0]
            answer = app.bots.answer(table, request)
            if request.action == "nerve" and request.seat not in app.view(table, request.seat)["view"]["targets"].values():
                unthreatened[(request.seat, answer["nerve"] == "stay-in")] += 1
            app.act(table, request.seat, request.action, answer, request=request.id)
    assert unthreatened[("Ann", False)] + unthreatened[("Cat", False)] > 0, "the random bot backs down at random"
    assert unthreatened[("Bob", False)] + unthreatened[("Dan", False)] == 0

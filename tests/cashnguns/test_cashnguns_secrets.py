"""Secrets at a Cash'n'Guns table with all ten powers: random legal games, checked after every action.

A gangster's power, bullet card, target and nerve are his alone until the game reveals
them: no other seat may see them in its view or in its export of the log.  Notes never
leave the table, and the finished log verifies and replays to the live state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import msgspec
from budgets import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import MEMORY, Entry, IllegalAction, Referee, Registry, TableStore, answers, replay
from referee.log import dump_jsonl, redact_for

REGISTRY = Registry()
SEATS = ["Ada", "Bert", "Cleo", "Dino", "Edna", "Fritz"]
LOOT_TOTAL = 15 * 5_000 + 15 * 10_000 + 10 * 20_000
SECRET_TYPES = ("cashnguns.BulletChosen", "cashnguns.TargetChosen", "cashnguns.NerveShown", "cashnguns.PowerDealt")


class Watch:
    """What every seat has been shown so far, followed through the public log."""

    def __init__(self) -> None:
        self.seen = 0
        self.revealed: set[str] = set()
        self.shown_guns: set[str] = set()
        """Guns whose target this round has been revealed (TargetsRevealed)."""
        self.nerves_revealed = False
        self.exported: dict[str, int] = {}
        """Lines of each seat's export already checked."""

    def follow(self, entries: list[Entry]) -> None:
        for e in entries[self.seen :]:
            if e.event is None or e.visible_to is not None:
                continue
            if e.type == "cashnguns.PotRevealed":
                self.shown_guns, self.nerves_revealed = set(), False
            elif e.type == "cashnguns.PowerRevealed":
                self.revealed.add(e.event["gangster"])
            elif e.type == "cashnguns.TargetsRevealed":
                self.shown_guns |= set(e.event["targets"])
            elif e.type == "cashnguns.NervesRevealed":
                self.nerves_revealed = True
        self.seen = len(entries)


def check_export(seat: str, lines: list[str], start: int) -> None:
    """No other gangster's secret choice or power in ``seat``'s export (from line ``start``)."""
    for line in lines[start:]:
        e = msgspec.json.decode(line, type=Entry)
        if e.type in SECRET_TYPES and e.visible_to != [seat]:
            assert e.event is None, f"{seat}'s export shows {e.type} {e.event}"
        if e.type == "referee.ActionTaken" and e.seat != seat:
            assert e.event is None, f"{seat}'s export shows another seat's sealed answer {e.event}"


def check_secrets(ref: Referee, table: str, seats: list[str], watch: Watch, *, exports: Sequence[str] = ()) -> None:
    """After an action: every seat's view, the exports of the seats in ``exports``, the money."""
    state = ref.state(table)
    game = state.game
    watch.follow(ref.entries(table))
    for seat in seats:
        whole = ref.view(table, seat)
        view = whole["view"]
        assert all(r["seat"] == seat for r in whole["requests"]), f"{seat} sees another seat's request"
        own_guns = {gun.id for gun in game.guns.values() if gun.owner == seat}
        for g in view["gangsters"]:
            if g["name"] != seat and g["name"] not in watch.revealed:
                assert g["power"] is None, f"{seat} sees {g['name']}'s unrevealed power {g['power']}"
                assert not g["power_revealed"]
        assert set(view["my_bullets"]) <= own_guns, f"{seat} sees bullet cards of other guns: {view['my_bullets']}"
        assert set(view["my_guns"]) == own_guns
        assert set(view["my_targets"]) <= own_guns, f"{seat} sees targets of other guns: {view['my_targets']}"
        assert set(view["targets"]) <= watch.shown_guns, f"{seat} sees targets not yet revealed: {view['targets']}"
        assert view["my_nerve"] == game.round.nerve.get(seat)
        if not watch.nerves_revealed:
            assert view["cowards"] == [] and not any(g["coward"] for g in view["gangsters"]), f"{seat} sees a nerve choice"
        if seat in exports:
            lines = ref.export(table, seat).splitlines()
            # Entries are only appended, and what a seat may see of one does not change while
            # the game runs: the lines already checked need no second look.
            check_export(seat, lines, watch.exported.get(seat, 0))
            watch.exported[seat] = len(lines)
    money = sum(game.loot) + sum(game.pot) + sum(sum(g.notes) for g in game.gangsters.values())
    assert money == LOOT_TOTAL, f"notes left the table: {money}"


def answer(ref: Referee, table: str, request: Any, rng: random.Random) -> None:
    """Answer ``request`` with a random answer of its shape.  The shape cannot say that The
    Cunning is revealed instead of a bullet card, not with one, so the game may refuse a
    pairing (appending nothing); then another answer is drawn."""
    for _ in range(50):
        try:
            ref.act(table, request.seat, request.action, answers.sample(request.answer, rng), request=request.id)
            return
        except IllegalAction as refused:
            assert request.action == "bullet" and "bullet card" in str(refused), refused
    raise AssertionError(f"no random answer to {request.id} was accepted")


def play_random_game(seed: int, players: int, check: Callable[[Referee, str, list[str]], None]) -> tuple[Referee, str, list[str]]:
    """A legal game: each time, a random open request answered with a random offered choice."""
    seats = SEATS[:players]
    ref = Referee(registry=REGISTRY, store=TableStore(MEMORY))
    table = ref.open("cashnguns", seats, extensions=["all"], seed=f"secrets-{seed}")
    rng = random.Random(seed)
    check(ref, table, seats)
    for _ in range(2_000):
        if ref.state(table).over:
            break
        request = rng.choice(ref.requests(table))
        answer(ref, table, request, rng)
        check(ref, table, seats)
    assert ref.state(table).over, "the game did not end"
    return ref, table, seats


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), players=st.integers(min_value=4, max_value=6))
def test_random_games_with_all_powers_keep_every_secret(seed, players):
    """Every seat's view after every action; each seat's export every few actions (two seats
    in turn after each action), and at the end the whole log as each seat's export would
    have shown it had the game not ended."""
    watch = Watch()
    actions = [0]

    def check(ref: Referee, table: str, seats: list[str]) -> None:
        if ref.state(table).over:
            return
        turn = actions[0] * 2
        actions[0] += 1
        check_secrets(ref, table, seats, watch, exports=[seats[turn % len(seats)], seats[(turn + 1) % len(seats)]])

    ref, table, seats = play_random_game(seed, players, check)
    assert actions[0] >= 3 * players, "at least one round of choices"
    entries = ref.entries(table)
    for seat in seats:
        check_export(seat, dump_jsonl(redact_for(entries, seat, game_over=False)).splitlines(), 0)
    dealt = [e for e in entries if e.type == "cashnguns.PowerDealt"]
    assert len(dealt) == players and all(e.visible_to == [e.event["gangster"]] for e in dealt)
    game = ref.state(table).game
    assert sum(game.loot) + sum(game.pot) + sum(sum(g.notes) for g in game.gangsters.values()) == LOOT_TOTAL
    verdict = ref.audit.verify_table(table)
    assert verdict.ok, verdict.message
    _rules, replayed = replay(REGISTRY, entries)
    assert replayed.game == game
    assert replayed.result == ref.state(table).result

"""The noninterference check: two worlds of a table that differ only in one seat's sealed
answer look the same to everyone else, except where the rules reveal it
(``check_noninterference``, ``find_interference``).

A *world* is a copy of a table (the same id, entries, seed and table key) given one
answer to a sealed request; the others are given the other legal answers.  Every other
seat, a spectator and the gamesmaster each *watch* every world, and what each holds is
compared world against world: right after the answer, and after each of a few more
actions (every seat's bot answers, the same answer in every world wherever the rules
accept it).  Two worlds may differ for a watcher only from the first entry it may read
whose type the game declares among its *reveals* (``Game.reveals``: event type -> the
rule that makes it public): from there on the rules have told the worlds apart.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import msgspec

if TYPE_CHECKING:
    from ..events import Request
    from ..registry import Registry, Rules
    from ..service import Referee

from .play import CheckFailed, _bot_actions, _open, _referee
from .worlds import Holding, Observer, act, alternatives, first_difference, fork, holding

DEPTH = max(1, int(os.environ.get("REFEREE_NONINTERFERENCE_DEPTH", "1") or 1))
"""Multiplies the games played and the points tried in each (``REFEREE_NONINTERFERENCE_DEPTH=10``
for a deeper run than a test suite's)."""

NOBODY = "no-such-request"
"""A request id no seat has, acted with beside the ids other seats have open."""


END = "referee.GameEnded"
"""What tells apart two worlds of which one has ended: the end shows every body, by design."""


@dataclass(frozen=True)
class Interference:
    """Two worlds one watcher tells apart where the rules do not reveal what differs."""

    where: str
    seat: str
    action: str
    answers: tuple[dict[str, Any], dict[str, Any]]
    watcher: str | None
    step: int
    """0: right after the answer; n: after n more actions."""
    what: str
    """The first difference: in the log, else in the first part of what it holds that differs."""
    also: tuple[str, ...] = ()
    """The first difference in each other part that differs (its view, its refusals, ...)."""

    def __str__(self) -> str:
        who = self.watcher or "a spectator"
        when = "right after it" if not self.step else f"{self.step} action(s) after it"
        one, other = (msgspec.json.encode(a).decode() for a in self.answers)
        return (
            f"{self.where}: {self.seat}'s sealed {self.action!r} answered {one} or {other}: {when}, {who} tells the two apart: {self.what}"
            + "".join(f"; and {more}" for more in self.also)
        )


@dataclass
class Findings:
    """What ``find_interference`` tried and found."""

    interference: list[Interference] = field(default_factory=list)
    points: int = 0
    """Sealed requests answered in several worlds."""
    worlds: int = 0
    refused: int = 0
    """Answers of the request's shape the rules refused (no world)."""
    compared: int = 0
    """Pairs of worlds compared for one watcher at one step."""
    told_apart: Counter[str] = field(default_factory=Counter)
    """Pairs of worlds told apart by a declared reveal, by the event type that did."""


def revealing(rules: Rules) -> dict[str, str]:
    """The reveals a table's game and extensions declare: event type -> rule."""
    declared = dict(getattr(rules.game, "reveals", None) or {})
    for extension in rules.extensions:
        declared.update(getattr(extension, "reveals", None) or {})
    return declared


def check_noninterference(
    game: str,
    seats: Sequence[str],
    *,
    extensions: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
    games: int = 2,
    points: int = 4,
    answers: int = 12,
    steps: int = 3,
    registry: Registry | None = None,
    observers: Sequence[Observer] = (),
    actions: Collection[str] | None = None,
) -> Findings:
    """``find_interference``, failing (``CheckFailed``) where it finds any; returns what it
    tried, so a test can insist it tried something."""
    found = find_interference(
        game,
        seats,
        extensions=extensions,
        options=options,
        games=games,
        points=points,
        answers=answers,
        steps=steps,
        registry=registry,
        observers=observers,
        actions=actions,
    )
    if found.interference:
        shown = "\n".join(f"- {item}" for item in found.interference[:6])
        more = len(found.interference) - 6
        raise CheckFailed(
            f"{game}: {len(found.interference)} pair(s) of worlds told apart where the rules reveal nothing:\n{shown}"
            + (f"\n... and {more} more" if more > 0 else "")
        )
    return found


def find_interference(
    game: str,
    seats: Sequence[str],
    *,
    extensions: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
    games: int = 2,
    points: int = 4,
    answers: int = 12,
    steps: int = 3,
    registry: Registry | None = None,
    observers: Sequence[Observer] = (),
    actions: Collection[str] | None = None,
) -> Findings:
    """Play ``games`` bot games of ``game``; at ``points`` sealed requests of each (chosen
    at random, the same on every run), answer in one world as the seat's bot does and in
    others with up to ``answers`` other answers the rules accept, and compare what
    every other seat, a spectator and the gamesmaster hold in each, right after the
    answer and after each of ``steps`` more actions.  ``observers`` add what an adapter
    shows (``referee.testing.worlds.Observer``); ``actions``: only sealed requests for
    these actions are answered in several worlds (default: every sealed request)."""
    findings = Findings()
    points *= DEPTH
    with _referee(registry) as app:
        for number in range(games * DEPTH):
            seed = f"noninterference-{number}"
            where = f"{game} bot game {number + 1} (seed {seed!r})"
            # A first play of the same game (the same seed and key) finds its sealed
            # requests, so the points can be chosen among all of them.
            probe = _open(app, game, seats, extensions, options, seed)
            sealed = []
            if number == 0:
                _check_reveals(app.rules(probe), game)
            for step in _bot_actions_before(app, probe, where):
                requests = app.requests(probe)
                if requests and requests[0].sealed and (actions is None or requests[0].action in actions):
                    sealed.append(step)
            rng = random.Random(seed)
            chosen = set(rng.sample(sealed, points) if len(sealed) > points else sealed)
            table = _open(app, game, seats, extensions, options, seed)
            for step in _bot_actions_before(app, table, where):
                if step in chosen:
                    request = app.requests(table)[0]
                    _point(
                        app,
                        table,
                        request,
                        seats,
                        f"{where}, before entry {app.length(table) + 1}",
                        answers,
                        steps,
                        rng,
                        observers,
                        findings,
                    )
    return findings


def _check_reveals(rules: Rules, game: str) -> None:
    unknown = sorted(set(revealing(rules)) - set(rules.event_types))
    if unknown:
        raise CheckFailed(f"{game} declares reveals of event types no plugin of its table registers: {', '.join(unknown)}")


def _bot_actions_before(app: Referee, table: str, where: str) -> Any:
    """The number of each bot action to come (0 first), before it is taken."""
    yield 0
    for number in _bot_actions(app, table, where):
        if app.over(table):
            return
        yield number


def _point(
    app: Referee,
    table: str,
    request: Request,
    seats: Sequence[str],
    where: str,
    most: int,
    steps: int,
    rng: random.Random,
    observers: Sequence[Observer],
    findings: Findings,
) -> None:
    from ..errors import IllegalAction, RefereeError
    from ..table import GAMESMASTER

    base = app.bots.answer(table, request)
    after = app.length(table)
    worlds: list[tuple[dict[str, Any], Referee]] = []
    scratch = fork(app, table)
    for answer in alternatives(app, table, request, base, most, rng):
        if len(worlds) > most:
            break
        try:
            act(scratch, table, request.seat, request.action, answer, request.id)
        except IllegalAction:
            findings.refused += 1
            continue
        except RefereeError as exc:
            raise CheckFailed(f"{where}: the rules failed on {request.seat}'s {request.action!r} answered {answer}: {exc}") from exc
        worlds.append((answer, scratch))
        scratch = fork(app, table)
    scratch.close()
    if len(worlds) < 2:
        for _, world in worlds:
            world.close()
        return
    findings.points += 1
    findings.worlds += len(worlds)
    watchers: list[str | None] = [*(s for s in seats if s != request.seat), None, GAMESMASTER]
    settled: set[tuple[str | None, int, int]] = set()
    reveals = revealing(app.rules(table))
    alive = list(range(len(worlds)))
    try:
        for step in range(steps + 1):
            if step:
                alive = _step(worlds, alive, table, request, where, step, settled, findings)
                if len(alive) < 2:
                    return
            probes = _probes(worlds, alive, table)
            for watcher in watchers:
                theirs = [(rid, action) for rid, action, seat in probes if seat != watcher]
                held = {i: holding(worlds[i][1], table, watcher, after, theirs, observers, step) for i in alive}
                _compare(held, worlds, watcher, step, where, request, reveals, settled, findings)
            if all((w, i, j) in settled for w in watchers for i in alive for j in alive if i < j):
                return
    finally:
        for _, world in worlds:
            for observer in observers:
                forget = getattr(observer, "forget", None)
                if forget is not None:
                    forget(world)
            world.close()


def _probes(worlds: list[tuple[dict[str, Any], Referee]], alive: list[int], table: str) -> list[tuple[str, str, str]]:
    """(request id, action, seat) of the requests open in any world, and of one no seat has."""
    found: dict[str, tuple[str, str, str]] = {}
    for i in alive:
        app = worlds[i][1]
        if app.over(table):
            continue
        for r in app.requests(table):
            found.setdefault(r.id, (r.id, r.action, r.seat))
    first = next(iter(found.values()), None)
    if first is not None:
        found[NOBODY] = (NOBODY, first[1], "")
    return sorted(found.values())


def _compare(
    held: dict[int, Holding],
    worlds: list[tuple[dict[str, Any], Referee]],
    watcher: str | None,
    step: int,
    where: str,
    request: Request,
    reveals: dict[str, str],
    settled: set[tuple[str | None, int, int]],
    findings: Findings,
) -> None:
    prints = {i: msgspec.json.encode([h.entries, h.parts], order="sorted") for i, h in held.items()}
    order = sorted(held)
    for x, i in enumerate(order):
        for j in order[x + 1 :]:
            if (watcher, i, j) in settled:
                continue
            findings.compared += 1
            if prints[i] == prints[j]:
                continue
            settled.add((watcher, i, j))
            told = _told_apart(held[i], held[j], reveals)
            if told is not None:
                findings.told_apart[told] += 1
                continue
            what, *also = _differences(held[i], held[j])
            findings.interference.append(
                Interference(
                    where=where,
                    seat=request.seat,
                    action=request.action,
                    answers=(worlds[i][0], worlds[j][0]),
                    watcher=watcher,
                    step=step,
                    what=what,
                    also=tuple(also),
                )
            )


def _told_apart(a: Holding, b: Holding, reveals: dict[str, str]) -> str | None:
    """The declared reveal at the first entry where two holdings differ, if that is one
    (or the end of the game, which shows everything)."""
    if a.over or b.over:
        return END
    for x, y in _pairs(a.entries, b.entries):
        if x == y:
            continue
        # Shown, the entry tells what it reveals; hidden, its header tells that it happened.
        for entry in (x, y):
            if entry is not None and entry["type"] in reveals:
                return str(entry["type"])
        return None
    return None


def _pairs(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> list[tuple[dict[str, Any] | None, dict[str, Any] | None]]:
    longest = max(len(a), len(b))
    return [(a[k] if k < len(a) else None, b[k] if k < len(b) else None) for k in range(longest)]


def _differences(a: Holding, b: Holding) -> list[str]:
    """The first difference in the log, then in each part that differs, in words."""
    found = []
    for x, y in _pairs(a.entries, b.entries):
        if x == y:
            continue
        some = x if x is not None else y
        assert some is not None
        hidden = "hidden" if some.get("event") is None else "shown"
        if x is None or y is None:
            found.append(f"entry {some['seq']} ({some['type']}, {hidden}) is in one world only")
        else:
            found.append(f"entry {some['seq']} ({some['type']}, {hidden}): {first_difference(x, y)}")
        break
    for name in [*a.parts, *(n for n in b.parts if n not in a.parts)]:
        differs = first_difference(a.parts.get(name), b.parts.get(name))
        if differs:
            found.append(f"its {name}: {differs}")
    return found or ["nothing (the holdings encode differently)"]


def _step(
    worlds: list[tuple[dict[str, Any], Referee]],
    alive: list[int],
    table: str,
    request: Request,
    where: str,
    step: int,
    settled: set[tuple[str | None, int, int]],
    findings: Findings,
) -> list[int]:
    """One more action in every world still going: the first world's next request, answered
    by its seat's bot; every world gives the same answer where its rules accept it, except
    to the answering seat's own sealed requests (its hidden business), answered by its bot
    in each world.  A watcher whose answer one world accepts and another refuses tells them
    apart by acting."""
    from ..errors import IllegalAction

    lead = worlds[alive[0]][1]
    if lead.over(table):
        return []
    asked = lead.requests(table)[0]
    answer = lead.bots.answer(table, asked)
    going = []
    accepted: dict[int, bool] = {}
    for i in alive:
        app = worlds[i][1]
        if app.over(table):
            continue
        mine = [r for r in app.requests(table) if r.seat == asked.seat]
        same = [r for r in mine if r.action == asked.action] or mine
        if not same:
            continue
        own = same[0]
        given = app.bots.answer(table, own) if own.seat == request.seat and own.sealed else answer
        try:
            act(app, table, own.seat, own.action, given, own.id)
            accepted[i] = True
        except IllegalAction:
            if own.seat != request.seat:
                accepted[i] = False
                continue
            # The answering seat's own public play may follow from its secret: its bot plays on.
            try:
                act(app, table, own.seat, own.action, app.bots.answer(table, own), own.id)
            except IllegalAction:
                continue
        going.append(i)
    told = [
        (i, j) for i in accepted for j in accepted if accepted[i] and not accepted[j] and (asked.seat, min(i, j), max(i, j)) not in settled
    ]
    if asked.seat != request.seat and told:
        yes, no = told[0]
        settled.add((asked.seat, min(yes, no), max(yes, no)))
        findings.interference.append(
            Interference(
                where=where,
                seat=request.seat,
                action=request.action,
                answers=(worlds[yes][0], worlds[no][0]),
                watcher=asked.seat,
                step=step,
                what=f"its answer {msgspec.json.encode(answer).decode()} to {asked.action!r} is accepted in one world and refused in the other",
            )
        )
    return going


__all__ = ["DEPTH", "Findings", "Interference", "check_noninterference", "find_interference", "revealing"]

"""Looking ahead for a bot: a determinised Monte-Carlo search over a game's own rules.

A bot that searches never sees more than its seat's view.  The game builds, from that view
alone, a *possible world*: a whole table state agreeing with everything the seat sees, the
hidden parts (other hands, a shuffled deck, sealed answers) drawn from the bot's own
generator.  Each candidate answer is decided in copies of such worlds through the kernel's
own ``decide`` (the rules as written, nothing re-implemented), the game is played on by
other bots (``policy``), and the answer with the best mean outcome (``score``) is chosen.
Every candidate is tried in the same worlds with the same playouts, so the candidates are
compared on equal luck.  Everything random comes from the bot's generator: the answer is a
function of the view, the request and that generator.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from . import answers
from .errors import RefereeError
from .events import Request
from .randomness import SeededSource
from .table import Action, TableState, copied_state, decide, view_frame

if TYPE_CHECKING:
    from .rules import Rules

__all__ = ["Policy", "World", "candidates", "choose", "play_out", "rules_of", "search", "seat_view", "spawn", "win_share", "world_source"]

Policy = Callable[[dict[str, Any], str, Request, random.Random], dict[str, Any]]
"""A bot playing the rest of a possible world: ``policy(view, seat, request, rng)``, the
form of ``referee_bot_action`` (a game's heuristic bot)."""

World = tuple[TableState, SeededSource]
"""A possible world: a table state and the randomness its future draws come from."""


@functools.cache
def _registry() -> Any:
    from .registry import Registry

    return Registry()


def rules_of(game: str, plugins: Sequence[str]) -> Rules:
    """The rules of ``game`` with the extensions among ``plugins`` (the names a table's first
    entry records: ``cashnguns.the-kid``), from the installed plugins: a possible world is
    played under the rules of the table it mirrors.  A ``RefereeError`` when one of them is
    not installed here."""
    extensions = [name.split(".", 1)[1] for name in plugins if name.startswith(f"{game}.")]
    return _registry().rules(game, extensions)


def spawn(rng: random.Random) -> random.Random:
    """A generator of its own drawn from ``rng`` (a playout's, a world's): as secret as ``rng``."""
    return random.Random(rng.getrandbits(64))


def world_source(rng: random.Random) -> SeededSource:
    """Randomness for a possible world, drawn from the bot's generator (never the table's)."""
    return SeededSource(f"{rng.getrandbits(128):032x}", f"{rng.getrandbits(256):064x}")


def win_share(state: TableState, seat: str) -> float:
    """The seat's share of a finished world's win (1, a shared win's share, or 0): the
    ``score`` a search that plays to win uses."""
    result = state.result
    if result is None:
        return 0.0
    return 1.0 / len(result.winners) if seat in result.winners else 0.0


def seat_view(rules: Rules, state: TableState, seat: str) -> dict[str, Any]:
    """What ``seat`` sees of a possible world, in the form a bot is handed it
    (``referee.table.view``), made without the checks a real table's view gets: the world
    is the searching bot's own, and its playing bots only read it."""
    requests = [r for r in state.flow.requests.values() if r.seat == seat]
    return {**view_frame(state, seat, requests), "result": None, "view": rules.hook.referee_view(state=state, seat=seat) or {}}


def play_out(
    rules: Rules, state: TableState, source: SeededSource, policy: Policy, rng: random.Random, *, until: Callable[[TableState], bool]
) -> None:
    """Let ``policy`` answer every request of the world, first open first (as a table of
    bots is played), until the game ends or ``until(state)`` says to stop."""
    for _ in range(100_000):
        if state.over or until(state) or not state.flow.requests:
            return
        request = next(iter(state.flow.requests.values()))
        args = policy(seat_view(rules, state, request.seat), request.seat, request, rng)
        decide(rules, state, Action(request.seat, request.action, dict(args), request.id), source)


def _field_values(shape: Any) -> list[Any] | None:
    """Every value a field of a small shape may take (None: too many, or not a kind listed)."""
    if isinstance(shape, answers.Pick):
        values: list[Any] = [o.value for o in shape.options]
    elif isinstance(shape, answers.Flag):
        values = [False, True]
    else:
        return None
    return values + ([None] if shape.optional else [])


def candidates(request: Request, proposed: Sequence[dict[str, Any]], rng: random.Random, most: int) -> list[dict[str, Any]]:
    """Answers worth trying, at most ``most``, each legal by its shape: ``proposed`` first (a
    heuristic's choices), then every answer of a small request (its fields all picks or
    flags), else samples of its shape, in an order drawn from ``rng``."""
    fields = dict(request.answer or {})
    found: dict[bytes, dict[str, Any]] = {}

    def add(answer: dict[str, Any]) -> None:
        try:
            answers.validate(fields, answer)
        except RefereeError:
            return
        found.setdefault(msgspec.json.encode(answer, order="sorted"), answer)

    for answer in proposed:
        add(dict(answer))
    listed = {name: _field_values(shape) for name, shape in fields.items()}
    others: list[dict[str, Any]] = []
    if all(values is not None for values in listed.values()):
        names = list(listed)
        for combination in itertools.product(*(listed[name] or [] for name in names)):
            others.append({name: value for name, value in zip(names, combination) if value is not None})
            if len(others) > 64:
                break
    if len(others) > 64 or not all(values is not None for values in listed.values()):
        others = []
        for _ in range(4 * most):
            try:
                others.append(answers.sample(fields, rng))
            except RefereeError:
                break
    rng.shuffle(others)
    for answer in others:
        if len(found) >= most:
            break
        add(answer)
    return list(found.values())[:most]


def choose(
    rules: Rules,
    seat: str,
    request: Request,
    options: Sequence[dict[str, Any]],
    make_world: Callable[[random.Random], World | None],
    policy: Policy,
    score: Callable[[TableState, str], float],
    rng: random.Random,
    *,
    rollouts: int,
    until: Callable[[TableState], bool] = lambda state: False,
) -> dict[str, Any]:
    """The answer among ``options`` with the best mean ``score`` for ``seat`` over about
    ``rollouts`` playouts, every option tried in the same possible worlds (``make_world``,
    which may find none consistent: None) with the same playing bots.  An option the rules
    refuse in a world loses a point there.  The first option (the heuristic's) is the
    answer when no world could be made, or when it is among the best; other options
    tying for the best are chosen among with ``rng``."""
    if len(options) < 2:
        return dict(options[0]) if options else {}
    worlds = max(1, rollouts // len(options))
    totals = [0.0] * len(options)
    tried = 0
    for _ in range(worlds):
        world = make_world(spawn(rng))
        if world is None:
            continue
        state, source = world
        playing = rng.getrandbits(64)
        tried += 1
        for index, option in enumerate(options):
            copy = copied_state(state)
            try:
                decide(rules, copy, Action(seat, request.action, dict(option), request.id), source)
            except RefereeError:
                totals[index] -= 1.0
                continue
            play_out(rules, copy, source, policy, random.Random(playing), until=until)
            totals[index] += score(copy, seat)
    if not tried:
        return dict(options[0])
    best = max(totals)
    tied = [option for option, total in zip(options, totals) if total >= best - 1e-9]
    # Equal options are chosen among at random (a tie is no tell), the heuristic's first.
    return dict(options[0] if totals[0] >= best - 1e-9 else rng.choice(tied))


def search(
    view: dict[str, Any],
    seat: str,
    request: Request,
    rng: random.Random,
    *,
    heuristic: Policy,
    make_world: Callable[[Rules, random.Random], World | None],
    rollouts: int,
    most: int,
    more: Callable[[], Sequence[dict[str, Any]]] = tuple,
) -> dict[str, Any]:
    """A searching bot's answer (the body of a game's ``search`` bot kind): three of the
    ``heuristic``'s answers and ``more()`` (the game's own ideas) make at most ``most``
    candidates, tried in possible worlds (``make_world(rules, world_rng)``, built from the
    seat's view alone) under the rules of the table the view shows, playing to win
    (``win_share``), the rest of each world played by the ``heuristic``.  The heuristic's
    answer stands when there is nothing to compare or a house rule of the table is not
    installed here."""
    proposed = [heuristic(view, seat, request, spawn(rng)) for _ in range(3)]
    options = candidates(request, [*proposed, *more()], rng, most)
    if len(options) < 2:
        return proposed[0]
    try:
        rules = rules_of(view["game"], view["view"].get("plugins", []))
    except RefereeError:
        return proposed[0]  # no possible table to play it in
    return choose(
        rules,
        seat,
        request,
        options,
        lambda world_rng: make_world(rules, world_rng),
        heuristic,
        win_share,
        rng,
        rollouts=rollouts,
    )

"""Worlds of one table for the noninterference check: a table forked into copies that share
everything (entries, seed, table key, id) up to one sealed answer, the legal alternatives
of that answer, and what a seat holds in each copy, in the form the worlds are compared in.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import msgspec

if TYPE_CHECKING:
    from ..events import Request
    from ..log import Entry
    from ..service import Referee

from .play import CheckFailed

Observer = Callable[["Referee", str, "str | None", int, Sequence[tuple[str, str]], int], dict[str, Any]]
"""What an adapter shows one watcher of one world: ``observer(app, table, watcher, after,
probes, step)`` returns named observations (JSON-like) to compare across worlds.
``watcher`` is a seat, ``None`` (a spectator) or ``gamesmaster``; ``after`` the last entry
every world shares; ``probes`` (request id, action) pairs of requests other seats have
open in some world (and one nobody has), to try acting with; ``step`` 0 right after the
sealed answer, then 1, 2, ... after each further action.  An observer with a
``forget(app)`` method is told when a world is done with (to stop what serves it)."""

_HEADER_ONLY = frozenset({"at", "hash", "prev"})
"""Header fields never compared: the clock, and the chain's hashes (functions of the
commitments, which differ wherever a hidden body does)."""


def fork(app: Referee, table: str) -> Referee:
    """A referee on a store of its own holding ``table`` exactly as ``app`` has it now: the
    same id, entries, seed and table key, and the same folded state (a copy)."""
    from .. import MEMORY, Referee, TableStore
    from ..session import MAX_HELD, Session
    from ..table import copied_state

    session = app._load(table)
    entries = session.since(app.store)
    secret = app._secret(table)
    copy = Referee(registry=app.registry, store=TableStore(MEMORY))
    copy.store.create(table, session.state.game_name, entries, secret)
    copy._secrets[table] = secret
    copy._sessions[table] = Session(table, session.rules, copied_state(session.state), session.last, list(entries[-MAX_HELD:]))
    return copy


def act(app: Referee, table: str, seat: str, action: str, args: dict[str, Any], request: str | None) -> list[Entry]:
    """``app.act``, keeping the table as it was when the action is refused (the referee
    forgets a table whose action failed, and would fold its whole log again)."""
    from ..errors import RefereeError
    from ..session import Session
    from ..table import copied_state

    session = app._load(table)
    kept = Session(table, session.rules, copied_state(session.state), session.last, list(session.since(app.store)))
    try:
        return app.act(table, seat, action, args, request=request)
    except RefereeError:
        app._sessions[table] = kept
        raise


# --- alternative answers ---------------------------------------------------------------------

_ABSENT: Any = object()


def _canonical(args: dict[str, Any]) -> bytes:
    return msgspec.json.encode(args, order="sorted")


def _field_values(shape: Any, rng: random.Random, most: int) -> list[Any]:
    """Values a field of this shape may take: all of them where they are few, else ``most``
    spread over them (the bounds included)."""
    from .. import answers

    match shape:
        case answers.Pick():
            values: list[Any] = [o.value for o in shape.options]
        case answers.Flag():
            values = [False, True]
        case answers.Text():
            values = [""]
        case answers.Amount():
            top = shape.max if shape.max is not None else shape.min + 10 * shape.step
            count = (top - shape.min) // shape.step + 1
            if count <= most:
                values = [shape.min + i * shape.step for i in range(count)]
            else:
                inner = rng.sample(range(1, count - 1), min(most - 2, count - 2))
                values = [shape.min, top, *(shape.min + i * shape.step for i in inner)]
        case answers.Subset():
            options = [o.value for o in shape.options]
            top = len(options) if shape.max is None else min(shape.max, len(options))
            sizes = range(shape.min, top + 1)
            if sum(math.comb(len(options), k) for k in sizes) <= most:
                values = [list(c) for k in sizes for c in itertools.combinations(options, k)]
            else:
                values = [options[: shape.min], options[:top]]
                values += [rng.sample(options, rng.choice(sizes)) for _ in range(most - 2)]
        case answers.Order():
            options = [o.value for o in shape.options]
            if math.factorial(len(options)) <= most:
                values = [list(p) for p in itertools.permutations(options)]
            else:
                values = [rng.sample(options, len(options)) for _ in range(most)]
        case _:
            values = []
            for _ in range(most):
                try:
                    values.append(answers._sample_field("", shape, rng))
                except Exception:
                    break
    rng.shuffle(values)
    return values[:most]


def alternatives(app: Referee, table: str, request: Request, base: dict[str, Any], most: int, rng: random.Random) -> list[dict[str, Any]]:
    """``base``, then other answers to ``request`` of its answer's shape, best first (the
    game may refuse some, so more are given than ``most``, the answers a check wants).

    The field with fewest values leads (a menu: what to do): each of its values is tried
    with each value of every other field (what it is done with), the lead's values in
    turn, so two answers doing the same thing with different things come early.  Then
    each field changed alone from ``base``, random answers, and the seat's bot's answers
    under other generators (answers a player would give, which shape-driven ones, free
    text above all, rarely are)."""
    from .. import answers

    fields = dict(request.answer or {})
    values = {name: _field_values(shape, rng, most) for name, shape in fields.items()}
    present = {name: list(found) for name, found in values.items()}
    for name, shape in fields.items():
        if shape.optional:
            values[name].append(_ABSENT)

    def with_values(chosen: dict[str, Any]) -> dict[str, Any]:
        answer = {}
        for name in fields:
            value = (
                chosen[name] if name in chosen else base[name] if name in base else rng.choice(present[name]) if present[name] else _ABSENT
            )
            if value is not _ABSENT:
                answer[name] = value
        return answer

    by_lead: list[list[dict[str, Any]]] = []
    if fields:
        lead = min(fields, key=lambda name: len(values[name]))
        others = [name for name in fields if name != lead]
        for value in values[lead]:
            row = [with_values({lead: value, other: found}) for other in others for found in values[other]]
            by_lead.append(row or [with_values({lead: value})])
    candidates = [base, *(answer for tier in itertools.zip_longest(*by_lead) for answer in tier if answer is not None)]
    for name in fields:
        for value in values[name]:
            changed = {k: v for k, v in base.items() if k != name}
            if value is not _ABSENT:
                changed[name] = value
            candidates.append(changed)
    if request.answer is not None:
        for _ in range(most):
            try:
                candidates.append(answers.sample(request.answer, rng))
            except Exception:
                break
    if request.choices:
        candidates += [dict(c.args) for c in request.choices]
    candidates += _bot_answers(app, table, request, rng)
    chosen: dict[bytes, dict[str, Any]] = {}
    for answer in candidates:
        chosen.setdefault(_canonical(answer), answer)
        if len(chosen) > 4 * most:
            break
    return list(chosen.values())


def _bot_answers(app: Referee, table: str, request: Request, rng: random.Random, count: int = 3) -> list[dict[str, Any]]:
    """The seat's bot's answers under generators other than its own: answers a player
    would give, which shape-driven ones (free text, above all) rarely are."""
    rules = app.rules(table)
    seat_view = app.view(table, request.seat)
    found: list[dict[str, Any]] = []
    for _ in range(count):
        try:
            given = rules.hook.referee_bot_action(
                view=seat_view, seat=request.seat, request=request, rng=random.Random(rng.getrandbits(64))
            )
        except Exception:
            return found
        if given is not None:
            found.append(dict(given))
    return found


# --- what a watcher holds -------------------------------------------------------------------


def normalized(entry: Entry | dict[str, Any]) -> dict[str, Any]:
    """An entry as worlds are compared: every header field but the clock and the chain's
    hashes; the commitment only where the body is shown (a hidden body's commitment is
    an HMAC under a key the watcher does not hold, and differs wherever the body does)."""
    line = entry if isinstance(entry, dict) else msgspec.to_builtins(entry)
    kept = {k: v for k, v in line.items() if k not in _HEADER_ONLY}
    if kept.get("event") is None:
        kept.pop("commit", None)
    return kept


@dataclass
class Holding:
    """What one watcher holds in one world, named part by part, in the order compared."""

    entries: list[dict[str, Any]]
    """The entries after the fork, as it holds them (normalized)."""
    over: bool
    """The game has ended, which shows every body to everyone, by design."""
    parts: dict[str, Any] = field(default_factory=dict)


def holding(
    app: Referee,
    table: str,
    watcher: str | None,
    after: int,
    probes: Sequence[tuple[str, str]],
    observers: Iterable[Observer] = (),
    step: int = 0,
) -> Holding:
    """Everything ``watcher`` is given of ``table`` now, the log from entry ``after`` on.
    A seat's export is read at ``step`` 0 only: it holds the whole log (the same entries as
    its visible ones, written out), the costliest part to make."""
    from ..errors import RefereeError
    from ..table import GAMESMASTER

    as_seat = None if watcher == GAMESMASTER else watcher
    shown = app.view(table, watcher)
    rules = app.rules(table)
    held = Holding([normalized(e) for e in app.visible_entries(table, as_seat, after=after)], app.over(table))
    parts = held.parts
    parts["view"] = shown
    parts["text"] = rules.hook.referee_render_view(view=shown["view"], seat=watcher) or ""
    parts["waiting for"] = app.waiting_for(table)
    if watcher is None:
        parts["table listing"] = dataclasses.asdict(app.info(table))
    if as_seat is not None:
        parts["own request ids"] = sorted(r.id for r in app.requests(table) if r.seat == as_seat)
        if not step:
            lines = app.export(table, as_seat).splitlines()[after:]
            parts["export"] = [normalized(msgspec.json.decode(line)) for line in lines]
        refusals = {}
        for request_id, action in probes:
            try:
                act(app, table, as_seat, action, {}, request_id)
            except RefereeError as exc:
                refusals[request_id] = f"{type(exc).__name__}: {exc}"
            else:
                raise CheckFailed(f"{as_seat} answered request {request_id!r}, which is not its own")
        parts["refusals"] = refusals
    for observer in observers:
        for name, value in observer(app, table, watcher, after, probes, step).items():
            parts[name] = value
    return held


def first_difference(a: Any, b: Any, where: str = "") -> str | None:
    """Where two holdings' parts first differ, in words (None: equal)."""
    if a == b:
        return None
    if isinstance(a, dict) and isinstance(b, dict):
        for key in [*a, *(k for k in b if k not in a)]:
            if key not in a or key not in b:
                return f"{where}.{key} is only in one world"
            found = first_difference(a[key], b[key], f"{where}.{key}")
            if found:
                return found
    if isinstance(a, list) and isinstance(b, list):
        for index, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{where}[{index}]")
            if found:
                return found
        if len(a) != len(b):
            return f"{where} has {len(a)} items in one world and {len(b)} in the other"
    return f"{where or 'it'} is {_short(a)} in one world and {_short(b)} in the other"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 160 else text[:157] + "..."

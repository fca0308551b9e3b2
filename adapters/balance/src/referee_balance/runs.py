"""One batch of bot games played to their end, each the same on every run and on every
machine: game ``i`` of a setup is opened with the seed ``"{seed}/{i}"`` and a table key
made from it (``referee.fixed_key``), so two setups that differ by a house rule play the
same seeds and keys (a paired comparison), and a batch gives the same records wherever it
runs.

A record keeps what the statistics read: who won (a tie shares the win), how long the game
took, which actions were taken, and the game's balance facts (``referee.Held`` and
``referee.Used``, from ``referee_balance_facts``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import msgspec

from referee import GAMESMASTER, MEMORY, Held, Referee, RefereeError, Registry, TableStore, Used, bots_by_seat, fixed_key

__all__ = ["MAX_ACTIONS", "GameRecord", "Setup", "Uses", "check_setup", "play_batch", "seed_of"]

MAX_ACTIONS = 20_000
"""The most bot actions one game may take before the lab calls it endless."""


class Setup(msgspec.Struct, frozen=True):
    """What every game of one set is opened with."""

    game: str
    seats: tuple[str, ...]
    extensions: tuple[str, ...] | None = None
    """As ``Referee.open`` takes them: None is the game's defaults; ``+name``/``-name`` change them."""
    options: dict[str, Any] = {}
    """Table options, the ``bots`` option (each seat's bot kind) among them."""
    seed: str = "balance"
    max_actions: int = MAX_ACTIONS


class Uses(msgspec.Struct, frozen=True, array_like=True):
    """``times`` uses of ``name`` by ``seat`` in one game (seat None: nobody's)."""

    seat: str | None
    kind: str
    name: str
    times: int


class GameRecord(msgspec.Struct, frozen=True):
    """One finished game, as the statistics read it."""

    index: int
    winners: dict[str, float]
    """Each winning seat's share of the win (1 alone, 1/2 each in a tie of two)."""
    reason: str
    """Why the game ended, in the game's words."""
    actions: int
    """Actions taken by the seats (the gamesmaster's are not counted)."""
    rounds: int
    kinds: dict[str, str]
    """Each seat's bot kind."""
    taken: dict[str, int]
    """Actions taken by the seats, by action."""
    held: tuple[Held, ...]
    """What each seat held, once per seat and thing, in the order the log first says so."""
    used: tuple[Uses, ...]


def seed_of(setup: Setup, index: int) -> str:
    return f"{setup.seed}/{index}"


_REGISTRIES: dict[bytes, Registry] = {}
"""One registry per plugin set in each process: building one imports and hashes every
installed plugin, which would cost more than a batch of quick games."""


def _plugin_set(plugins: Sequence[object]) -> bytes:
    # Plugins reach a worker pickled: a new object each time, the same pickle.
    import cloudpickle

    return cloudpickle.dumps(tuple(plugins)) if plugins else b""


def registry_for(plugins: Sequence[object] = ()) -> Registry:
    """The installed plugins and ``plugins`` (throwaway ones: tests, a rule being written)."""
    key = _plugin_set(plugins)
    if key not in _REGISTRIES:
        _REGISTRIES[key] = Registry(list(plugins))
    return _REGISTRIES[key]


def _default_kind(registry: Registry, game: str) -> str:
    """The kind of bot the game plays a seat with when the table option ``bots`` says nothing."""
    options = registry.game(game).options
    fields = {f.name: f.default for f in msgspec.structs.fields(options)} if options is not None else {}
    default = fields.get("bots", "default")
    return default if isinstance(default, str) else "default"


def _open(app: Referee, setup: Setup, index: int) -> str:
    seed = seed_of(setup, index)
    extensions = list(setup.extensions) if setup.extensions is not None else None
    return app.open(
        setup.game,
        list(setup.seats),
        options=dict(setup.options),
        extensions=extensions,
        seed=seed,
        key=fixed_key(f"referee.balance {seed}"),
        table_id=f"{setup.game}-balance-{index}",
    )


def check_setup(setup: Setup, plugins: Sequence[object] = ()) -> None:
    """Open the setup's first table and throw it away: a game, seat, option or extension
    the installed plugins refuse is refused here, before any game is played (a
    ``RefereeError`` naming the problem)."""
    if setup.max_actions < 1:
        raise RefereeError("a game needs at least one action: give a positive limit of actions")
    with Referee(registry=registry_for(plugins), store=TableStore(MEMORY)) as app:
        _open(app, setup, 0)


def play_batch(setup: Setup, indices: Sequence[int], plugins: Sequence[object] = ()) -> list[GameRecord]:
    """Games ``indices`` of ``setup``, each played by bots to its end, in that order."""
    registry = registry_for(plugins)
    default_kind = _default_kind(registry, setup.game)
    records = []
    for index in indices:
        # A store per game: the memory store keeps every table it was given.
        with Referee(registry=registry, store=TableStore(MEMORY)) as app:
            records.append(_play_one(app, setup, index, default_kind))
    return records


def _play_one(app: Referee, setup: Setup, index: int, default_kind: str) -> GameRecord:
    table = _open(app, setup, index)
    taken: Counter[str] = Counter()

    def count(request: Any, _entries: Any) -> None:
        if request.seat != GAMESMASTER:
            taken[request.action] += 1

    state = app.state(table)
    where = f"{setup.game} game {index + 1} (seed {seed_of(setup, index)!r})"
    try:
        app.bots.play(table, [*state.seats, GAMESMASTER], on_step=count, max_actions=setup.max_actions)
    except RefereeError as exc:
        raise RefereeError(f"{where}: {exc.message}") from None
    state = app.state(table)
    if state.result is None:
        raise RefereeError(f"{where} did not end: its bots stopped with nobody asked to act")
    winners = state.result.winners
    facts = app.facts(table) if app.rules(table).hook.referee_balance_facts.get_hookimpls() else []
    held: dict[Held, None] = {}
    used: Counter[tuple[str | None, str, str]] = Counter()
    for fact in facts:
        if isinstance(fact, Held):
            held.setdefault(fact, None)
        elif isinstance(fact, Used):
            used[fact.seat, fact.kind, fact.name] += 1
    return GameRecord(
        index=index,
        winners={seat: 1 / len(winners) for seat in winners},
        reason=state.result.reason,
        actions=sum(taken.values()),
        rounds=state.flow.round,
        kinds=bots_by_seat(state.options.get("bots", default_kind), state.seats, default_kind),
        taken=dict(sorted(taken.items())),
        held=tuple(held),
        used=tuple(Uses(seat, kind, name, times) for (seat, kind, name), times in used.items()),
    )

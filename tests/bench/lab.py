"""The balance lab (``referee balance``), timed: games per second on two workers against one,
and the lab on one worker against plain bot play in this process.

``lab-workers/<game>``: the lab's ``measure`` on a local Dask cluster of two worker processes,
started once before the timing and warmed by one run (the steady state of a long run) against
the same games on one worker (in this process, as ``--workers 1``).  Goal: 1.8x on two cores.
The notes give what a run pays once on top: starting and stopping the cluster, and the
workers' first task (importing the games, building the registry).

``lab-overhead/<game>``: the lab on one worker (each game opened with its seed and key, played
by bots, its record and facts read, then every figure summed up) against plain bot play of
the same seeds and keys in one in-memory ``Referee`` (``open`` and ``bots.play``, nothing
else).  Goal: x time <= 1.2.

Each game's count of games is set from a short calibration so that one worker takes about
``LAB_SECONDS`` (half with ``--quick``), and at least 16 games, so that two workers get four tasks each.
"""

from __future__ import annotations

import time
from typing import Any

from referee import GAMESMASTER, MEMORY, Referee, Registry, TableStore, fixed_key

from .common import NAMES, Comparison, GameSpec, Settings, compare, progress

LAB_SECONDS = 8.0
"""Seconds of one worker's play per repetition of a lab row (--quick: half)."""


def _setup(spec: GameSpec) -> Any:
    from referee_balance import Setup

    extensions = tuple(spec.extensions) if spec.extensions is not None else None
    return Setup(spec.name, NAMES[: spec.seats], extensions, {}, seed=f"bench-{spec.name}")


def _lab_rate(spec: GameSpec, games: int, engine: Any) -> float:
    from referee_balance import measure

    start = time.perf_counter()
    measure(("bench", _setup(spec)), games, engine=engine)
    return games / (time.perf_counter() - start)


def _plain_rate(registry: Registry, spec: GameSpec, games: int) -> float:
    from referee_balance.runs import seed_of

    setup = _setup(spec)
    start = time.perf_counter()
    with Referee(registry=registry, store=TableStore(MEMORY)) as app:
        for index in range(games):
            seed = seed_of(setup, index)
            table = app.open(spec.name, list(setup.seats), extensions=spec.extensions, seed=seed, key=fixed_key(f"referee.balance {seed}"))
            app.bots.play(table, [*setup.seats, GAMESMASTER])
    return games / (time.perf_counter() - start)


def lab_rows(registry: Registry, settings: Settings, spec: GameSpec) -> list[Comparison]:
    try:
        import referee_balance  # noqa: F401
    except ImportError:
        progress("referee-balance is not installed: the lab rows are left out")
        return []
    from referee_balance import Engine

    one = Engine(1)
    _lab_rate(spec, 1, one)  # builds the registry: not a game's time
    # Calibrate: how long one game takes here, on one worker.
    per_game = 1 / _lab_rate(spec, 3, one)
    seconds = LAB_SECONDS / (2 if settings.quick else 1)
    games = max(16, round(seconds / per_game))
    progress(f"[lab/{spec.name}] {games} games per repetition ({per_game * 1000:,.0f} ms a game)")
    start = time.perf_counter()
    with Engine(2) as two:
        up = time.perf_counter() - start
        first = time.perf_counter()
        _lab_rate(spec, 4, two)
        first = time.perf_counter() - first
        workers = compare(
            f"lab-workers/{spec.name}",
            f"the balance lab, {games} {spec.seats}-seat {spec.name} games: 2 local workers against 1",
            "ratio >= 1.8 on 2 cores",
            settings,
            "games/s",
            ("2 workers (a local Dask cluster)", lambda: _lab_rate(spec, games, two)),
            ("1 worker (in this process)", lambda: _lab_rate(spec, games, one)),
            warm_up=False,
        )
        stop = time.perf_counter()
    down = time.perf_counter() - stop
    workers.notes.append(f"paid once per run on 2 workers: cluster up {up:.2f} s, first task {first:.2f} s, down {down:.2f} s")
    workers.extra.update(cluster_up_s=up, first_task_s=first, cluster_down_s=down)
    overhead = compare(
        f"lab-overhead/{spec.name}",
        f"the balance lab on 1 worker against plain bot play, {games} {spec.name} games",
        "x time <= 1.2",
        settings,
        "games/s",
        ("referee_balance.measure, 1 worker", lambda: _lab_rate(spec, games, one)),
        ("Referee.open + bots.play", lambda: _plain_rate(registry, spec, games)),
        warm_up=False,
    )
    return [workers, overhead]

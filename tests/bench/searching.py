"""The ``search`` bots' cost: a choice looked ahead against the heuristic's on the same choices.

Both answer the same decision points (every request of the recorded bot game, with the
view its seat had), the search at its shipped budget (``ROLLOUTS`` playouts a choice):
the ratio is the heuristic's cost over the search's, ``x_time`` how many heuristic
choices one looked-ahead choice costs.  Only the games that ship a ``search`` bot.
"""

from __future__ import annotations

import importlib
import random
import time
from typing import Any

import msgspec

from referee import MEMORY, Referee, Registry, Request, TableStore

from .common import Comparison, PlayedGame, Settings, compare, open_game, timed

POINTS = 12
"""Decision points timed: spread over the game, each answered once per sample."""


def _points(registry: Registry, game: PlayedGame) -> list[tuple[dict[str, Any], str, Request]]:
    """The recorded game's requests with more than one answer, spread over it, each with
    the view its seat had."""
    found = []
    with Referee(registry=registry, store=TableStore(MEMORY)) as app:
        table = open_game(app, game.spec)
        while not app.over(table):
            request = app.requests(table)[0]
            if request.action in ("bullet", "aim", "nerve", "place", "play"):
                found.append((app.view(table, request.seat), request.seat, msgspec.convert(msgspec.to_builtins(request), Request)))
            app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)
    step = max(1, len(found) // POINTS)
    return found[::step][:POINTS]


def measure_search(registry: Registry, settings: Settings, game: PlayedGame) -> Comparison | None:
    """Looked-ahead choices per second against heuristic choices per second, on the same points."""
    package = {"cashnguns": "referee_cashnguns", "backhanding": "referee_backhanding"}.get(game.spec.name)
    if package is None:
        return None
    search = importlib.import_module(f"{package}.search")
    heuristic = importlib.import_module(f"{package}.bot").heuristic_answer
    points = _points(registry, game)
    rollouts = search.ROLLOUTS if not settings.quick else max(4, search.ROLLOUTS // 4)
    previous, search.ROLLOUTS = search.ROLLOUTS, rollouts

    def run(answer: Any) -> float:
        start = time.perf_counter()
        for number, (view, seat, request) in enumerate(points):
            answer(view, seat, request, random.Random(number))
        return len(points) / (time.perf_counter() - start)

    try:
        result = compare(
            f"search/{game.spec.name}",
            f"{game.spec.name} search bot: a choice looked ahead at {rollouts} playouts ({len(points)} choices of the recorded game)",
            "none (what a looked-ahead choice costs)",
            settings,
            "choices/s",
            ("search_answer", lambda: run(search.search_answer)),
            ("heuristic_answer", lambda: timed(lambda: run(heuristic), settings.min_time) * len(points)),
            warm_up=not settings.quick,
        )
    finally:
        search.ROLLOUTS = previous
    result.notes.append(f"{1000 / result.subject.median:,.0f} ms a looked-ahead choice (median)")
    return result

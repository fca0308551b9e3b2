"""What every check shares: ``CheckFailed``, a referee on an in-memory store, tables opened
with fixed seeds and keys (``fixed_key``), and bot games played to their end."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from ..randomness import fixed_key as fixed_key

if TYPE_CHECKING:
    from ..registry import Registry
    from ..service import Referee


MAX_ACTIONS = 10_000
"""The most bot actions a check lets one game take before failing it as endless."""


class CheckFailed(AssertionError):
    """A check found its plugin at fault; the message says where and why."""


@contextlib.contextmanager
def _referee(registry: Registry | None) -> Iterator[Referee]:
    from .. import MEMORY, Referee, Registry, TableStore

    app = Referee(registry=registry if registry is not None else Registry(), store=TableStore(MEMORY))
    try:
        yield app
    finally:
        app.close()


def _open(
    app: Referee, game: str, seats: Sequence[str], extensions: Sequence[str] | None, options: dict[str, Any] | None, seed: str
) -> str:
    return app.open(game, list(seats), options=options, extensions=extensions, seed=seed, key=fixed_key(f"referee.testing {seed}"))


def _next_request(app: Referee, table: str, where: str) -> Any:
    requests = app.requests(table)
    if not requests:
        raise CheckFailed(f"{where}: the game has not ended, but it asks nothing of anyone")
    return requests[0]


def _bot_actions(app: Referee, table: str, where: str, max_actions: int = MAX_ACTIONS) -> Iterator[int]:
    """Bot answers until the game ends, yielding after each; a game still going after
    ``max_actions`` of them fails the check."""
    for number in range(1, max_actions + 1):
        if app.over(table):
            return
        _bot_step(app, table, where)
        yield number
    if not app.over(table):
        raise CheckFailed(f"{where}: did not end within {max_actions} bot actions")


def _bot_step(app: Referee, table: str, where: str) -> None:
    """One bot answer to the table's first open request (the gamesmaster's too)."""
    request = _next_request(app, table, where)
    app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)


def _spread(points: list[int], most: int) -> list[int]:
    """At most ``most`` of ``points``, evenly spaced, always with the last."""
    if len(points) <= most:
        return points
    step = len(points) / most
    return sorted({points[int(i * step)] for i in range(most)} | {points[-1]})


def _difference(expected: Any, actual: Any, where: str = "view") -> str:
    """The first place two views differ, in words."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in [*expected, *(k for k in actual if k not in expected)]:
            if key not in actual or key not in expected:
                return f"{where}.{key} only {'live' if key in expected else 'in replay'}"
            if expected[key] != actual[key]:
                return _difference(expected[key], actual[key], f"{where}.{key}")
    return f"{where} = {actual!r}, where live play showed {expected!r}"

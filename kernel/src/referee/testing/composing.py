"""Two authors' plugins at one table (``check_composes_with``): bot games end and verify,
replay equals live play, no view leaks, and each plugin is recorded and required."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..registry import Registry

from .leaks import check_views_leak_nothing
from .play import CheckFailed, _open, _referee
from .sweeps import _offering, check_bot_games


def check_composes_with(
    game: str,
    seats: Sequence[str],
    mine: str,
    others: Sequence[str],
    *,
    extensions: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
    games: int = 2,
    registry: Registry | None = None,
    numbers: Sequence[str] = (),
) -> int:
    """``mine`` (an extension of ``game``) plays at one table with ``others`` (other
    authors' extensions of it).

    The table has ``extensions`` (default: the game's defaults) plus ``mine`` and each of
    ``others``; there :func:`check_bot_games` (``games`` bot games end, verify, and replay
    to the views live play showed) and :func:`check_views_leak_nothing` (with ``numbers``)
    run, the table's first entry must record every one of them, and the log of the first
    bot game must be refused, naming the one missing, where ``mine`` or any of ``others``
    is not installed.  Returns how many (secret, seat) pairs the leak check checked.
    """
    from ..errors import RefereeError

    with _referee(registry) as app:
        installed = {e.name for e in app.registry.extensions_of(game)}
        missing = [name for name in (mine, *others) if name not in installed]
        if missing:
            raise CheckFailed(
                f"{game} has no extension {', '.join(missing)} installed (installed: {', '.join(sorted(installed)) or 'none'})"
            )
        try:
            base = app.registry.extension_names(game, extensions)
        except RefereeError as exc:
            raise CheckFailed(f"{game}: {exc.message}") from None
        chosen = [*base, *(name for name in (mine, *others) if name not in base)]
        table = _open(app, game, seats, chosen, options, "composes-with")
        opened = app.entries(table)[0].event or {}
        recorded = {p["name"] for p in opened.get("plugins", ())}
        unrecorded = [name for name in (mine, *others) if f"{game}.{name}" not in recorded]
        if unrecorded:
            raise CheckFailed(
                f"a {game} table with {', '.join((mine, *others))} does not record {', '.join(unrecorded)} in its first entry"
            )
    exports = check_bot_games(game, seats, extensions=chosen, options=options, games=games, registry=registry)
    checked = check_views_leak_nothing(game, seats, extensions=chosen, options=options, games=games, registry=registry, numbers=numbers)
    _each_required(game, (mine, *others), exports[0], registry)
    return checked


def _each_required(game: str, names: Sequence[str], export: str, registry: Registry | None) -> None:
    """The log of a game played with every one of ``names`` is refused, naming the one
    missing, by the same plugins less any one of them (and whatever offers it)."""
    from .. import Registry as Registry_
    from ..audit import verify

    with _referee(registry) as app:
        full = app.registry
        entries = app.audit.load_log(export, source=f"a {game} bot game")
        for name in names:
            target = full.extensions[f"{game}.{name}"].plugin
            offering = _offering(full, target)
            without = Registry_([p for p in full.pm.get_plugins() if p is not target and p not in offering], entry_points=False)
            verdict = verify(without, entries)
            if verdict.ok:
                raise CheckFailed(f"a {game} log made with {', '.join(names)} verifies where {name} is not installed")
            if f"{game}.{name}" not in verdict.message:
                raise CheckFailed(f"verify refuses the {game} log made without {name} but does not name it: {verdict.message}")

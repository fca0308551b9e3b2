"""Checks that play bot games through: every game ends, verifies and replays as it was
played (``check_bot_games``), exports survive the round trip (``check_export_round_trip``),
and a log made with a plugin is refused where it is missing (``check_refused_without``)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..registry import Registry

from .play import MAX_ACTIONS, CheckFailed, _bot_actions, _bot_step, _difference, _open, _referee, _spread


def check_bot_games(
    game: str,
    seats: Sequence[str],
    *,
    extensions: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
    games: int = 3,
    registry: Registry | None = None,
    max_actions: int = MAX_ACTIONS,
) -> list[str]:
    """Play ``games`` games of ``game`` with a bot in every seat, each to its end.

    Every finished table must verify (``Referee.audit.verify_table``), and replaying its log must
    show every seat and a spectator the same views as live play did, at points spread over
    the game and at its end.  ``extensions``: the table's cards, powers and house rules
    (default: the game's own defaults).  Returns each game's full export (JSON Lines), for
    further checks of your own.
    """
    logs = []
    with _referee(registry) as app:
        for number in range(games):
            seed = f"bot-game-{number}"
            table = _open(app, game, seats, extensions, options, seed)
            where = f"{game} bot game {number + 1} (seed {seed!r})"
            live: dict[int, dict[str | None, dict[str, Any]]] = {}
            for _ in _bot_actions(app, table, where, max_actions):
                length = len(app.entries(table))
                live[length] = {seat: app.view(table, seat) for seat in [*seats, None]}
            verdict = app.audit.verify_table(table)
            if not verdict.ok:
                raise CheckFailed(f"{where}: the log does not verify: {verdict.message}")
            entries = app.entries(table)
            for length in _spread(sorted(live), 8):
                for seat, shown in live[length].items():
                    replayed = app.audit.replay_view(entries, to=length, seat=seat).view
                    if replayed != shown:
                        who = seat or "a spectator"
                        raise CheckFailed(f"{where}: replaying the log to entry {length} shows {who} {_difference(shown, replayed)}")
            logs.append(app.export(table))
    return logs


def check_export_round_trip(
    game: str,
    seats: Sequence[str],
    *,
    extensions: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
    registry: Registry | None = None,
    seed: str = "export-round-trip",
) -> None:
    """Exports of a bot game of ``game``, halfway and at its end, survive the round trip.

    At both points the full export loads back to the same entries, imports into a fresh
    store (verified on the way in) and shows every seat and a spectator the same views as
    the original table; each seat's own export loads back, keeps the hash chain of the
    full log, and verifies.
    """
    from ..log import dump_jsonl

    with _referee(registry) as app:
        table = _open(app, game, seats, extensions, options, seed)
        total = sum(1 for _ in _bot_actions(app, table, f"{game} (seed {seed!r})"))
        # The same seed and key replay the same game: stop the second copy halfway.
        halfway = _open(app, game, seats, extensions, options, seed)
        for _ in range(total // 2):
            _bot_step(app, halfway, f"{game} (seed {seed!r})")
        for label, source in (("halfway", halfway), ("at the end", table)):
            where = f"{game} export {label}"
            text = app.export(source)
            entries = app.audit.load_log(text, source=where)
            if dump_jsonl(entries) != text:
                raise CheckFailed(f"{where}: the export does not read back to the same entries")
            if [e.hash for e in entries] != [e.hash for e in app.entries(source)]:
                raise CheckFailed(f"{where}: the export's hash chain differs from the table's")
            with _referee(app.registry) as other:
                try:
                    imported = other.audit.import_log(text, source=where)
                except Exception as exc:
                    raise CheckFailed(f"{where}: the full export cannot be imported: {exc}") from exc
                for seat in [*seats, None]:
                    if other.view(imported, seat) != app.view(source, seat):
                        raise CheckFailed(
                            f"{where}: the imported table shows {seat or 'a spectator'} "
                            f"{_difference(app.view(source, seat), other.view(imported, seat))}"
                        )
            for seat in seats:
                own = app.audit.load_log(app.export(source, seat), source=f"{seat}'s export {label}")
                if [e.hash for e in own] != [e.hash for e in entries]:
                    raise CheckFailed(f"{where}: {seat}'s export does not keep the hash chain of the full log")
                verdict = app.audit.verify(own)
                if not verdict.ok:
                    raise CheckFailed(f"{where}: {seat}'s export does not verify: {verdict.message}")


def check_refused_without(
    plugin: str,
    game: str,
    seats: Sequence[str],
    *,
    extensions: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
    registry: Registry | None = None,
) -> str:
    """A log recorded with ``plugin`` is refused, naming it, where it is not installed.

    ``plugin`` is an extension of ``game`` (it is added to ``extensions`` if they do not
    name it) or the game itself.  A bot game played with it must verify under
    ``registry``; under the same plugins less ``plugin`` (and whatever offers it), verify
    must refuse the log with a message that names it (``<game>.<extension>`` for an
    extension, as the log records it).  Returns that message.
    """
    from .. import Registry as Registry_
    from ..audit import verify

    with _referee(registry) as app:
        full = app.registry
        if plugin != game:
            full.game(game)
            key = f"{game}.{plugin}"
            if key not in full.extensions:
                known = ", ".join(e.name for e in full.extensions_of(game)) or "none"
                raise CheckFailed(f"{game} has no extension {plugin!r} installed (installed: {known})")
            chosen = full.extension_names(game, extensions)
            extensions = [*chosen, plugin] if plugin not in chosen else chosen
            target = full.extensions[key].plugin
            named = key
        else:
            target = full.game(game).plugin
            named = game
        table = _open(app, game, seats, extensions, options, "refused-without")
        for _ in _bot_actions(app, table, f"{game} (seed 'refused-without')"):
            pass
        entries = app.entries(table)
        verdict = verify(full, entries)
        if not verdict.ok:
            raise CheckFailed(f"the {game} log made with {plugin} does not verify even where it is installed: {verdict.message}")
        offering = _offering(full, target)
        without = Registry_([p for p in full.pm.get_plugins() if p is not target and p not in offering], entry_points=False)
        verdict = verify(without, entries)
        if verdict.ok:
            raise CheckFailed(f"a {game} log made with {plugin} verifies where {plugin} is not installed")
        if named not in verdict.message:
            raise CheckFailed(f"verify refuses the {game} log made with {plugin} without naming it: {verdict.message}")
        return verdict.message


def _offering(registry: Registry, target: object) -> set[object]:
    """The discovery plugins whose games or extensions are implemented by ``target``."""
    found = set()
    for hook in (registry.pm.hook.referee_games, registry.pm.hook.referee_extensions):
        for impl in hook.get_hookimpls():
            # A discovery hook that raises offers nothing (the registry reports it).
            with contextlib.suppress(Exception):
                offered: Iterable[object] = impl.function() or ()  # type: ignore[assignment]
                if any(getattr(item, "plugin", None) is target for item in offered):
                    found.add(impl.plugin)
    return found

"""``app.plugins``: the installed games and hooks, the data files a game reads, and
scenario suites.  Only the registry is asked: no table store is opened."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from ..errors import RefereeError
from . import Group

if TYPE_CHECKING:
    from ..scenario import ScenarioResult

__all__ = ["Plugins"]


class Plugins(Group):
    """What is installed, and the checks a plugin author runs on it."""

    def games(self) -> dict[str, Any]:
        """Every installed game with its extensions, each with the distribution and version
        that offers it, plus plugins that could not be used and why (``broken``) and what a
        plugin asked for and did not get (``warnings``): plain data, ready for JSON."""
        registry = self._referee.registry
        games = []
        for game in sorted(registry.games.values(), key=lambda g: g.name):
            dist, version = registry._dist[id(game.plugin)]
            games.append(
                {
                    "name": game.name,
                    "title": game.title,
                    "seats": f"{game.min_seats}-{game.max_seats}" if game.max_seats else f"{game.min_seats}+",
                    "distribution": dist,
                    "version": version,
                    "summary": game.summary,
                    # The options a table takes, with their defaults (a form can be built from them).
                    "options": msgspec.to_builtins(game.options()) if game.options is not None else {},
                    "extensions": [
                        {
                            "name": e.name,
                            "kind": e.kind,
                            "title": e.title,
                            "default": e.default,
                            **dict(zip(("distribution", "version"), registry._dist[id(e.plugin)], strict=True)),
                        }
                        for e in registry.extensions_of(game.name)
                    ],
                }
            )
        return {"games": games, "broken": dict(registry.broken), "warnings": list(registry.warnings)}

    def hooks(self, game: str | None = None) -> dict[str, Any]:
        """Every hook spec of the kernel and, with ``game``, of that game's own hookspecs:
        its signature, the first paragraph of its docstring, whether the first result wins,
        and which installed plugins implement it (with distribution and version); plus
        ``problems`` (a game whose extensions cannot share a table): plain data, ready for JSON."""
        specs, problems = self._referee.registry.hooks(game)
        return {
            "game": game,
            "hooks": [
                {
                    "name": spec.name,
                    "owner": spec.owner,
                    "module": spec.module,
                    "signature": spec.signature,
                    "summary": spec.summary,
                    "firstresult": spec.firstresult,
                    "implemented_by": [
                        {"plugin": plugin, "distribution": dist, "version": version} for plugin, dist, version in spec.implemented_by
                    ],
                }
                for spec in specs
            ],
            "problems": problems,
        }

    def check_files(self, game: str, files: Sequence[str]) -> list[dict[str, Any]]:
        """Check data files ``game`` reads (e.g. deck files): ``{"file", "problems"}`` for each."""
        rules = self._referee.registry.rules(game, [])
        results = []
        for file in files:
            problems = rules.hook.referee_check_file(path=file)
            if problems is None:
                raise RefereeError(f"{game} reads no data files to check")
            results.append({"file": file, "problems": list(problems)})
        return results

    def run_scenarios(
        self, files: Sequence[str], *, game: str | None = None, extensions: Sequence[str] | None = None
    ) -> list[ScenarioResult]:
        """Run scenario files (and, with ``game``, the suite the game ships), each on a
        fresh table; ``extensions`` are added to each file's own (see ``referee.scenario``)."""
        from pathlib import Path

        from ..scenario import load_scenario, run_scenario

        registry = self._referee.registry
        files = list(files)
        if game:
            folder = registry.game(game).scenarios
            if not folder or not Path(folder).is_dir():
                raise RefereeError(f"{game} ships no scenario files")
            files += sorted(str(p) for p in Path(folder).glob("*.toml"))
        if not files:
            raise RefereeError("name scenario files, or a game for its own suite")
        return [run_scenario(load_scenario(file), registry, extensions=extensions) for file in files]

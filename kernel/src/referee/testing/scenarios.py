"""The scenario check: a game's own scenario suite run under a house rule, with the
scenarios it is meant to change declared (``check_scenarios``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..registry import Registry
    from ..scenario import ScenarioResult

from .play import CheckFailed, _referee


def check_scenarios(
    game: str,
    extensions: Sequence[str] = (),
    expected_changes: Iterable[str] | Mapping[str, str] = (),
    *,
    registry: Registry | None = None,
) -> dict[str, ScenarioResult]:
    """Run ``game``'s own scenario suite (``Game.scenarios``) with ``extensions`` added.

    ``expected_changes`` names the scenarios (file names without ``.toml``) the house rule
    is meant to change; a mapping may say why, for the reader.  Those must pass without
    the extensions and fail with them; every other scenario must pass with them.  A name
    that is no scenario of the game is an error.  Returns each scenario's result under
    the extensions, by name.
    """
    expected = set(expected_changes)
    with _referee(registry) as app:
        try:
            results = {_scenario_name(r): r for r in app.plugins.run_scenarios([], game=game, extensions=list(extensions) or None)}
        except Exception as exc:
            raise CheckFailed(f"{game}'s scenario suite cannot be run: {exc}") from exc
        unknown = sorted(expected - set(results))
        if unknown:
            raise CheckFailed(f"{game} has no scenario {', '.join(map(repr, unknown))}; its scenarios: {', '.join(sorted(results))}")
        problems = []
        if expected:
            baseline = {_scenario_name(r): r for r in app.plugins.run_scenarios([], game=game)}
            problems += [
                f"{name} is expected to change, but fails even without {', '.join(extensions) or 'extensions'}:\n{baseline[name].summary()}"
                for name in sorted(expected)
                if not baseline[name].ok
            ]
        with_what = ", ".join(extensions) or "no extensions"
        for name, result in sorted(results.items()):
            if name in expected and result.ok:
                problems.append(f"{name} is expected to change under {with_what}, but it still passes")
            elif name not in expected and not result.ok:
                problems.append(f"{name} fails under {with_what}:\n{result.summary()}")
        if problems:
            raise CheckFailed(f"{game}'s scenario suite: " + "\n".join(problems))
        return results


def _scenario_name(result: ScenarioResult) -> str:
    return Path(result.scenario.source).stem if result.scenario.source else result.scenario.title

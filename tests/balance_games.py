"""Balance facts (``Referee.facts``) of bot games and of a game's scenario files, for the
games' tests of ``referee_balance_facts``."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from importlib import resources
from typing import Any

from referee import MEMORY, Held, IllegalAction, Referee, Registry, TableStore, Used
from referee.scenario import load_scenario
from referee.testing import fixed_key

Fact = Held | Used


def bot_games(
    game: str,
    seats: Sequence[str],
    games: int,
    *,
    extensions: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
    seed: str = "facts",
) -> Iterator[list[Fact]]:
    """The facts of ``games`` games of heuristic bots, each played to its end with a fixed
    seed and table key."""
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        for n in range(games):
            name = f"{seed}-{game}-{len(seats)}-{n}"
            table = app.open(
                game, list(seats), options={"bots": "heuristic", **(options or {})}, extensions=extensions, seed=name, key=fixed_key(name)
            )
            app.bots.play(table, list(seats))
            assert app.over(table), f"{name} did not end"
            yield app.facts(table)


def scenario_facts(package: str, name: str, *, extensions: Sequence[str] | None = None) -> list[Fact]:
    """The facts of the table a game's scenario file ``name`` (in ``package``'s
    ``scenarios``) plays, its steps taken as written (a refusal it expects is skipped)."""
    scenario = load_scenario(str(resources.files(package) / "scenarios" / name))
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        table = app.open(
            scenario.game,
            scenario.seats,
            options=scenario.options,
            extensions=extensions if extensions is not None else scenario.extensions,
            script=scenario.random if scenario.random is not None else [],
            deal=scenario.deal,
        )
        for step in scenario.step:
            try:
                app.act(table, step.seat, step.action, step.args, request=step.request)
            except IllegalAction:
                assert step.expect_error is not None, f"{name}: {step.seat} {step.action} refused"
        return app.facts(table)


def used(facts: Sequence[Fact], kind: str | None = None) -> list[Used]:
    return [f for f in facts if isinstance(f, Used) and (kind is None or f.kind == kind)]


def held(facts: Sequence[Fact], kind: str | None = None) -> list[Held]:
    return [f for f in facts if isinstance(f, Held) and (kind is None or f.kind == kind)]

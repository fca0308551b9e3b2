"""A game pinned to an earlier edition of its data (``Game.edition``), for tests.

``Referee.open(..., edition=N)`` opens one table under an earlier edition; a registry
whose game is the installed one with its edition set back stands for the whole release that
recorded such a log (every table it opens, with nothing said), so a test can check that the
installed rules still verify what that release wrote."""

from __future__ import annotations

from dataclasses import replace

from referee import Game, Registry, hookimpl


class _AtEdition:
    """Offers the installed ``game`` with its edition set back; its hooks stay the game's own."""

    def __init__(self, game: Game, edition: int) -> None:
        self.game = replace(game, edition=edition)

    @hookimpl
    def referee_games(self) -> list[Game]:
        return [self.game]


def at_edition(registry: Registry, game: str, edition: int) -> Registry:
    """``registry``'s ``game`` and every extension of it installed, new tables opening under ``edition``."""
    installed = registry.game(game)
    if not 1 <= edition <= installed.edition:
        raise ValueError(f"{installed.title} has editions 1 to {installed.edition}, not {edition}")
    extensions = {id(ext.plugin): ext.plugin for ext in registry.extensions_of(game)}
    return Registry([_AtEdition(installed, edition), *extensions.values()], entry_points=False)

"""What the rules, the card plugins and the views share: rule references and small reads of the state."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from referee import Decision, Extension, TableState, hookimpl

from .state import Backhanding, Contest

GAME = "backhanding"

# Rule references: the paragraphs of the rulebook's rendering (RULES.md maps each to code).
R_CARDS = "1"
R_ROUNDS = "2"
R_SETUP = "3"
R_SETUP_LIMIT = "3.1"
R_MACK_PLACE = "4.1"
R_MACK_MODS = "4.2"
R_MACK_CONTEST = "4.3"
R_MACK_UNCONTESTED = "4.4"
R_MACK_LEFT = "4.5"
R_BH_PLACE = "5.1"
R_BH_MODS = "5.2"
R_BH_CONTEST = "5.3"
R_BH_OUTCOME = "5.4"
R_MONEY_DRAW = "6.1"
R_COUNT = "6.2"
R_WIN = "6.3"

STEPS = {"macking plays": "macking", "backhanding plays": "backhanding", "money counting": "count"}
"""The step of sealed plays (``backhanding_trick_targets``) of each phase they are asked in."""


def game_of(state: TableState | Decision) -> Backhanding:
    game: Backhanding = state.game
    return game


def total(results: Iterable[int | None]) -> int:
    return sum(r for r in results if r)


def card_rule(effect: str) -> str:
    """The rule a card plugin's events cite: the card's text in DATA.md."""
    return f"{GAME} card {effect}"


def card_hooks(
    name: str, title: str, kind: str, summary: str, **declared: Any
) -> tuple[Callable[[], list[Extension]], Callable[[], list[str]]]:
    """The two hooks every card plugin implements alike: ``referee_extensions`` (the card's
    extension, on by default: the card is in the decks; ``declared``: its ``events`` and
    ``evolve``, where it has events of its own) and ``backhanding_effects`` (its effect)."""

    @hookimpl
    def referee_extensions() -> list[Extension]:
        return [Extension(name=name, game=GAME, title=title, kind=kind, default=True, summary=summary, **declared)]

    @hookimpl
    def backhanding_effects() -> list[str]:
        return [name]

    return referee_extensions, backhanding_effects


def opponents(game: Backhanding, seat: str) -> list[str]:
    return [s for s in game.order or game.seats if s != seat]


def contests_of(game: Backhanding, seat: str) -> list[Contest]:
    """The contests ``seat`` takes part in this phase (placed a pimp, or defends her)."""
    return [c for c in game.contests.values() if seat in c.pimps or c.owner == seat]


def opposed_contests(game: Backhanding, seat: str) -> list[Contest]:
    """The contests in which some opponent of ``seat`` rolls."""
    return [c for c in game.contests.values() if any(s != seat for s in c.sides(game))]


def placed_opposing_pimps(game: Backhanding, seat: str) -> list[str]:
    """Pimps opponents placed this phase (contenders, attackers): never a protector."""
    return [pimp for c in game.contests.values() for s, pimp in c.pimps.items() if s != seat]


def idle_opposing_pimps(game: Backhanding, seat: str) -> list[str]:
    """Opponents' pimps in their clans that are not placed this phase."""
    return [p for s in opponents(game, seat) for p in game.clans[s] if p not in game.placed(s)]

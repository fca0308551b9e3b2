"""Pimp: The Backhanding's own hooks: what its pimp abilities, Dirty Tricks and house rules may change.

Every card whose effect is more than a number is a plugin of its own: the pimp abilities
in ``referee_backhanding.abilities`` (each an ``Ability`` implementing some of these), the
Dirty Tricks in ``referee_backhanding.tricks`` (each a ``DirtyTrick``: targets and effect
in its declaration).  A card names its effect in the card set (``effect = "snitch"``); a
table deals only cards whose effect a plugin of the table declares (or names through
:func:`backhanding_effects`).  So a third party adds a card with a plugin (its declaration,
and card entries through ``DirtyTrick(copies=)`` or :func:`backhanding_more_cards`) and
nothing else.

``contest`` arguments are a ``referee_backhanding.state.Contest``: the ho fought over
(``contest.ho``), the phase (``contest.phase``: ``"macking"`` or ``"backhanding"``), the
pimps in it by seat (``contest.pimps``; in backhanding the defender's entry is her
protector) and the Dirty Tricks played on it (``contest.effects``, ``(seat, effect)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee import hookspec

if TYPE_CHECKING:
    from referee import Decision, TableState

    from .state import Contest


@hookspec
def backhanding_effects() -> list[str] | None:
    """The card effects (ability or Dirty Trick names) this plugin implements.

    Called when a table is laid out.  A card whose ``effect`` no plugin of the table names
    (nor declares as an ``Ability`` or ``DirtyTrick``) is left out of the decks, so a table
    without a card's plugin never deals the card.  Results are collected.
    """


@hookspec
def backhanding_more_cards() -> list[dict[str, Any]] | None:
    """Card entries this plugin adds to the card set, in the card file's format
    (``{"kind": "trick", "name": ..., "effect": ..., "copies": ...}``, see DATA.md).

    Called when a table is laid out; every entry is validated as the shipped file is.
    Results are collected, in plugin order.
    """


@hookspec
def backhanding_bonus(state: TableState, contest: Contest, seat: str, pimp: str) -> int | None:
    """Points ``pimp``'s ability adds to ``seat``'s total in ``contest`` (Sweet Talker,
    Enforcer, Hitman).  Called once per contender per roll; results are summed."""


@hookspec
def backhanding_dice(state: TableState, contest: Contest, seat: str) -> int | None:
    """Extra dice for ``seat`` in ``contest``: each +1 rolls one more die and keeps the highest
    (Loaded Dice), each -1 one more die and keeps the lowest (Crooked Cop).  Results are
    summed; a net 0 is one die."""


@hookspec
def backhanding_wins_ties(state: TableState, contest: Contest, seat: str, pimp: str) -> bool | None:
    """True if ``seat``'s ``pimp`` wins a macking tie without a re-roll (Smooth Operator).

    Asked of every contender tied for the highest total; when exactly one answers True he
    takes the ho, otherwise the tied contenders re-roll.  Results are collected.
    """


@hookspec
def backhanding_trick_targets(state: TableState, seat: str, card: str, step: str) -> list[str] | None:
    """The targets ``seat`` may play the Dirty Trick ``card`` on now, at ``step``
    (``"macking"``, ``"backhanding"`` or ``"count"``): ho ids (a contest), seat names, or
    pimp ids.  Answer only for a card whose effect is yours (``state.game.cards[card].effect``);
    an empty list means the card cannot be played now.  Results are collected, with the
    ``targets`` of the card's ``DirtyTrick`` (in one of its ``steps``).
    """


@hookspec(firstresult=True)
def backhanding_trick_played(decision: Decision, seat: str, card: str, target: str) -> bool | None:
    """Carry out the Dirty Trick ``card`` that ``seat`` revealed on ``target``.

    Called once every sealed play of the step is revealed, in the step's seat order,
    before any die is rolled.  The target was legal when the card was chosen; if an
    earlier trick made it moot, emit nothing and return True (the card is discarded either
    way).  Return True when handled; the first non-None result wins.  Not asked for a card
    whose ``DirtyTrick`` declares its ``effect``.
    """


@hookspec
def backhanding_ho_recruited(decision: Decision, seat: str, pimp: str, ho: str) -> None:
    """``seat``'s ``pimp`` has just recruited ``ho`` (contested or not): react (The Fixer)."""


@hookspec(firstresult=True)
def backhanding_protector_lost(state: TableState, seat: str, pimp: str) -> str | None:
    """Where the protector ``pimp`` of an eliminated ho goes: ``"temporary"`` (the temporary
    discard pile, the rule) or ``"clan"`` (back to his clan: Slippery).  First non-None wins."""


@hookspec
def backhanding_ho_value(state: TableState, seat: str, ho: str) -> int | None:
    """Money ``ho``, held by ``seat``, is worth at the final count on top of her value and the
    value modifiers played on her (Sugar Daddy).  Results are summed."""

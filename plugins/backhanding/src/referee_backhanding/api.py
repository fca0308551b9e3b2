"""What a card plugin may use of The Backhanding: the public surface for abilities and Dirty Tricks.

A card is a plugin (``abilities/``, ``tricks/``; the hooks it may implement are in
``hookspecs``).  A card of another distribution uses these names only:

* declare itself: ``Ability`` (a pimp ability) or ``DirtyTrick`` (a Dirty Trick: its
  title and text, ``steps``, ``targets``, ``effect``, ``copies``), offered by its
  ``referee_extensions``; ``card_rule`` (the rule its events cite);
* read the table: ``game_of`` (the ``Backhanding`` state: ``clans``, ``hands``, ``hos``
  (seat -> ho -> her protector), ``cards`` (id -> ``Card``), ``order``, ``temporary``);
  the contests of this phase: ``contests`` (every ``Contest``), ``contest`` (the one for a
  ho), ``contests_of`` (those a seat rolls in), ``opposed_contests`` (those an opponent
  rolls in), ``sides`` (seat -> pimp of everyone rolling in one: in backhanding her
  protector defends); pimps: ``placed_opposing_pimps``, ``idle_opposing_pimps``;
  ``opponents``; ``PIMP_LIMIT``;
* lay itself on a contest, for the dice to read: an event based on ``ContestWorked``
  (``seat``, ``ho``), folded by ``works_contest(event_type, name)``; then ``worked``
  (who played it there) in ``backhanding_dice`` or ``backhanding_bonus``;
* say it: ``card_name`` (a card's printed name, from its id) for its events' words.

A ``Contest`` is read, never changed but through the card's own events: ``ho`` (the ho
fought over), ``phase`` (``"macking"`` or ``"backhanding"``), ``pimps`` (seat -> the pimp
placed: the contenders, or the attacker), ``owner`` (in backhanding, the seat holding
her) and ``effects`` (``(seat, trick)`` of the Dirty Tricks played on it).
"""

from __future__ import annotations

from referee import Decision, TableState

from .cards import PIMP_LIMIT, Card, card_name
from .common import card_rule, contests_of, game_of, idle_opposing_pimps, opponents, opposed_contests, placed_opposing_pimps
from .declarations import STEPS, Ability, DirtyTrick, Effect, Targets
from .state import Backhanding, Contest
from .tricks import ContestWorked, works_contest


def contests(state: TableState | Decision) -> list[Contest]:
    """Every contest of this phase, in the order its first pimp was placed."""
    return list(game_of(state).contests.values())


def contest(state: TableState | Decision, ho: str) -> Contest | None:
    """The contest for ``ho`` this phase, if she is fought over."""
    return game_of(state).contests.get(ho)


def sides(state: TableState | Decision, fought: Contest) -> dict[str, str]:
    """Seat -> pimp of everyone rolling in ``fought``: the contenders in macking; the
    attacker and her protector (for the seat holding her) in backhanding."""
    return fought.sides(game_of(state))


def worked(fought: Contest, trick: str) -> list[str]:
    """The seats that played the Dirty Trick ``trick`` on ``fought`` (once for each card)."""
    return [seat for seat, effect in fought.effects if effect == trick]


__all__ = [
    "PIMP_LIMIT",
    "STEPS",
    "Ability",
    "Backhanding",
    "Card",
    "Contest",
    "ContestWorked",
    "DirtyTrick",
    "Effect",
    "Targets",
    "card_name",
    "card_rule",
    "contest",
    "contests",
    "contests_of",
    "game_of",
    "idle_opposing_pimps",
    "opponents",
    "opposed_contests",
    "placed_opposing_pimps",
    "sides",
    "worked",
    "works_contest",
]

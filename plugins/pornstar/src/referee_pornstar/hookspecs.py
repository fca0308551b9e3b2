"""PornStar's own hooks: what its Play cards (and house rules) may change.

Each Play card is a plugin (``referee_pornstar.cards``) declaring itself with a
``referee_pornstar.PlayCard`` (its rules, refusals and effect) and implementing some of
these for what it changes later.  A
card that contradicts a basic rule wins, as the rulebook says ("If a Play card ever
contradicts the basic rules, go with what the Play card says"): the game asks these
hooks at every point where a card could change a rule and takes their answer over its
own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee import hookspec

if TYPE_CHECKING:
    from referee import Decision, TableState

    from .data import Tables
    from .play import PlayRules


@hookspec(firstresult=True)
def pornstar_tables(tables: Tables) -> Tables | None:
    """The card list and roll tables this table plays with.

    Called whenever the game needs them, with the project's defaults (``data/*.toml``).
    Return a replacement ``Tables`` (validated when built) or None; the first non-None
    result wins.  It must give the same answer at every call of a table.
    """


@hookspec(firstresult=True)
def pornstar_play_rules(kind: str) -> PlayRules | None:
    """How a Play card of ``kind`` is played: what it targets, how long it lasts, and
    whether it may also be played in reply to another studio's Film put up (``reply``).

    Called when a studio may play a card of ``kind`` and when it does.  The plugin of
    that card returns its ``PlayRules``; others return None (first non-None wins).  A card
    whose kind no plugin of the table answers for cannot be played.  A card declared with
    ``PlayCard`` needs none: the game reads its ``rules``.
    """


@hookspec(firstresult=True)
def pornstar_play_refused(state: TableState, seat: str, card: str, kind: str, target: str) -> str | None:
    """Why ``seat`` may not play ``card`` (of ``kind``) on ``target`` now, or None if it may.

    ``target`` is a Star's or Film's card id, a studio's seat, or "" for a card without a
    target.  Called for every candidate target when the choice is offered, and again when
    the card is played.  The card's own plugin answers; the first non-None result wins.
    Asked after the ``refused`` of the card's ``PlayCard``, where it declares one.
    """


@hookspec
def pornstar_play_card(decision: Decision, seat: str, card: str, kind: str, target: str) -> None:
    """``seat`` has just played ``card`` on ``target`` (``PlayCardPlayed`` is already folded).

    The card's plugin emits its effects here (money paid, a Star sent to auction, a Film
    Wanked, cards drawn through ``referee_pornstar.api.draw``); others do nothing.  Called
    after the ``effect`` of the card's ``PlayCard``, where it declares one.
    """


@hookspec
def pornstar_production_bonus(state: TableState, seat: str, film: str, stars: list[str]) -> int | None:
    """What Play cards add to ``seat``'s Production roll of ``film`` made with ``stars``.

    Called once per Film produced, before the dice.  Results are summed (None counts 0).
    """


@hookspec
def pornstar_residual_bonus(state: TableState, seat: str, film: str) -> int | None:
    """What Play cards add to the Residual roll of ``film`` (owned by ``seat``); summed."""


@hookspec(firstresult=True)
def pornstar_maintenance(state: TableState, seat: str, star: str, cost: int) -> int | None:
    """What keeping ``star`` costs ``seat`` at the end of this turn (the card says ``cost``).

    Return another amount (0: free) or None; the first non-None result wins.
    """


@hookspec(firstresult=True)
def pornstar_star_uses(state: TableState, seat: str, star: str) -> int | None:
    """How many Films ``star`` may appear in on ``seat``'s turn (the rulebook: 1).

    The first non-None result wins.
    """


@hookspec
def pornstar_specialties(state: TableState, star: str) -> list[str] | None:
    """Specialties ``star`` has besides the one printed on its card; results are collected."""

"""Cash'n'Guns's own hooks: what its special powers (and house rules) may change.

Each of the ten powers is a plugin implementing some of these.  A power checks that the
gangster concerned holds it (``referee_cashnguns.powers.holds(state, gangster, NAME)``)
and, where its card says it is revealed, turns it face up with
``referee_cashnguns.powers.reveal(decision, gangster, NAME)``.

The kinds of extension the game understands (``Extension.kind``):

* ``"power"``: a special power card.  Every power at a table is shuffled and dealt, one
  to each gangster, face down (``PowerDealt``); with fewer powers than gangsters some get
  none.  Declare it with ``referee_cashnguns.Power``: its ``title`` names the card in
  requests and refusals, its ``rule`` is the reference its events cite.
* anything else (``"house rule"``, ``"variant"``, ...): never dealt; its hooks simply run
  at the tables that name it.

Hooks whose results are *collected* run every implementation and gather the answers;
*first non-None wins* hooks take the first answer, and an extension's implementation is
asked before the game's.  A power that opens a request of its own (``decision.request``)
answers it in its own ``referee_decide``, returning True for its action and None for
every other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee import hookspec

if TYPE_CHECKING:
    from referee import Decision, TableState

    from .components import Components


@hookspec(firstresult=True)
def cashnguns_components(components: Components) -> Components | None:
    """The components this table plays with (rounds, bullets, loot, wound limit, shame).

    Called when the table is laid out, with the published components.  Return a
    replacement (``msgspec.structs.replace``) or None; the first non-None result wins.
    """


@hookspec
def cashnguns_reveal_options(state: TableState, gangster: str) -> list[tuple[str, str, bool]] | None:
    """Powers ``gangster`` may reveal now, as the round's bullet cards are chosen.

    Called for every gangster as the bullet requests open ("revealed at the start of some
    round", "before targets are chosen").  Return ``[(power, label, bullet_now)]`` for
    the powers of this plugin that the gangster holds, unrevealed; ``bullet_now`` False
    means revealing replaces this round's bullet choice (The Cunning chooses later).
    Results are collected.
    """


@hookspec
def cashnguns_nerve_reveal_options(state: TableState, gangster: str) -> list[tuple[str, str]] | None:
    """Powers ``gangster`` may reveal with the nerve decision, once the targets are known
    (The Insane: "revealed ... before the withdraw decision").

    Called for every gangster asked to stay in or back down; everyone is asked that anyway,
    so offering a reveal changes only the holder's own request.  Return ``[(power, label)]``
    for the powers of this plugin the gangster holds, unrevealed.  Results are collected.
    """


@hookspec
def cashnguns_power_revealed(decision: Decision, gangster: str, power: str) -> None:
    """``gangster`` has just revealed ``power`` (at any moment).  Emit its effects."""


@hookspec
def cashnguns_aims_late(state: TableState, gangster: str) -> bool | None:
    """True if ``gangster`` chooses targets after seeing everyone else's (The Kid).

    Results are collected; any True counts.
    """


@hookspec
def cashnguns_chooses_bullet_late(state: TableState, gangster: str) -> bool | None:
    """True if ``gangster`` chooses bullet cards after all targets are known (The Cunning).

    Results are collected; any True counts.
    """


@hookspec(firstresult=True)
def cashnguns_wound_limit(state: TableState, gangster: str) -> int | None:
    """The wounds that kill ``gangster`` (The Unbreakable: 4).  First non-None result wins."""


@hookspec(firstresult=True)
def cashnguns_wounds_from_hits(decision: Decision, gangster: str, hits: int) -> int | None:
    """How many wounds ``hits`` hits this round give ``gangster`` (Dragon Skin: at most 1).

    Called once per hit gangster per round, before the wound is taken; a power that
    changes the number reveals itself here.  The first non-None result wins.
    """


@hookspec
def cashnguns_wounded(decision: Decision, gangster: str) -> None:
    """``gangster`` has just been wounded (The Insane's grenade, The Unbreakable's reveal).

    Set ``decision.game.round.ended_early`` to end the round before the split.
    """


@hookspec
def cashnguns_bullet_fired(decision: Decision, gangster: str, gun: str, card: str) -> None:
    """A bullet card has just been revealed and fired from ``gun``, before its wounds are taken.

    No power of the game uses it (The Specialist asks in the reload step, after the
    shooting); a house rule may react to a shot here.
    """


@hookspec
def cashnguns_pending_reloads(state: TableState) -> bool | None:
    """True if some power might still let a gangster take back a spent card (public knowledge only).

    Any True opens the reload step for every gangster whose Bang! Bang! Bang! was fired this
    round, holder or not, so that being asked reveals nothing.
    """


@hookspec
def cashnguns_reload_options(state: TableState, gangster: str, gun: str) -> list[tuple[str, str, str]] | None:
    """Cards ``gangster`` may discard to take back the Bang! Bang! Bang! ``gun`` fired this
    round (The Specialist).  Return ``[(power, card, label)]``; results are collected.
    """


@hookspec
def cashnguns_claim_options(state: TableState, gangster: str) -> list[tuple[str, str]] | None:
    """Ways a gangster who is not standing may still join the split (It Doesn't Even Hurt!).

    Asked of every fallen gangster alike, so that being asked reveals nothing.  Return
    ``[(power, label)]`` for the gangster's own unrevealed power; results are collected.
    """


@hookspec
def cashnguns_pending_claims(state: TableState) -> bool | None:
    """True if some power might still let a fallen gangster join a split this game.

    Answer from public knowledge only (e.g. "my power is at this table and not yet
    used"), never from who holds it.  Any True opens the claim step for all fallen.
    """


@hookspec
def cashnguns_gun_offers(state: TableState, gangster: str, dead: str) -> list[tuple[str, str]] | None:
    """Ways ``gangster`` may take the dead gangster's gun (You Don't Need It Anymore...).

    Asked of every living gangster alike when someone dies; results are collected.
    """


@hookspec
def cashnguns_pending_gun_offers(state: TableState) -> bool | None:
    """True if some power might let a living gangster take a dead one's gun (public knowledge only)."""


@hookspec
def cashnguns_power_chosen(decision: Decision, gangster: str, power: str, step: str, args: dict[str, object]) -> None:
    """``gangster`` chose to use ``power`` at ``step`` ("reload", "claim", "take-gun").  Emit its effects.

    ``args``: at "reload" ``gun`` and ``discard`` (the card given up), at "take-gun" ``dead``.
    """


@hookspec
def cashnguns_game_ending(decision: Decision) -> None:
    """The last round is over; money is about to be counted (Six Feet Under, Super Coward)."""


@hookspec
def cashnguns_bonus(decision: Decision, gangster: str) -> int | None:
    """Money a power adds to (or takes from) ``gangster``'s count at the end; results are summed."""

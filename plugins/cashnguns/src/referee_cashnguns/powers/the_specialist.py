"""9. The Specialist: may use the Bang! Bang! Bang! card twice.

Revealed when the card is used: the holder discards another bullet card of that gun and
takes Bang! Bang! Bang! back into hand.  The card is used when it is played, fired or
discarded unfired (bullet cards are "single use": either way it is spent).  The card says
"may": after the shooting, every gangster who may have spent a Bang! Bang! Bang! (fired
it, or discarded a card face down) is asked which card to give up (the holder whose spent
card was Bang! Bang! Bang! is offered the kinds his gun still holds, the others nothing),
and leaving it out keeps the cards.  Once a game.
"""

from __future__ import annotations

from referee import Decision, Event, Extension, TableState, Words, hookimpl

from ..components import CARD_NAMES
from ..showdown import spent
from . import at_table, extension, game_of, holds, mark_used, rule, used

NAME = "the-specialist"


class BangBangBangReloaded(Event, tag="cashnguns.the-specialist.BangBangBangReloaded"):
    gangster: str
    gun: str
    discarded: str

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return (
            f"{w.says(self.gangster, 'discards', CARD_NAMES[self.discarded])} and {w.verb(self.gangster, 'takes')} Bang! Bang! Bang! back"
        )


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        extension(
            NAME,
            "May use the Bang! Bang! Bang! card twice: once it is played (fired, or discarded unfired), discard another bullet card and take Bang! Bang! Bang! back into your hand. Revealed when you do.",
            events=[BangBangBangReloaded],
            evolve=evolve,
        )
    ]


def evolve(state: TableState, event: Event) -> None:
    if isinstance(event, BangBangBangReloaded):
        mark_used(state, NAME)
        bullets = game_of(state).guns[event.gun].bullets
        bullets.remove(event.discarded)
        bullets.append("bbb")


@hookimpl
def cashnguns_pending_reloads(state: TableState) -> bool | None:
    return True if at_table(state, NAME) and not used(state, NAME) else None


@hookimpl
def cashnguns_reload_options(state: TableState, gangster: str, gun: str) -> list[tuple[str, str, str]] | None:
    game = game_of(state)
    if not holds(state, gangster, NAME) or used(state, NAME) or spent(state).get(gun) != "bbb" or game.guns[gun].owner != gangster:
        return None
    # Giving up a second Bang! Bang! Bang! (a taken gun's) to take one back changes nothing.
    kinds = [c for c in dict.fromkeys(sorted(game.guns[gun].bullets)) if c != "bbb"]
    return [(NAME, c, f"Discard {CARD_NAMES[c]} and take Bang! Bang! Bang! back (reveals The Specialist)") for c in kinds]


@hookimpl
def cashnguns_power_chosen(decision: Decision, gangster: str, power: str, step: str, args: dict[str, object]) -> None:
    if power == NAME and step == "reload" and not used(decision, NAME):
        card = str(args["discard"])
        gun = str(args["gun"])
        decision.emit(BangBangBangReloaded(gangster=gangster, gun=gun, discarded=card), rule=rule(decision, NAME), visible_to=[gangster])

"""Frame-Up: an opposing pimp in his clan (not placed this phase, not protecting) goes to the
temporary discard pile.

Rulings: a pimp placed this phase, or protecting a ho, cannot be framed; one spent in
macking but idle in backhanding can; if he has been placed or moved by the time the trick
is carried out, it does nothing.
"""

from __future__ import annotations

from referee import Decision, Event, TableState, Words, hookimpl

from ..cards import card_name
from ..common import card_hooks, card_rule, game_of, idle_opposing_pimps
from . import is_mine

NAME = "frame-up"


class PimpFramed(Event, tag="backhanding.PimpFramed"):
    """``seat``'s ``pimp`` went from the clan to the temporary discard pile (Frame-Up by ``by``)."""

    seat: str
    pimp: str
    by: str

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return w.says(self.by, "framed", f"{w.possessive(self.seat)} {card_name(self.pimp)}: he goes to the temporary discard pile")


def evolve(state: TableState, event: Event) -> None:
    if isinstance(event, PimpFramed):
        game = game_of(state)
        game.clans[event.seat].remove(event.pimp)
        game.temporary.append(event.pimp)
        game.temporary_owner[event.pimp] = event.seat


referee_extensions, backhanding_effects = card_hooks(
    NAME,
    "Frame-Up",
    "dirty trick",
    "An idle opposing pimp goes to the temporary discard pile.",
    events=[PimpFramed],
    evolve=evolve,
)


@hookimpl
def backhanding_trick_targets(state: TableState, seat: str, card: str, step: str) -> list[str] | None:
    if not is_mine(state, card, NAME):
        return None
    return idle_opposing_pimps(game_of(state), seat) if step in ("macking", "backhanding") else []


@hookimpl
def backhanding_trick_played(decision: Decision, seat: str, card: str, target: str) -> bool | None:
    if not is_mine(decision.state, card, NAME):
        return None
    game = game_of(decision)
    if target in idle_opposing_pimps(game, seat):
        decision.emit(PimpFramed(seat=game.owner_of_pimp(target), pimp=target, by=seat), rule=card_rule(NAME))
    return True

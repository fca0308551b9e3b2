"""Frame-Up: an opposing pimp in his clan (not placed this phase, not protecting) goes to the
temporary discard pile.

Rulings: a pimp placed this phase, or protecting a ho, cannot be framed; one spent in
macking but idle in backhanding can; if he has been placed or moved by the time the trick
is carried out, it does nothing.
"""

from __future__ import annotations

from referee import Decision, Event, Extension, TableState, Words, hookimpl

from ..cards import card_name
from ..common import game_of, idle_opposing_pimps
from ..declarations import DirtyTrick

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


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        DirtyTrick(
            name=NAME,
            title="Frame-Up",
            default=True,
            summary="An idle opposing pimp goes to the temporary discard pile.",
            steps=("macking", "backhanding"),
            targets=targets,
            effect=effect,
            events=[PimpFramed],
            evolve=evolve,
        )
    ]


def targets(state: TableState, seat: str, step: str) -> list[str]:
    return idle_opposing_pimps(game_of(state), seat)


def effect(decision: Decision, seat: str, target: str) -> list[Event]:
    game = game_of(decision)
    if target in idle_opposing_pimps(game, seat):
        return [PimpFramed(seat=game.owner_of_pimp(target), pimp=target, by=seat)]
    return []

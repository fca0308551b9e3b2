"""Bail Out, the special card of the rulebook: bring up to two of your pimps back from the
temporary discard pile into your clan ("from which they return only through a special card").

Rulings: it brings back pimps only (bonus cards on the temporary pile stay there), never
past the clan's limit of 7, the strongest first (macking + backhanding, then the order they
went there); it may be played only while one of your pimps is on the pile and your clan
has room.
"""

from __future__ import annotations

from referee import Decision, Event, Extension, TableState, Words, hookimpl

from ..cards import PIMP_LIMIT
from ..common import game_of
from ..declarations import DirtyTrick
from ..events import names

NAME = "bail-out"
MOST = 2


class PimpsBailedOut(Event, tag="backhanding.PimpsBailedOut"):
    """Pimps of ``seat`` brought back from the temporary discard pile into the clan."""

    seat: str
    pimps: tuple[str, ...]

    def describe(self, words: Words | None = None) -> str:
        return (words or Words()).says(self.seat, "bailed out", f"{names(self.pimps)} from the temporary discard pile")


def evolve(state: TableState, event: Event) -> None:
    if isinstance(event, PimpsBailedOut):
        game = game_of(state)
        for pimp in event.pimps:
            game.temporary.remove(pimp)
            game.temporary_owner.pop(pimp, None)
            game.clans[event.seat].append(pimp)


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        DirtyTrick(
            name=NAME,
            title="Bail Out",
            default=True,
            summary="Bring up to two of your pimps back from the temporary discard pile.",
            steps=("macking", "backhanding"),
            targets=targets,
            effect=effect,
            events=[PimpsBailedOut],
            evolve=evolve,
        )
    ]


def _waiting(state: TableState, seat: str) -> list[str]:
    game = game_of(state)
    return [p for p in game.temporary if game.temporary_owner.get(p) == seat]


def targets(state: TableState, seat: str, step: str) -> list[str]:
    game = game_of(state)
    if not _waiting(state, seat) or len(game.clans[seat]) >= PIMP_LIMIT:
        return []
    return [seat]


def effect(decision: Decision, seat: str, target: str) -> list[Event]:
    game = game_of(decision)
    waiting = _waiting(decision.state, seat)
    strongest = sorted(waiting, key=lambda p: (-(game.cards[p].macking + game.cards[p].backhanding), waiting.index(p)))
    room = max(0, PIMP_LIMIT - len(game.clans[seat]))
    back = tuple(strongest[: min(MOST, room)])
    return [PimpsBailedOut(seat=seat, pimps=back)] if back else []

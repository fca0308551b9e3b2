"""Snitch: an opposing pimp placed this phase is withdrawn before the dice; his modifiers are discarded.

Rulings: the target is a pimp an opponent placed this phase (a macking contender or a
backhanding attacker), never a protector; a withdrawn macking pimp stays spent for the
round (he was used in macking); if he was the last pimp at the ho, there is no contest
there: a ho left with one contender goes to that contender uncontested, a ho left with
no attacker is not attacked.
"""

from __future__ import annotations

from referee import Decision, Event, Extension, TableState, Words, hookimpl

from ..cards import card_name
from ..common import game_of, placed_opposing_pimps
from ..declarations import DirtyTrick
from ..events import cap, names
from ..state import play_cards

NAME = "snitch"


class PimpWithdrawn(Event, tag="backhanding.PimpWithdrawn"):
    """``seat``'s ``pimp`` left the contest for ``ho`` before the dice (Snitch by ``by``); his modifiers are discarded."""

    seat: str
    pimp: str
    ho: str
    by: str
    cards: tuple[str, ...]

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        cards = f", and {names(self.cards)} to the discard pile" if self.cards else ""
        leaves = f"{w.possessive(self.seat)} {card_name(self.pimp)} leaves the fight for {card_name(self.ho)}{cards}"
        return f"{cap(w.possessive(self.by))} Snitch: {leaves}"


def evolve(state: TableState, event: Event) -> None:
    if isinstance(event, PimpWithdrawn):
        game = game_of(state)
        contest = game.contests[event.ho]
        del contest.pimps[event.seat]
        play_cards(game, event.seat, event.cards, game.discard)
        if not contest.pimps:
            del game.contests[event.ho]


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        DirtyTrick(
            name=NAME,
            title="Snitch",
            default=True,
            summary="An opposing pimp placed this phase is withdrawn before the dice.",
            steps=("macking", "backhanding"),
            targets=targets,
            effect=effect,
            events=[PimpWithdrawn],
            evolve=evolve,
        )
    ]


def targets(state: TableState, seat: str, step: str) -> list[str]:
    return placed_opposing_pimps(game_of(state), seat)


def effect(decision: Decision, seat: str, target: str) -> list[Event]:
    game = game_of(decision)
    for contest in list(game.contests.values()):
        for owner, pimp in contest.pimps.items():
            if pimp == target and owner != seat:
                cards = tuple(c for s, c, t in game.played if s == owner and t == contest.ho and game.cards[c].kind != "trick")
                return [PimpWithdrawn(seat=owner, pimp=pimp, ho=contest.ho, by=seat, cards=cards)]
    return []

"""Tally, a game of one mark each that declares no presentation, for the page's own layout
of a view: the view holds what a generic layout once printed badly (nothing, empty lists
and records, empty text, a slug as a value, keys in snake case), so the tests can see it
drawn without placeholders, slugs or raw keys."""

from __future__ import annotations

from typing import Any

import msgspec

from referee import Action, Decision, Event, Game, Option, Phase, Pick, Registry, Rounds, TableState, hookimpl
from referee.results import rank

MARKS = (Option("big-cross", "a big cross"), Option("small-tick", "a small tick"))


class Marked(Event, tag="tally.Marked"):
    """``seat`` made its mark (1)."""

    seat: str
    mark: str

    def describe(self) -> str:
        return f"{self.seat} made {dict((o.value, o.label) for o in MARKS)[self.mark]}"


class Tally(msgspec.Struct):
    marks: dict[str, str] = {}


def _evolve(state: TableState, event: Event) -> None:
    if isinstance(event, Marked):
        state.game.marks[event.seat] = event.mark


def _ask(decision: Decision) -> None:
    for seat in decision.seats:
        if seat not in decision.game.marks:
            decision.request(seat, "mark", "Make your mark", answer={"mark": Pick(MARKS)}, rule="tally 1")


def _end(decision: Decision) -> None:
    marks = decision.game.marks
    if len(marks) == len(decision.seats):
        standings = rank((s, 1 if marks[s] == "big-cross" else 0, True, "") for s in decision.seats)
        decision.end_game([s for s in decision.seats if marks[s] == "big-cross"], "every seat made its mark", standings, rule="2")


class TallyGame:
    @hookimpl
    def referee_games(self) -> list[Game]:
        return [
            Game(
                name="tally",
                title="Tally",
                min_seats=2,
                max_seats=4,
                summary="Each seat makes one mark; the big crosses win.",
                events=[Marked],
                initial_state=lambda opened: Tally(),
                evolve=_evolve,
                flow=Rounds(phases=(Phase("marking", begin=_ask),), ends=_end),
            )
        ]

    @hookimpl
    def referee_decide(self, decision: Decision, action: Action) -> bool | None:
        if action.action == "mark":
            decision.emit(Marked(seat=action.seat, mark=action.args["mark"]), rule="1")
            return True
        return None

    @hookimpl
    def referee_view(self, state: TableState, seat: str | None) -> dict[str, Any]:
        marks: dict[str, str] = state.game.marks
        return {
            "marks_made": len(marks),
            "my_mark": marks.get(seat or "", ""),
            "house_style": "the-plain-one",
            "nothing_yet": None,
            "no_items": [],
            "no_records": {},
            "winners_so_far": sorted(s for s, m in marks.items() if m == "big-cross"),
        }


def registry() -> Registry:
    """The installed games plus Tally."""
    return Registry([TallyGame()])

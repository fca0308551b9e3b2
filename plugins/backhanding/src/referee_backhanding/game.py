"""Pimp: The Backhanding as a Referee game: the kernel's hooks, wired to ``rounds`` (whose ``FLOW`` the kernel runs) and ``setup``."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import msgspec

import referee
from referee import Decision, Event, Game, hookimpl
from referee.bots import bots_by_seat as by_seat
from referee.bots import check_kinds
from referee.results import join_names

from . import dealing, hookspecs
from .cards import EDITION, CardError, build, parse, read_option
from .events import EVENT_TYPES
from .rounds import FLOW, answer_place, answer_play
from .setup import answer_discard
from .state import Backhanding, evolve

_HERE = Path(__file__).parent

BOTS = ("heuristic", "random", "search")
DEFAULT_BOT = "heuristic"

SUMMARY = (
    "Three rounds of macking, backhanding and money counting: recruit the hos on the street with your pimps, "
    "eliminate your rivals' hos, count the money. The rulebook prints no card list: every pimp, ho and Draw "
    "card, each pimp ability and Dirty Trick, is the project's own design (DATA.md); rulings in RULES.md."
)


class Options(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    bots: str | list[str] | dict[str, str] = DEFAULT_BOT
    """Which bot plays a seat bots play: one kind for every seat ("heuristic", "random", "search"),
    kinds in seat order (a list, or "heuristic,random,..."; seats past its end get the
    heuristic bot), or seat -> kind.  It chooses nothing for a seat a person plays."""

    cards: str = ""
    """The card set: "" for the shipped one of the table's edition (the project's own design;
    DATA.md, "Editions"), else a card file's
    TOML text (DATA.md gives the format), so the log holds the cards themselves; the
    ``referee`` command reads a file given as ``@PATH``."""

    protector: str | msgspec.UnsetType = msgspec.UNSET
    """Who defends a held ho (ruling R3): "recruiter" (left unset: the default), the pimp who
    recruited her, for the rest of the game; "defender", a pimp not used in macking that her
    holder assigns each time she is attacked (the recruiter stays in the clan).  Unset is not
    recorded, so tables stored before the option existed verify unchanged."""

    def __post_init__(self) -> None:
        if self.protector is not msgspec.UNSET and self.protector not in ("recruiter", "defender"):
            raise ValueError(f'protector is "recruiter" or "defender", not {self.protector!r}')
        check_kinds(self.bots, BOTS)
        try:
            self.cards = read_option(self.cards)
            if self.cards:
                build(parse(self.cards, "the card set"))
        except CardError as exc:
            raise ValueError(f"the card set cannot be played: {exc}") from None


def bots_by_seat(option: Any, seats: Iterable[str]) -> dict[str, str]:
    """Each seat's bot kind, from the table option ``bots``."""
    return by_seat(option, seats, DEFAULT_BOT)


@hookimpl
def referee_games() -> list[Game]:
    return [
        Game(
            name="backhanding",
            title="Pimp: The Backhanding",
            min_seats=2,
            max_seats=6,
            # Edition 2 rebalanced the shipped card set (DATA.md, "Editions"); tables of
            # edition 1 still deal its set.
            edition=EDITION,
            summary=SUMMARY,
            options=Options,
            hookspecs=[hookspecs],
            rules_document=str(_HERE / "RULES.md"),
            scenarios=str(_HERE / "scenarios"),
            events=EVENT_TYPES,
            initial_state=initial_state,
            evolve=_evolve,
            flow=FLOW,
            deals=dealing.positions,
            # Where the rules make a sealed play public (referee.testing.check_noninterference).
            reveals={"backhanding.PlaysRevealed": "backhanding 4.2, 5.2, 6.2: the step's sealed plays are turned face up at once"},
        )
    ]


def initial_state(opened: referee.TableOpened) -> Backhanding:
    seats = list(opened.seats)
    return Backhanding(
        seats=seats,
        clans={s: [] for s in seats},
        hands={s: [] for s in seats},
        hos={s: {} for s in seats},
        order=seats,
    )


def _evolve(state: referee.TableState, event: Event) -> None:
    evolve(state.game, event)


_ANSWERS = {"place": answer_place, "play": answer_play, "discard": answer_discard}


@hookimpl
def referee_decide(decision: Decision, action: referee.Action) -> bool | None:
    handler = _ANSWERS.get(action.action)
    if handler is None or action.seat == referee.GAMESMASTER:
        return None
    handler(decision, action.seat, dict(action.args))
    return True


@hookimpl
def referee_idle_reason(state: referee.TableState, seat: str) -> str | None:
    waiting = sorted({r.seat for r in state.flow.requests.values()})
    if waiting and seat not in waiting:
        return f"nothing is asked of {seat} now; waiting for {join_names(waiting)} ({state.flow.phase})"
    return None

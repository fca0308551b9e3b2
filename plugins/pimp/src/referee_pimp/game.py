"""Pimp as a Referee game: the kernel's hooks, wired to the parts of the rules.

A round is every pimp's turn once; a turn has the phases ``pay dues``, ``recruitment``,
``doing shit`` and ``retirement`` (``turn``).  In Doing Shit the active pimp is offered
every legal action ("do", ``menu``); an action that needs more (a fight, an influence
test, a punter's looks and stamina tests) runs as an *activity* (``state.Activity``) whose
steps are requests to the pimps concerned, power draws (``draws``) included, and the next
action is offered when it is over.  ``combat``, ``influence`` and ``soliciting`` hold the
steps of each kind of activity.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import msgspec

import referee
from referee import Decision, Game, hookimpl

from . import hookspecs
from .bot import BOTS
from .cards import EDITION
from .combat import answer_assign, answer_defend, answer_pickup, combat_step, trash_step
from .common import PHASES, game_of, offers
from .decks import check_deck_choice
from .draws import answer_draw, open_draw
from .events import EVENT_TYPES
from .influence import answer_bid, influence_step
from .menu import answer_do, answer_reorder, answer_slot, edge_step, look_top_step
from .soliciting import (
    answer_sacrifice,
    answer_send,
    business_step,
    crackdown_step,
    encounter_step,
    looks_step,
    offer_step,
    psycho_step,
)
from .state import (
    Activity,
    Business,
    Combat,
    Crackdown,
    Edge,
    Encounter,
    InfluenceTest,
    LooksTests,
    LookTop,
    Pimp,
    PimpGame,
    PsychoPunter,
    Soliciting,
    Trash,
    evolve,
)
from .turn import FLOW, answer_discard, end_game, offer_actions, retirement, set_up

_HERE = Path(__file__).parent


class Options(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    turns: int = 20
    """"The standard length of game is 20 turns."""
    decks: dict[str, str] | str = {}
    """Seat -> a ready-made deck's name or a deck file's text (TOML); unnamed seats get the
    ready-made decks in turn.  A name deals that deck as the table's edition has it (DATA.md,
    "Editions").  One deck alone is every seat's deck.  The log holds the deck
    itself; the ``referee`` command reads a deck file given as ``@PATH``."""

    bots: dict[str, str] | str = "heuristic"
    """Which bot plays a seat a bot plays: ``"heuristic"`` (sensible play, every kind of
    action), ``"random"`` (uniform over the legal answers), a comma-separated list in seat
    order (``"heuristic,random"``; seats past its end get the heuristic bot), or seat ->
    bot.  It changes nothing for seats people play."""

    def __post_init__(self) -> None:
        if self.turns < 1:
            raise ValueError("turns must be at least 1")
        chosen = self.bots.split(",") if isinstance(self.bots, str) else list(self.bots.values())
        unknown = sorted({b.strip() for b in chosen} - set(BOTS))
        if unknown:
            raise ValueError(f"bots: {', '.join(repr(b) for b in unknown)} is not a bot; the bots are {', '.join(BOTS)}")
        if isinstance(self.decks, str):
            check_deck_choice(self.decks)
        else:
            for deck in self.decks.values():
                check_deck_choice(deck)


@hookimpl
def referee_games() -> list[Game]:
    return [
        Game(
            name="pimp",
            title="Pimp",
            min_seats=2,
            max_seats=None,
            summary=(
                "Pimps play their own decks of bitches over 20 turns of dues, recruiting, street fights and punters. "
                "The rulebook's Solicitation Sheet and deck-building guide are lost: the sheet's services, prices, "
                "stamina targets and encounter ranges, the card and deck rules, and the six ready-made decks are "
                "the project's own invention (DATA.md); the rules are the rulebook's, with rulings in RULES.md. "
                "New tables deal edition 2's decks, rebalanced with the balance lab; a table opened before keeps edition 1's."
            ),
            options=Options,
            # Edition 2: the ready-made decks rebalanced with the balance lab (DATA.md,
            # "Editions"); a table of edition 1 still deals edition 1's decks.
            edition=EDITION,
            hookspecs=[hookspecs],
            rules_document=str(_HERE / "RULES.md"),
            scenarios=str(_HERE / "scenarios"),
            events=EVENT_TYPES,
            initial_state=lambda opened: PimpGame(pimps={seat: Pimp(name=seat) for seat in opened.seats}),
            evolve=lambda state, event: evolve(state.game, event),
            flow=FLOW,
            # Where the rules make sealed answers public (referee.testing.check_noninterference).
            reveals={
                "pimp.OfferPutToTheStreet": "pimp servicing punters: the offer is put to the street once every pimp asked has sent",
                "pimp.BidsRevealed": "pimp escorts: the influence test (the bids are shown together)",
            },
        )
    ]


@hookimpl
def referee_setup(decision: Decision) -> bool:
    set_up(decision)
    return True


# Each kind of activity's next step, and the answer to each kind of request.
_STEPS: dict[type[Activity], Callable[[Decision], None]] = {
    Combat: combat_step,
    InfluenceTest: influence_step,
    Soliciting: offer_step,
    LooksTests: looks_step,
    Business: business_step,
    PsychoPunter: psycho_step,
    Crackdown: crackdown_step,
    Encounter: encounter_step,
    Trash: trash_step,
    Edge: edge_step,
    LookTop: look_top_step,
}
_ANSWERS: dict[str, Callable[[Decision, referee.Action], None]] = {
    "do": answer_do,
    "draw": answer_draw,
    "defend": answer_defend,
    "assign": answer_assign,
    "bid": answer_bid,
    "send": answer_send,
    "slot": answer_slot,
    "reorder": answer_reorder,
    "discard": answer_discard,
    "sacrifice": answer_sacrifice,
    "pickup": answer_pickup,
}


@hookimpl
def referee_decide(decision: Decision, action: referee.Action) -> bool | None:
    handler = _ANSWERS.get(action.action)
    if handler is None or action.seat == referee.GAMESMASTER:
        return None
    handler(decision, action)
    _continue(decision)
    return True


def _continue(d: Decision) -> None:
    """After an answer: run the activity's steps until someone must answer, then ask what
    the phase asks next (the kernel's flow ends the phase once nothing is asked)."""
    game = game_of(d)
    while not (d.state.over or d.flow.requests):
        if game.zero_tolerance:
            end_game(d, "zero tolerance")
            return
        if game.activity is None:
            break
        draw = game.activity.pending_draw()
        if draw is not None:
            open_draw(d, draw)
        else:
            _STEPS[type(game.activity)](d)
    if d.state.over or d.flow.requests:
        return
    if d.flow.phase == "doing shit":
        offer_actions(d)
    elif d.flow.phase == "retirement":
        retirement(d)


@hookimpl
def referee_idle_reason(state: referee.TableState, seat: str) -> str | None:
    game: PimpGame = state.game
    pimp = game.pimps.get(seat)
    if pimp is not None and pimp.out:
        return f"{seat} is out of the game (pimp)"
    if state.flow.seat and state.flow.seat != seat:
        return f"it is {state.flow.seat}'s turn (pimp: playing the game)"
    return None


__all__ = ["PHASES", "Options", "offers"]

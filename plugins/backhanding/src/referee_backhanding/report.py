"""One line per event, in the rulebook's words (card ids are the cards' names, in lower case)."""

from __future__ import annotations

from referee import Event, hookimpl
from referee.results import join_names

from .events import (
    CardsDiscarded,
    CardsLaid,
    ContestRolled,
    DecksShuffled,
    DiscardsShuffled,
    DrawCardsDealt,
    DrawCountDealt,
    DrawPimpsJoined,
    FirstPlayerChosen,
    HoDefended,
    HoEliminated,
    HoRecruited,
    HoValued,
    MoneyCounted,
    PhaseCleared,
    PimpPlaced,
    PimpsDealt,
    PimpsDiscarded,
    PlacementPassed,
    PlaysChosen,
    PlaysOffered,
    PlaysRevealed,
    StreetFilled,
)


def _plays(plays: dict[str, str]) -> str:
    return ", ".join(f"{card} on {target}" for card, target in plays.items()) or "nothing"


@hookimpl
def referee_describe(event: Event) -> str | None:
    match event:
        case CardsLaid():
            return f"{len(event.cards)} cards in play: {event.source}"
        case DecksShuffled():
            return f"the decks were shuffled ({len(event.pimps)} pimps, {len(event.hos)} hos, {len(event.draws)} Draw cards)"
        case PimpsDealt():
            return f"{event.seat} was dealt the pimps {join_names(list(event.pimps))}"
        case StreetFilled():
            return f"{join_names(list(event.hos))} came out on the street" if event.hos else "the Ho deck is empty: no new hos"
        case DrawCardsDealt():
            return f"{event.seat} drew {join_names(list(event.cards))} ({event.reason})"
        case DrawCountDealt():
            return f"{event.seat} drew {event.count} Draw card{'' if event.count == 1 else 's'} ({event.reason})"
        case DrawPimpsJoined():
            return (
                f"{event.seat} put the Draw pimp{'' if len(event.pimps) == 1 else 's'} {join_names(list(event.pimps))} face up in the clan"
            )
        case PimpsDiscarded():
            return f"{event.seat} discarded {join_names(list(event.pimps))} (over the limit of 7 pimps)"
        case DiscardsShuffled():
            return f"the discard pile's {len(event.cards)} Draw cards were shuffled into a new Draw deck"
        case FirstPlayerChosen():
            return f"{event.seat} is the first player ({event.how}); order {', '.join(event.order)}"
        case PimpPlaced():
            verb = "to recruit" if event.phase == "macking" else "to eliminate"
            return f"{event.seat} placed {event.pimp} beside {event.ho} {verb} her"
        case PlacementPassed():
            return f"{event.seat} passed ({event.phase})" + (": no pimp could be placed" if event.forced else "")
        case PlaysOffered():
            return f"{event.seat} may play {len(event.targets)} card{'' if len(event.targets) == 1 else 's'}"
        case PlaysChosen():
            return f"{event.seat} chose, sealed: {_plays(event.plays)}"
        case PlaysRevealed():
            return "plays revealed: " + ("; ".join(f"{seat}: {_plays(p)}" for seat, p in event.plays.items()) or "none")

        case ContestRolled():
            rolls = ", ".join(f"{s} {r.total} ({r.pimp}: die {r.die})" for s, r in event.rolls.items())
            tail = ""
            if event.tie_broken_by:
                tail = f"; {event.tie_broken_by} wins the tie without a re-roll"
            elif event.tied:
                tail = f"; {join_names(list(event.tied))} tie and roll again"
            return f"{event.phase} for {event.ho}, roll {event.attempt}: {rolls}{tail}"
        case HoRecruited():
            how = "after a contest" if event.contested else "uncontested"
            return f"{event.seat}'s {event.pimp} recruited {event.ho} ({how})"
        case HoDefended():
            return f"{event.owner}'s {event.protector} kept {event.ho} against {event.attacker}'s {event.pimp}"
        case HoEliminated():
            where = "the temporary discard pile" if event.protector_to == "temporary" else "his clan"
            return f"{event.attacker}'s {event.pimp} eliminated {event.owner}'s {event.ho}; {event.protector} goes to {where}"
        case CardsDiscarded():
            return f"{len(event.cards)} played card{'' if len(event.cards) == 1 else 's'} discarded ({event.step})"
        case PhaseCleared():
            left = f"; {join_names(list(event.unrecruited))} stay on the street" if event.unrecruited and event.phase == "macking" else ""
            return f"{event.phase} is over{left}"
        case HoValued():
            return f"{event.seat}'s {event.ho}: ${event.money} {event.modifiers:+d} modifiers {event.bonus:+d} abilities = ${event.value}"
        case MoneyCounted():
            return "money counted: " + ", ".join(f"{s} ${t} ({event.hos[s]} hos)" for s, t in event.totals.items())
    return None

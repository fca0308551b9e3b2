"""What a finished PornStar game tells a balance measure (``referee_balance_facts``).

Held, by the names printed on the cards: every card a studio takes into its hand (drawn,
or passed over in a deal) as a ``"play card"``, ``"star"`` or ``"film"``, and every Star or
Film that comes to it from another studio (recruited, bought at auction, traded in a deal,
handed over for a loan).  Used: each Play card
played (on the studio's turn or in reply to a Film put up), each Film produced, and each
of the studio's own Stars cast in it (a rented Star is its owner's, not used here).
"""

from __future__ import annotations

from collections.abc import Iterable

from referee import Event, Held, TableState, Used, hookimpl

from .events import CardTaken, DealMade, FilmProduced, HandCardsPassed, LoanMade, PlayCardPlayed, StarAuctioned, StarRecruited
from .play import game_of, title_of

PLAY_CARD = "play card"
STAR = "star"
FILM = "film"


def _card(state: TableState, card: str) -> tuple[str, str] | None:
    """``(kind, name)`` of a card at this table, by its id."""
    tables = game_of(state).tables
    for star in tables.stars:
        if star.id == card:
            return STAR, star.name
    for film in tables.films:
        if film.id == card:
            return FILM, film.title
    for play in tables.plays:
        if play.id == card:
            return PLAY_CARD, title_of(state, play.kind)
    return None


def _held(state: TableState, seat: str, cards: Iterable[str]) -> list[Held | Used]:
    return [Held(seat, *found) for card in cards if (found := _card(state, card)) is not None]


@hookimpl
def referee_balance_facts(state: TableState, event: Event) -> list[Held | Used] | None:
    match event:
        case CardTaken():
            return _held(state, event.seat, [event.card])
        case HandCardsPassed():
            return _held(state, event.to_seat, event.cards)
        case StarRecruited() | StarAuctioned():
            return _held(state, event.seat, [event.star])
        case DealMade():
            return _held(state, event.party, event.give) + _held(state, event.proposer, event.get)
        case LoanMade():
            return _held(state, event.lender, event.demand)
        case PlayCardPlayed():
            return [Used(event.seat, PLAY_CARD, event.title)]
        case FilmProduced():
            cast = [s for s in event.stars if s not in event.rented]
            return [Used(event.seat, *found) for card in (event.film, *cast) if (found := _card(state, card)) is not None]
    return None

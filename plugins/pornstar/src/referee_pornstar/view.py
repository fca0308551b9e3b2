"""What a seat may see of a PornStar table, its terminal text, and one line per event.

Public: every studio's money, stable, produced Films (with markers), how many cards each
holds, the deck's size, the discard pile, the Play cards lying on the table, an auction,
a loan.  A seat's own hand is shown to it alone; a deal under way to its two parties.
The deck's order is shown to nobody.
"""

from __future__ import annotations

from typing import Any

import msgspec

from referee import Event, TableState, hookimpl

from .data import GENDERS
from .events import (
    AuctionOpened,
    BidMade,
    BidPassed,
    CardsDrawn,
    CardsListed,
    CardTaken,
    DealMade,
    DealProposed,
    DealRefused,
    DeckShuffled,
    FilmProduced,
    FinalRoundBegan,
    HandCardsPassed,
    LoanAsked,
    LoanDeclined,
    LoanMade,
    LoanOffered,
    MaintenancePaid,
    MulliganTaken,
    PlayCardDiscarded,
    PlayCardPlayed,
    ResidualsRolled,
    ScoresCounted,
    StarAuctioned,
    StarLost,
    StarRecruited,
    StarsPlaced,
    StarUnsold,
    StudioConceded,
    StudiosOpened,
)
from .game import Cards, bots_by_seat, cards, scores
from .play import TITLES
from .state import PornStar

WANKED = ("in favour", "Wanked", "Wanked Out")


def _card(known: Cards, card: str) -> dict[str, Any]:
    if card in known.stars:
        s = known.stars[card]
        return {
            "type": "star",
            "name": s.name,
            "gender": s.gender,
            "specialty": s.specialty,
            "maintenance": s.maintenance,
            "filming": s.filming,
        }
    if card in known.films:
        f = known.films[card]
        return {
            "type": "film",
            "title": f.title,
            "males": f.males,
            "females": f.females,
            "any": f.any,
            "specialty": f.specialty,
            "cost": f.cost,
        }
    kind = known.plays.get(card, "")
    title, type_ = TITLES.get(kind, (kind, ""))
    return {"type": "play", "kind": kind, "title": title, "card_type": type_}


@hookimpl
def referee_view(state: TableState, seat: str | None) -> dict[str, Any]:
    game: PornStar = state.game
    known = cards(state)
    mine = game.studios.get(seat or "")
    deal = game.deal if game.deal is not None and seat in (game.deal.proposer, game.deal.party) else None
    visible: set[str] = set()
    for s in game.studios.values():
        visible.update(s.stable)
    stabled = set(visible)
    visible.update(game.films, game.discard, game.lasting, (lot.star for lot in game.lots))
    if game.auction is not None:
        visible.add(game.auction.star)
    if mine is not None:
        visible.update(mine.hand)
    if deal is not None:
        visible.update(deal.give)
    _, _, _, total = scores(game)
    return {
        "order": list(game.order),
        "studios": {
            s.name: {
                "money": s.money,
                "hand": len(s.hand),
                "stable": list(s.stable),
                "films": game.films_of(s.name),
                "out": s.out,
                "score": total.get(s.name, 0),
            }
            for s in game.studios.values()
        },
        "hand": list(mine.hand) if mine is not None else [],
        "films": {f: msgspec.to_builtins(p) for f, p in game.films.items()},
        "deck": len(game.deck),
        "discard": list(game.discard),
        "retired": len(game.retired),
        "lasting": {c: msgspec.to_builtins(x) for c, x in game.lasting.items()},
        # A Star used this turn may have left the table since (auctioned off, shuffled back):
        # name only the Stars still in a stable.
        "used": {s: n for s, n in game.used.items() if s in stabled},
        "brought": [s for s in game.brought if s in stabled],
        "rented": {s: r for s, r in game.rented.items() if s in stabled},
        "auction": None if game.auction is None else msgspec.to_builtins(game.auction),
        "lots": [lot.star for lot in game.lots],
        "offer": None if deal is None else msgspec.to_builtins(deal),
        "loan": None if game.loan is None else msgspec.to_builtins(game.loan),
        "final_round": game.final,
        "final_left": list(game.final_left),
        "bank": game.bank,
        "scores": dict(game.scores),
        # The table's options are public: each seat's bot kind, for the bots to read.
        "bots": bots_by_seat(state.options, state.seats),
        # How many deals the studio whose turn it is has proposed, shown to it alone.
        "proposed": game.proposed if seat is not None and seat == state.flow.seat else 0,
        "cards": {c: _card(known, c) for c in sorted(visible)},
    }


def _name(view: dict[str, Any], card: str) -> str:
    c = view["cards"].get(card, {})
    return str(c.get("name") or c.get("title") or card)


@hookimpl
def referee_render_view(view: dict[str, Any], seat: str | None) -> str | None:
    if "studios" not in view:
        return None
    lines = [f"Deck: {view['deck']} cards" + ("  (FINAL ROUND: no draws, no Maintenance)" if view["final_round"] else "")]
    for name, s in view["studios"].items():
        status = " (conceded)" if s["out"] else ""
        lines.append(f"{name}{status}: ${s['money']}, {s['hand']} card(s) in hand")
        for star in s["stable"]:
            c = view["cards"][star]
            used = " [used]" if view["used"].get(star) else ""
            lines.append(
                f"    Star  {c['name']} ({GENDERS[c['gender']]}, {c['specialty']}; film ${c['filming']}, keep ${c['maintenance']}){used}"
            )
        for film in s["films"]:
            f, c = view["films"][film], view["cards"][film]
            marks = f" {f['marker']:+d}" if f["marker"] else ""
            award = " ADULT FILM OF THE YEAR" if f["award"] else ""
            lines.append(f"    Film  {c['title']} (${c['cost']}, {WANKED[f['wanked']]}{marks}){award}")
    if view["lasting"]:
        lines.append(
            "On the table: " + ", ".join(f"{_name(view, c)} on {_name(view, x['target']) or x['seat']}" for c, x in view["lasting"].items())
        )
    if view["auction"]:
        a = view["auction"]
        lines.append(
            f"Auction: {_name(view, a['star'])}, " + (f"${a['high']} by {a['leader']}" if a["leader"] else f"opening ${a['opening']}")
        )
    if view["hand"]:
        lines.append("Your hand: " + "; ".join(_name(view, c) for c in view["hand"]))
    if view["scores"]:
        lines.append("Scores: " + ", ".join(f"{s} {n}" for s, n in view["scores"].items()))
    return "\n".join(lines)


@hookimpl
def referee_describe(event: Event) -> str | None:
    match event:
        case StudiosOpened():
            return f"studios open with ${event.money} each; {', '.join(event.order)} in that order; {event.deck} cards"
        case CardsListed():
            t = event.tables
            return f"the table plays {len(t.stars)} Stars, {len(t.films)} Films and {len(t.plays)} Play cards"
        case DeckShuffled():
            return f"{event.reason}: shuffled"
        case CardsDrawn():
            paid = f" (paying ${event.paid})" if event.paid else ""
            return f"{event.seat} draws {event.count}{paid}; {event.left} left in the deck"
        case CardTaken():
            return f"{event.seat} takes {event.card}"
        case MulliganTaken():
            return f"{event.seat} has no Star and throws back the opening hand"
        case StarsPlaced():
            return f"{event.seat} puts {', '.join(event.stars)} into play" + (" (free, from the opening hand)" if event.opening else "")
        case ResidualsRolled():
            return f"{event.seat}'s {event.film}: residuals roll {event.die}{event.modifier:+d} = {event.total}: ${event.paid}" + (
                f", {WANKED[event.wanked]}" if event.wanked else ""
            )
        case FilmProduced():
            money = (
                f"recovers ${event.recovered}"
                if event.recovered
                else f"loses ${event.lost} more" + (f" (${event.written_off} it does not have is written off)" if event.written_off else "")
            )
            return (
                f"{event.seat} produces {event.film} with {', '.join(event.stars)} for ${event.production_cost} + ${event.filming_cost}"
                f" (advertising ${event.advertising}): {event.dice[0]}+{event.dice[1]}+{event.total - sum(event.dice)} = {event.total},"
                f" {event.result}: {money}"
            )
        case StarRecruited():
            return f"{event.seat} recruits {event.star} from {event.from_seat}"
        case StarLost():
            return f"{event.seat} loses {event.star} ({event.reason}): it goes up for auction"
        case MaintenancePaid():
            unpaid = f"; {', '.join(event.unpaid)} go(es) up for auction" if event.unpaid else ""
            return f"{event.seat} pays ${event.paid} Maintenance" + unpaid
        case AuctionOpened():
            return f"auction of {event.star} (from {event.from_seat}): opening bid ${event.opening}"
        case BidMade():
            return f"{event.seat} bids ${event.dollars} for {event.star}"
        case BidPassed():
            return f"{event.seat} passes on {event.star}"
        case StarAuctioned():
            return f"{event.seat} buys {event.star} for ${event.price} (to the bank)"
        case StarUnsold():
            return f"nobody bids for {event.star}: it is shuffled back into the deck"
        case DealProposed():
            return f"{event.proposer} proposes deal {event.deal} to {event.party}"
        case DealRefused():
            return f"{event.party} refuses deal {event.deal}"
        case DealMade():
            return f"deal {event.deal} between {event.proposer} and {event.party} is made" + (
                f"; terms: {event.terms}" if event.terms else ""
            )
        case HandCardsPassed():
            return f"{event.from_seat} hands {', '.join(event.cards)} to {event.to_seat}"
        case LoanAsked():
            return f"{event.borrower} is broke and begs {event.lender} for ${event.dollars}"
        case LoanOffered():
            return f"{event.lender} offers {event.borrower} ${event.dollars}" + (f" on terms: {event.terms}" if event.terms else "")
        case LoanDeclined():
            return f"the loan from {event.lender} to {event.borrower} is declined by {event.by}"
        case LoanMade():
            return f"{event.lender} lends {event.borrower} ${event.dollars}" + (f"; terms: {event.terms}" if event.terms else "")
        case StudioConceded():
            return f"{event.seat} gives up: the studio is out of business"
        case PlayCardPlayed():
            on = f" on {event.target}" if event.target else ""
            return f"{event.seat} plays {event.title}, card {event.card}{on}"
        case PlayCardDiscarded():
            return f"{event.card} is discarded: {event.reason}"
        case FinalRoundBegan():
            return f"the deck is empty: once more around the table ({', '.join(event.order)}), without Maintenance"
        case ScoresCounted():
            return "final scores: " + ", ".join(f"{s} {n}" for s, n in event.total.items())
    return None

"""What a seat may see of a PornStar table, and its terminal text (each event says itself in words).

Public: every studio's money, stable, produced Films (with markers), how many cards each
holds, the deck's size, the discard pile, the Play cards lying on the table, an auction,
a loan.  A seat's own hand is shown to it alone; a deal under way to its two parties.
The deck's order is shown to nobody.
"""

from __future__ import annotations

from typing import Any

import msgspec

from referee import TableState, hookimpl

from .data import GENDERS
from .events import WANKED
from .game import bots_by_seat
from .play import TITLES
from .state import PornStar
from .table import Cards, cards
from .victory import scores


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
        # What the studio chose to do next in production (the Film it casts, the card it
        # aims, the studio it deals with): its open request is about this; shown to it alone.
        "chosen": msgspec.to_builtins(game.chosen) if game.chosen is not None and game.chosen.seat == seat else None,
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

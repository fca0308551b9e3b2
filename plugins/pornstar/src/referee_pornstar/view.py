"""What a seat may see of a PornStar table (``present`` lays it out for a person).

Public: every studio's money, stable, produced Films (with markers), how many cards each
holds, the deck's size, the discard pile, the Play cards lying on the table, an auction,
a loan.  A seat's own hand is shown to it alone; a deal under way to its two parties.
The deck's order is shown to nobody.
"""

from __future__ import annotations

from typing import Any

import msgspec

from referee import TableState, hookimpl

from .faces import film_text, star_text
from .game import bots_by_seat
from .play import TITLES, PlayFace
from .state import PornStar
from .table import Cards, cards
from .victory import scores


def _card(known: Cards, faces: dict[str, PlayFace], card: str) -> dict[str, Any]:
    """What ``card`` shows to whoever sees it: its name, numbers and rules text, and its
    copy number where cards of the table's list share its name."""
    copy = {"copy": known.copy(card)} if known.copy(card) else {}
    if card in known.stars:
        s = known.stars[card]
        return {
            "type": "star",
            "name": s.name,
            "gender": s.gender,
            "specialty": s.specialty,
            "maintenance": s.maintenance,
            "filming": s.filming,
            "text": star_text(s),
            **copy,
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
            "text": film_text(f),
            **copy,
        }
    kind = known.plays.get(card, "")
    face = faces.get(kind)
    title, type_ = TITLES.get(kind, ("a Play card", ""))
    if face is None:
        return {"type": "play", "kind": kind, "title": title, "card_type": type_, "text": "", "playable": False, **copy}
    lasts = {"turn": "this turn", "game": "while its target stays"}.get(face.rules.lasts, "")
    return {
        "type": "play",
        "kind": kind,
        "title": face.title,
        "card_type": face.type,
        "text": face.rules.text,
        "lasts": lasts,
        # What it is played on, and whether it may answer another studio's Film put up.
        "target": face.rules.target,
        "reply": face.rules.reply,
        **copy,
    }


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
    if game.put_up is not None:
        visible.add(game.put_up.film)  # face up for all to see, before its roll
    if mine is not None:
        visible.update(mine.hand)
    if deal is not None:
        visible.update(deal.give)
    faces = {kind: face for kind, face in state.slots.items() if isinstance(face, PlayFace)}
    cash, films, awards, total = scores(game)
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
                # What the score is made of (Victory!): public, as money and Films are.
                "worth": {"cash": cash.get(s.name, 0), "films": films.get(s.name, 0), "awards": awards.get(s.name, 0)},
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
        # The Film put up for the others' replies, with its cast and Advertising (public).
        "put_up": None if game.put_up is None else msgspec.to_builtins(game.put_up),
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
        "cards": {c: _card(known, faces, c) for c in sorted(visible)},
    }

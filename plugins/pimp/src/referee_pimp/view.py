"""What each pimp may see: their own hand, edge slots and deck list; of the others, only what
lies face up (pads, the street, retirement piles, played special cards) and how many
cards they hold.  ``present`` lays it out for a person."""

from __future__ import annotations

from typing import Any

import msgspec

import referee
from referee import hookimpl

from .bot import bots_of
from .cards import SPECIALS
from .state import PimpGame


def _face(game: PimpGame, card: str, *, text: bool = True) -> dict[str, Any]:
    face = game.cards[card]
    shown: dict[str, Any] = msgspec.to_builtins(face)
    if face.special and text:
        # The table's own words for the card; a table recorded before they were kept reads
        # the shipped card data.
        known = SPECIALS.specials.get(face.special)
        shown["text"] = game.texts.get(face.special) or (known.text if known else "")
    return shown


def _faces(game: PimpGame, cards: list[str], *, text: bool = True) -> list[dict[str, Any]]:
    return [_face(game, c, text=text) for c in cards]


def _bitches(game: PimpGame, cards: list[str]) -> list[dict[str, Any]]:
    return [{**_face(game, c), "money": game.on_bitch.get(c, 0), "shagged_out": c in game.shagged} for c in cards]


@hookimpl
def referee_view(state: referee.TableState, seat: str | None) -> dict[str, Any]:
    game: PimpGame = state.game
    pimps = []
    for p in game.pimps.values():
        mine = p.name == seat or state.over
        pimps.append(
            {
                "name": p.name,
                "influence": p.influence,
                "money": p.money,
                "out": p.out,
                "bribe": p.bribe,
                "pad": _bitches(game, p.pad),
                "street": _bitches(game, p.street),
                # What a special card does is read where it is seen: in its pimp's hand and
                # edge slots, and once played; the retirement pile shows cards by name.
                "retired": _faces(game, p.retired, text=False),
                "specials": _faces(game, p.specials),
                "hand": _faces(game, p.hand) if mine else len(p.hand),
                "edges": [None if c is None else _face(game, c) for c in p.edges] if mine else sum(1 for c in p.edges if c),
                "deck": len(p.deck),
            }
        )
    return {
        "bots": bots_of(state.options.get("bots", "heuristic"), state.seats),
        "turn": state.flow.round,
        "turns": int(state.options.get("turns", 20)),
        "active": state.flow.seat,
        "phase": state.flow.phase,
        "actions": game.actions,
        "pimps": pimps,
    }

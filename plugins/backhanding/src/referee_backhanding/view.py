"""What each seat may see (``present`` lays it out for a person).

Public: the street, every clan and held ho with her protector, the contests and their
revealed plays, the piles, how many cards each hand and deck holds, and at the end the
count ho by ho.  A seat's own: its hand, the plays it may make now (card -> targets) and
those it chose, sealed.  Nobody sees another hand, another's sealed plays or the order of
a deck while the game is on.  Every card carries its name and rules text.
"""

from __future__ import annotations

from typing import Any

from referee import TableState, hookimpl

from .cards import ability_title, rules_text
from .game import bots_by_seat
from .state import Backhanding


def _card(game: Backhanding, card: str) -> dict[str, Any]:
    c = game.cards[card]
    out: dict[str, Any] = {"id": c.id, "name": c.name, "kind": c.kind}
    if c.kind == "pimp":
        out |= {"macking": c.macking, "backhanding": c.backhanding}
        if c.effect:
            out["ability"] = ability_title(c.effect)
    elif c.kind == "ho":
        out |= {"money": c.money, "backhanding": c.backhanding}
    else:
        out["bonus"] = c.bonus
    if c.effect:
        out["effect"] = c.effect
    text = rules_text(c)
    if text:
        out["text"] = text
    return out


@hookimpl
def referee_view(state: TableState, seat: str | None) -> dict[str, Any]:
    game: Backhanding = state.game
    over = state.over
    players = []
    for s in game.seats:
        placed = game.placed(s)
        entry: dict[str, Any] = {
            "name": s,
            "clan": [{**_card(game, p), "placed": p in placed, "spent": p in game.spent} for p in game.clans[s]],
            # None: no protector of her own (protector = "defender": one is assigned when she is attacked).
            "hos": [{**_card(game, h), "protector": _card(game, p) if p else None} for h, p in game.hos[s].items()],
            "money": game.money(s),
            "hand_size": len(game.hands[s]),
            "passed": s in game.passed,
            "chose": s in game.chosen,
        }
        if s == seat or over:
            entry["hand"] = [_card(game, c) for c in game.hands[s]]
        if s == seat:
            entry["may_play"] = {card: list(targets) for card, targets in game.offered.get(s, {}).items()}
            entry["chosen"] = dict(game.chosen.get(s, {}))
        players.append(entry)
    return {
        # The flow holds the step: a placement turn, or the sealed plays offered.
        "step": "placing" if state.flow.seat else "playing" if game.offered else "",
        "first": game.first,
        "order": list(game.order),
        "street": [_card(game, h) for h in game.street],
        "players": players,
        "contests": [
            {
                "ho": c.ho,
                "phase": c.phase,
                "owner": c.owner,
                "pimps": dict(c.pimps),
                "effects": [list(e) for e in c.effects],
                "cards": [[s, card, t] for s, card, t in game.played if t == c.ho],
            }
            for c in game.contests.values()
        ],
        "played": [[s, c, t] for s, c, t in game.played],
        "decks": {"pimps": len(game.pimp_deck), "hos": len(game.ho_deck), "draws": len(game.draw_deck)},
        "discard": list(game.discard),
        "temporary": list(game.temporary),
        "eliminated": list(game.eliminated),
        "piles": {
            "temporary": [{**_card(game, c), "owner": game.temporary_owner.get(c, "")} for c in game.temporary],
            "eliminated": [_card(game, c) for c in game.eliminated],
        },
        "count": {
            seat: [
                {"ho": _card(game, ho), "money": worth, "modifiers": mods, "abilities": bonus, "value": value}
                for ho, worth, mods, bonus, value in rows
            ]
            for seat, rows in game.valued.items()
        },
        "values": dict(game.values),
        "bots": bots_by_seat(state.options.get("bots"), game.seats),
        # The table's plugins and options are public, as its first entry records them: the
        # rules a bot looking ahead plays its possible tables under.
        "plugins": [p.name for p in state.plugins],
        "options": {name: value for name, value in state.options.items() if name != "bots"},
        "cards_note": "The card list is the project's own design (DATA.md); the rulebook prints none.",
    }

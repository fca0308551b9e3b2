"""What each seat may see, and the terminal's text of it.

Public: the street, every clan and held ho with her protector, the contests and their
revealed plays, the piles, how many cards each hand and deck holds.  A seat's own: its
hand, the plays it may make now (card -> targets) and those it chose, sealed.  Nobody
sees another hand, another's sealed plays or the order of a deck while the game is on.
"""

from __future__ import annotations

from typing import Any

from referee import TableState, hookimpl

from .game import bots_by_seat
from .state import Backhanding


def _card(game: Backhanding, card: str) -> dict[str, Any]:
    c = game.cards[card]
    out: dict[str, Any] = {"id": c.id, "name": c.name, "kind": c.kind}
    if c.kind == "pimp":
        out |= {"macking": c.macking, "backhanding": c.backhanding}
    elif c.kind == "ho":
        out |= {"money": c.money, "backhanding": c.backhanding}
    else:
        out["bonus"] = c.bonus
    if c.effect:
        out["effect"] = c.effect
    if c.text:
        out["text"] = c.text
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
            "hos": [{**_card(game, h), "protector": _card(game, p)} for h, p in game.hos[s].items()],
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
        "values": dict(game.values),
        "bots": bots_by_seat(state.options.get("bots"), game.seats),
        "cards_note": "The card list is the project's own design (DATA.md); the rulebook prints none.",
    }


@hookimpl
def referee_render_view(view: dict[str, Any], seat: str | None) -> str | None:
    if "street" not in view or "players" not in view:
        return None
    names = {}
    for p in view["players"]:
        for c in p["clan"] + p["hos"] + p.get("hand", []):
            names[c["id"]] = c["name"]
    for c in view["street"]:
        names[c["id"]] = c["name"]
    lines = [
        "Street: "
        + (
            ", ".join(f"{c['name']} ${c['money']}" + (f" bh {c['backhanding']}" if c["backhanding"] else "") for c in view["street"])
            or "empty"
        )
    ]
    for p in view["players"]:
        clan = ", ".join(
            f"{c['name']} {c['macking']}/{c['backhanding']}" + (" [placed]" if c["placed"] else "") + (" [spent]" if c["spent"] else "")
            for c in p["clan"]
        )
        hos = ", ".join(f"{h['name']} ${h['money']} (protected by {h['protector']['name']})" for h in p["hos"])
        lines.append(f"{p['name']}: ${p['money']} in hos; {p['hand_size']} cards in hand")
        lines.append(f"  clan: {clan or 'none'}")
        lines.append(f"  hos: {hos or 'none'}")
        if "hand" in p:
            lines.append(
                "  hand: " + (", ".join(f"{c['name']}" + (f" +{c['bonus']}" if c.get("bonus") else "") for c in p["hand"]) or "empty")
            )
    for c in view["contests"]:
        who = ", ".join(f"{s}: {names.get(p, p)}" for s, p in c["pimps"].items())
        lines.append(
            f"Contest ({c['phase']}) for {names.get(c['ho'], c['ho'])}: {who}" + (f"; defended by {c['owner']}" if c["owner"] else "")
        )
    lines.append(f"Temporary discard pile: {len(view['temporary'])} cards; decks: {view['decks']}")
    return "\n".join(lines)

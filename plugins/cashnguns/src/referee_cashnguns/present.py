"""The standoff as a gangster sees it: the loot on the table, your hand of bullet cards and
your power, every gangster's cash, wounds and shame, who aims at whom, and at the end the
money counted ("each shame token costs $5,000. The richest living player wins").

Built from the seat's view alone (``referee_present``), so it shows nothing the view
does not: another gangster's hand is a count of backs, their power a back until revealed.
"""

from __future__ import annotations

from typing import Any

from referee import Arrow, Backs, Card, Place, Presentation, Stat, Words, Zone, hookimpl
from referee.words import count, listing, money, title

from .components import CARD_NAMES, CARD_TEXT, CARDS

STEPS = {
    "bullets": "choose a bullet card, face down",
    "aim": "choose whom to shoot",
    "late-aim": "The Kid chooses whom to shoot",
    "late-bullet": "The Cunning chooses a bullet card",
    "nerve": "cowards or brave, on three",
    "showdown": "the showdown",
    "reload": "Bang! Bang! Bang! taken back?",
    "claim": "the split",
    "guns": "the guns of the dead",
}
"""Each step of a round (``game.FLOW``) in the rulebook's words."""

TONES = {"click": "grey", "bang": "red", "bbb": "crimson"}
"""A colour for each bullet card, so a renderer tells them apart at a glance."""


def _status(view: dict[str, Any], game: dict[str, Any], w: Words) -> str:
    result = view.get("result")
    if result:
        return f"Game over: {result['reason']}"
    if not game["round"]:
        return "The gangsters take their guns"
    step = STEPS.get(view.get("phase") or "", title(view.get("phase") or "the round"))
    waiting = view.get("waiting_for") or []
    wait = f"; waiting for {w.names(waiting)}" if waiting else ""
    return f"Round {game['round']} of {game['rounds']}: {step}{wait}"


def _numbers(view: dict[str, Any]) -> dict[tuple[str, str], int]:
    """(gun, card) -> the number the open bullet request gives that card, as a prompt numbers it."""
    numbered: dict[tuple[str, str], int] = {}
    for request in view.get("requests") or []:
        field = (request.get("answer") or {}).get("card")
        if request.get("action") != "bullet" or not field:
            continue
        gun = str(request.get("id") or "").split(".", 2)[-1]
        for number, option in enumerate(field.get("options", ()), start=1):
            numbered[(gun, option["value"])] = number
    return numbered


def _hand(view: dict[str, Any], game: dict[str, Any], seat: str, w: Words) -> Zone:
    numbers = _numbers(view)
    cards: list[Card] = []
    guns = game["my_guns"]
    for gun, held in guns.items():
        whose = "" if gun == seat else f"{w.possessive(gun)} gun"
        for kind in CARDS:
            n = held.count(kind)
            if n:
                notes = (whose,) if whose else ()
                cards.append(
                    Card(
                        name=CARD_NAMES[kind],
                        kind="bullet card",
                        stats=(Stat("In hand", str(n)),),
                        text=CARD_TEXT[kind],
                        notes=notes,
                        number=numbers.get((gun, kind)),
                        tone=TONES[kind],
                    )
                )
        loaded = game["my_bullets"].get(gun)
        if loaded:
            aim = game["my_targets"].get(gun)
            notes = ("loaded, face down", *((f"aimed at {w.name(aim)}",) if aim else ()), *((whose,) if whose else ()))
            cards.append(Card(name=CARD_NAMES[loaded], kind="bullet card", text=CARD_TEXT[loaded], notes=notes, tone=TONES[loaded]))
    me = _gangster(game, seat)
    if me and me["power"]:
        state = "face up" if me["power_revealed"] else "face down: secret until you use it"
        cards.append(Card(name=me["power_title"], kind="special power", text=me["power_text"] or "", notes=(state,), tone="gold"))
    notes = () if cards else ("no bullet cards left",)
    return Zone(title="Your hand", role="hand", owner=seat, cards=tuple(cards), notes=notes)


def _gangster(game: dict[str, Any], name: str) -> dict[str, Any] | None:
    return next((g for g in game["gangsters"] if g["name"] == name), None)


def _counters(g: dict[str, Any]) -> tuple[Stat, ...]:
    stats = [Stat("Cash", money(g["money"]), hint=listing([money(n) for n in g["notes"]], empty="no banknotes yet"))]
    stats.append(Stat("Wounds", str(g["wounds"]), hint="a gangster who collects three wounds dies"))
    stats.append(Stat("Shame tokens", str(g["shame"]), hint="each shame token costs money when the money is counted"))
    if g["guns"] > 1:
        stats.append(Stat("Guns", str(g["guns"])))
    return tuple(stats)


def _states(g: dict[str, Any], game: dict[str, Any], w: Words) -> list[str]:
    """What happened to the gangster this round, as short notes."""
    notes = []
    if not g["alive"]:
        notes.append("dead")
    if g["sat_out"]:
        notes.append("sits this round out")
    if g["coward"]:
        notes.append("backed down: gangster tipped over")
    if g["hit"] and g["alive"]:
        notes.append(f"hit this round ({count(g['wounded_now'], 'wound')})" if g["wounded_now"] else "hit this round")
    holders = game.get("holders", {})
    for gun, fired in game["fired"].items():
        if holders.get(gun, gun) == g["name"]:
            target = game["targets"].get(gun)
            notes.append(f"fired {CARD_NAMES.get(fired, fired)}" + (f" at {w.name(target)}" if target else ""))
    return notes


BEFORE_SHOWDOWN = frozenset({"bullets", "aim", "late-aim", "late-bullet", "nerve"})
"""The phases in which a gangster's own sealed aim or nerve is still a plan: from the
showdown on (and once the game is over) it is spent, revealed or not."""


def _area(g: dict[str, Any], game: dict[str, Any], seat: str | None, w: Words, waiting: list[str]) -> Zone:
    own = g["name"] == seat
    cards: list[Card] = []
    backs: list[Backs] = []
    if not own:
        if g["power"]:
            cards.append(Card(name=g["power_title"], kind="special power", text=g["power_text"] or "", notes=("face up",), tone="gold"))
        elif g["power_dealt"]:
            backs.append(Backs("special power, face down", 1))
        if g["alive"]:
            backs.append(Backs(f"bullet card{'' if g['bullets_left'] == 1 else 's'} in hand", g["bullets_left"]))
    notes = _states(g, game, w)
    if own and game.get("phase") in BEFORE_SHOWDOWN:
        plans = [f"you will aim at {w.name(t)}" for gun, t in game["my_targets"].items() if gun not in game["targets"]]
        nerve = game.get("my_nerve")
        if nerve is not None and game.get("phase") == "nerve":
            plans.append("you will stay in" if nerve else "you will back down")
        notes += [f"{plan} (secret until revealed)" for plan in plans]
    return Zone(
        title="You" if own else g["name"],
        role="mine" if own else "opponent",
        owner=g["name"],
        active=g["name"] in waiting,
        counters=_counters(g),
        cards=tuple(cards),
        backs=tuple(backs),
        notes=tuple(notes),
    )


def _loot(game: dict[str, Any]) -> Zone:
    pot = game["pot"]
    notes = () if pot else ("the pot is empty",)
    return Zone(
        title="The loot",
        role="board",
        counters=(
            Stat("Pot", money(sum(pot)), hint="shared evenly by the gangsters still standing, without change"),
            *((Stat("Banknotes", ", ".join(money(n) for n in pot)),) if pot else ()),
        ),
        backs=(Backs("banknotes face down", game["loot_left"]),),
        notes=notes,
    )


def _arrows(game: dict[str, Any], w: Words) -> tuple[Arrow, ...]:
    # Only aims the rulebook has made public ("on three, everyone points"): the view's targets.
    holders = game.get("holders", {})
    arrows = []
    for gun, target in game["targets"].items():
        holder = holders.get(gun, gun)
        label = "aims at" if holder == gun else f"aims {w.possessive(gun)} gun at"
        arrows.append(Arrow(source=holder, target=target, label=label))
    return tuple(arrows)


def _standings(view: dict[str, Any], game: dict[str, Any]) -> tuple[Place, ...]:
    result = view.get("result")
    if not result:
        return ()
    places = []
    for standing in result.get("standings", ()):
        g = _gangster(game, standing["seat"])
        if g is None or g["total"] is None:
            continue
        bonus = g["bonus"] or 0
        shame_cost = g["money"] + bonus - g["total"]
        breakdown = [Stat("Banknotes", money(g["money"]))]
        if g["shame"] or shame_cost:
            breakdown.append(Stat(f"Shame ({count(g['shame'], 'token')})", money(-shame_cost)))
        if bonus:
            label = g["power_title"] or "Powers"
            breakdown.append(Stat(label, ("+" if bonus > 0 else "") + money(bonus), hint="paid by the bank at the end"))
        places.append(Place(place=standing["place"], seat=standing["seat"], total=money(g["total"]), breakdown=tuple(breakdown)))
    return tuple(places)


@hookimpl
def referee_present(view: dict[str, Any], seat: str | None) -> Presentation:
    game = view["view"]
    w = Words(seat)
    waiting = list(view.get("waiting_for") or [])
    zones = [_loot(game)]
    me = _gangster(game, seat) if seat else None
    if me is not None:
        zones.append(_hand(view, game, me["name"], w))
        zones.append(_area(me, game, seat, w, waiting))
    zones += [_area(g, game, seat, w, waiting) for g in game["gangsters"] if g["name"] != seat]
    return Presentation(
        title="Cash'n'Guns",
        status=_status(view, game, w),
        zones=tuple(zones),
        arrows=_arrows(game, w),
        standings=_standings(view, game),
    )

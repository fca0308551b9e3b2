"""A pimp's view laid out as the table they sit at (``referee_present``).

From the top: each opponent's pad (their tokens, bitches and special cards in play, and
their hand, edge slots and deck as counted backs), the street every pimp's bitches work
in (each marked with her pimp), then your own pad, your edge slots and your hand, every
card with all its numbers and a special card with its rules text.  Built from the seat's
view alone, so it shows nothing the view does not.
"""

from __future__ import annotations

from typing import Any

from referee import Backs, Card, Place, Presentation, Stat, Zone, hookimpl
from referee.words import Words, count, listing, money

from .cards import VOCABULARY
from .events.doing_shit import ACTIONS_PER_TURN
from .events.words import with_copy

KINDS = {"escort": "escort", "streetwalker": "streetwalker", "special": "special card"}


def _name(face: dict[str, Any]) -> str:
    return with_copy(str(face["name"]), str(face["id"]))


def _service(service: str) -> str:
    known = VOCABULARY.services.get(service)
    return known.name if known else service.replace("-", " ").capitalize()


def _bitch_stats(face: dict[str, Any]) -> tuple[Stat, ...]:
    stats = [
        Stat("Cost", str(face["cost"]), "influence to bring her into play; her power as a power card"),
        Stat("Looks", str(face["looks"])),
        Stat("Fight", str(face["fight"])),
        Stat("Stamina", str(face["stamina"])),
    ]
    # Every bitch offers Standard once; a level above that, or any other service, is hers.
    for service, level in face.get("services", {}).items():
        if service != "standard" or level > 1:
            stats.append(Stat(_service(service), str(level), f"power cards she draws in a looks test for {_service(service)}"))
    if face.get("money"):
        stats.append(Stat("Money", money(face["money"]), "money on her, not yet in the money pile"))
    return tuple(stats)


def _bitch_text(face: dict[str, Any]) -> str:
    """What a bitch does, from her card: the services she offers (a power card a level in a
    looks test for a punter wanting it) and whether her name is unique (an escort's is)."""
    offered = face.get("services", {})
    order = [s for s in VOCABULARY.services if s in offered] + [s for s in offered if s not in VOCABULARY.services]
    services = [_service(s) if offered[s] == 1 else f"{_service(s)} (level {offered[s]})" for s in order]
    if face["kind"] == "escort":
        who = f"Named: one {face['name']} in play at a time."
    else:
        who = "Nameless: any number in play."
    return f"Offers {listing(services) or 'no service'}. {who}"


def card(face: dict[str, Any], kind: str | None = None, *, number: int | None = None, tone: str = "", text: bool = False) -> Card:
    """One card's face: a bitch with her numbers (and money, in play), a special card with
    what it does.  A bitch held (``text``) also says what she does; on the table her numbers
    say enough."""
    if face["kind"] == "special":
        return Card(
            name=_name(face),
            kind=kind or KINDS["special"],
            text=str(face.get("text", "")),
            number=number,
            tone=tone,
        )
    return Card(
        name=_name(face),
        kind=kind or KINDS.get(face["kind"], face["kind"]),
        stats=_bitch_stats(face),
        text=_bitch_text(face) if text else "",
        notes=("shagged out",) if face.get("shagged_out") else (),
        number=number,
        tone=tone,
    )


def _status(view: dict[str, Any], game: dict[str, Any], w: Words) -> str:
    result = view.get("result")
    if result:
        winners = list(result.get("winners", ()))
        best = max((p["money"] for p in game["pimps"] if p["name"] in winners), default=0)
        if not winners:
            return "Game over: every pimp is out"
        verb = "win" if len(winners) > 1 or w.is_reader(winners[0]) else "wins"
        return f"Game over: {w.names(winners)} {verb} with {money(best)} in the money pile"
    turn = game.get("turn")
    if not turn:
        return "Setting up"
    active = game.get("active")
    phase = " ".join(word.capitalize() for word in str(game.get("phase") or "").split())
    parts = [f"{w.possessive(active)} turn" if active else ""]
    if phase:
        parts.append(phase)
    if game.get("phase") == "doing shit" and game.get("actions", 0) < ACTIONS_PER_TURN:
        parts.append(f"action {game['actions'] + 1} of {ACTIONS_PER_TURN}")
    waiting = [s for s in view.get("waiting_for", ()) if s != active]
    if waiting:
        parts.append(f"waiting for {w.names(waiting)}")
    return f"Turn {turn} of {game.get('turns', turn)}: " + ", ".join(p for p in parts if p)


def _counters(p: dict[str, Any]) -> tuple[Stat, ...]:
    stats = [
        Stat("Influence", str(p["influence"]), "red tokens: bringing bitches into play, influence tests; 0 at the end of a turn is out"),
        Stat("Money pile", money(p["money"]), "green tokens: the most money wins"),
    ]
    if p["bribe"]:
        stats.append(Stat("Bribe due", money(p["bribe"]), "to the police by the end of Doing Shit, or out of the game"))
    if p["retired"]:
        names = listing([_name(c) for c in p["retired"]])
        stats.append(Stat("Retirement pile", count(len(p["retired"]), "card"), names))
    return tuple(stats)


def _cards(n: int) -> str:
    """A label for ``n`` backs, which a renderer puts after the count ("1 card in Ann's deck")."""
    return "card" if n == 1 else "cards"


def _pad(p: dict[str, Any], w: Words, role: str, active: bool) -> Zone:
    """A pimp's pad: their tokens, the bitches in it, the special cards they have played and,
    for an opponent, what they hold face down as counted backs."""
    whose = w.possessive(p["name"])
    cards = [card(b, tone=p["name"]) for b in p["pad"]]
    cards += [card(s, "special card in play") for s in p["specials"]]
    backs = []
    if role == "opponent":
        if isinstance(p["hand"], list):  # the game is over: every hand is shown
            cards += [card(c, f"{KINDS.get(c['kind'], c['kind'])}, in the hand") for c in p["hand"]]
        elif p["hand"]:
            backs.append(Backs(f"{_cards(p['hand'])} in {whose} hand", p["hand"]))
        if isinstance(p["edges"], int) and p["edges"]:
            backs.append(Backs(f"{_cards(p['edges'])} in {whose} edge slots", p["edges"]))
    if p["deck"]:
        backs.append(Backs(f"{_cards(p['deck'])} in {whose} deck", p["deck"]))
    notes = ["Out of the game"] if p["out"] else []
    if not p["pad"]:
        notes.append(f"Nobody in {whose} pad")
    return Zone(
        title=f"{whose[:1].upper()}{whose[1:]} pad",
        role=role,  # type: ignore[arg-type]
        owner=p["name"],
        active=active,
        counters=_counters(p),
        cards=tuple(cards),
        backs=tuple(backs),
        notes=tuple(notes),
    )


def _street(pimps: list[dict[str, Any]], w: Words) -> Zone:
    """The street every pimp's bitches work in, each marked with her pimp."""
    cards = tuple(
        card(b, f"{w.possessive(p['name'])} {KINDS.get(b['kind'], b['kind'])}", tone=p["name"]) for p in pimps for b in p["street"]
    )
    return Zone(title="The street", role="board", cards=cards, notes=() if cards else ("Nobody works the street",))


def _edges(me: dict[str, Any]) -> Zone:
    """Your edge slots, each card numbered by its slot, as the draw and edge slot requests number them."""
    held = [(n, face) for n, face in enumerate(me["edges"], start=1) if face]
    empty = [str(n) for n, face in enumerate(me["edges"], start=1) if not face]
    notes = (f"Edge {'slot' if len(empty) == 1 else 'slots'} {listing(empty)} {'is' if len(empty) == 1 else 'are'} empty",) if empty else ()
    return Zone(
        title="Your edge slots",
        role="hand",
        owner=me["name"],
        cards=tuple(card(face, f"edge slot {n}", number=n, text=True) for n, face in held),
        notes=notes,
    )


def _hand(me: dict[str, Any]) -> Zone:
    return Zone(
        title="Your hand",
        role="hand",
        owner=me["name"],
        cards=tuple(card(face, text=True) for face in me["hand"]),
        notes=() if me["hand"] else ("No cards in your hand",),
    )


def _standings(view: dict[str, Any]) -> tuple[Place, ...]:
    result = view.get("result") or {}
    places = []
    for standing in result.get("standings", ()):
        score = int(standing.get("score") or 0)
        breakdown = [Stat("Money pile", money(score), "only the money pile counts, not money still on bitches")]
        if standing.get("note"):
            breakdown.append(Stat("Status", "out of the game", "a pimp who is out cannot win, whatever their money"))
        places.append(Place(place=int(standing["place"]), seat=str(standing["seat"]), total=money(score), breakdown=tuple(breakdown)))
    return tuple(places)


@hookimpl
def referee_present(view: dict[str, Any], seat: str | None) -> Presentation | None:
    game = view.get("view") or {}
    if "pimps" not in game:
        return None
    w = Words(seat)
    pimps: list[dict[str, Any]] = game["pimps"]
    me = next((p for p in pimps if p["name"] == seat), None)
    active = game.get("active")
    zones = [_pad(p, w, "opponent", p["name"] == active) for p in pimps if p is not me]
    zones.append(_street(pimps, w))
    if me is not None:
        zones.append(_pad(me, w, "mine", me["name"] == active))
        if isinstance(me["edges"], list):
            zones.append(_edges(me))
        if isinstance(me["hand"], list):
            zones.append(_hand(me))
    return Presentation(title="Pimp", status=_status(view, game, w), zones=tuple(zones), standings=_standings(view))

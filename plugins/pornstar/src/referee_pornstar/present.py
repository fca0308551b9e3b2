"""A PornStar table laid out for a person (``referee_present``), from the seat's view alone.

Your hand (every card with its name, numbers and rules text), your studio (money, score,
Stars and Films), each other studio (the same, its hand as counted backs), and the table
(the deck as backs, the discard pile, an auction, a loan or deal under way, the last
round).  When the game is over, the standings say what each score is made of (Victory!:
cash, each Film not Wanked at its production cost, double for Adult Film of the Year).
"""

from __future__ import annotations

from typing import Any

import msgspec

from referee import Backs, Card, Place, Presentation, Stat, Zone, hookimpl
from referee.words import Words, count, money

from .events import WANKED, clause, deal_terms
from .faces import GENDER

PHASES = {
    "mulligan": "The Setup: a new hand for a hand without a Star",
    "placing": "The Setup: the free placing of Stars",
    "residuals": "Residuals",
    "draw": "the draw",
    "stars": "Stars into play",
    "dealing": "deals from the other studios",
    "production": "producing Films",
    "maintenance": "Maintenance",
}
"""Each phase of the flow by its rulebook heading."""

KINDS = {"star": 0, "film": 1, "play": 2}
SCORE_HINT = "cash, plus the production cost of each Film not Wanked (double for Adult Film of the Year)"


def _lying_on(game: dict[str, Any], target: str) -> list[str]:
    """The titles of the Play cards lying on ``target`` (a Star or a Film)."""
    return [_title(game, card) for card, lying in game["lasting"].items() if lying["target"] == target]


def _title(game: dict[str, Any], card: str) -> str:
    face = game["cards"].get(card, {})
    return str(face.get("name") or face.get("title") or "a card")


def star_card(game: dict[str, Any], star: str, words: Words) -> Card:
    face = game["cards"][star]
    gender, _ = GENDER[face["gender"]]
    # Her Specialty and gender on the kind line, as the rulebook speaks of "each Amateur
    # Star" (her rules text says what the Specialty is worth): one line, not two.
    stats = (
        Stat("Filming", money(face["filming"]), "paid for each Film the Star is in"),
        Stat("Maintenance", money(face["maintenance"]), "paid at the end of a turn the Star is in no Film"),
    )
    notes = []
    used = game["used"].get(star, 0)
    if used:
        notes.append("in a Film this turn" if used == 1 else f"in {used} Films this turn")
    if star in game["brought"]:
        notes.append("new this turn: no Maintenance")
    if star in game["rented"]:
        notes.append(f"rented to {words.name(game['rented'][star])} for one Film")
    notes += [f"with {title}" for title in _lying_on(game, star)]
    return Card(
        name=face["name"],
        kind=f"{face['specialty']} {gender} Star",
        stats=stats,
        text=face["text"],
        notes=tuple(notes),
        number=face.get("copy"),
        tone="star",
    )


def film_card(game: dict[str, Any], film: str, words: Words) -> Card:
    face = game["cards"][film]
    needs = [f"{count(face['males'], 'Male')}"] if face["males"] else []
    needs += [f"{count(face['females'], 'Female')}"] if face["females"] else []
    needs += [f"{face['any']} more"] if face["any"] else []
    stats = (
        Stat("Cost", money(face["cost"])),
        Stat("Needs", " + ".join(needs), "at least so many Stars of each gender"),
    )
    notes = []
    produced = game["films"].get(film)
    if produced is not None:
        if produced["wanked"]:
            # In favour is how every Film starts: only its fall is news.
            notes.append(WANKED[produced["wanked"]])
        if produced["marker"]:
            notes.append(f"{produced['marker']:+d} to its Residual rolls")
        if produced["award"]:
            notes.append("Adult Film of the Year: scores double")
        if produced["producer"] != produced["owner"]:
            notes.append(f"produced by {words.name(produced['producer'])}")
        notes += [f"with {title}" for title in _lying_on(game, film)]
    return Card(
        name=face["title"],
        kind=f"{face['specialty']} Film",
        stats=stats,
        text=face["text"],
        notes=tuple(notes),
        number=face.get("copy"),
        tone="film",
    )


def play_card(game: dict[str, Any], card: str, words: Words) -> Card:
    face = game["cards"][card]
    stats = (Stat("Lasts", face["lasts"]),) if face.get("lasts") else ()
    notes = [] if face.get("playable", True) else ["no rule of this table plays it"]
    lying = game["lasting"].get(card)
    if lying is not None and lying["target"] in game["studios"]:
        notes.append(f"played by {words.name(lying['seat'])}")
    kind = f"Play card: {face['card_type']}" if face["card_type"] else "Play card"
    return Card(name=face["title"], kind=kind, stats=stats, text=face["text"], notes=tuple(notes), number=face.get("copy"), tone="play")


def card_face(game: dict[str, Any], card: str, words: Words) -> Card:
    kind = game["cards"][card]["type"]
    return {"star": star_card, "film": film_card, "play": play_card}[kind](game, card, words)


def _own_words(game: dict[str, Any], card: str, face: Card) -> Card:
    """A Star or Film in a studio with only what its card says beyond the rulebook's
    sentence, which its kind line and numbers already say (its Specialty, Filming and
    Maintenance; its cast and cost): a studio of a dozen cards reads at a glance.  The hand
    shows the whole text."""
    data = game["cards"][card]
    if data["type"] == "star":
        _, pronoun = GENDER[data["gender"]]
        rules = f"or {pronoun} goes up for auction."
    else:
        rules = "at the end unless Wanked."
    _, found, own = face.text.partition(rules)
    return msgspec.structs.replace(face, text=own.strip()) if found else face


def _studio_cards(game: dict[str, Any], seat: str, words: Words) -> tuple[Card, ...]:
    studio = game["studios"][seat]
    shown = [_own_words(game, s, star_card(game, s, words)) for s in studio["stable"]]
    shown += [_own_words(game, f, film_card(game, f, words)) for f in studio["films"]]
    # A card lasting the turn without a Star or Film to lie on lies before its player.
    shown += [play_card(game, c, words) for c, lying in game["lasting"].items() if lying["seat"] == seat and lying["target"] in ("", seat)]
    return tuple(shown)


def _cards(where: str, n: int) -> str:
    """A Backs label agreeing with its count, which the renderer writes before it."""
    return f"{'card' if n == 1 else 'cards'} {where}"


def _counters(studio: dict[str, Any]) -> tuple[Stat, ...]:
    return (Stat("Money", money(studio["money"])), Stat("Score", money(studio["score"]), SCORE_HINT))


def _own_notes(view: dict[str, Any], game: dict[str, Any], words: Words) -> list[str]:
    notes = ["out of business"] if game["studios"][view["seat"]]["out"] else []
    chosen = game.get("chosen")
    if chosen and chosen["doing"] == "make-film":
        notes.append(f"casting {_title(game, chosen['subject'])}")
    elif chosen and chosen["doing"] == "play-card":
        notes.append(f"playing {_title(game, chosen['subject'])}")
    if game["proposed"]:
        notes.append(f"{count(game['proposed'], 'deal')} proposed this turn, of 3 at most")
    return notes


def studio_zones(view: dict[str, Any], game: dict[str, Any], words: Words) -> list[Zone]:
    seat = view["seat"] if view["seat"] in game["studios"] else None
    zones = []
    if seat is not None:
        hand = sorted(game["hand"], key=lambda c: KINDS.get(game["cards"][c]["type"], 3))
        zones.append(Zone(title="Your hand", role="hand", owner=seat, cards=tuple(card_face(game, c, words) for c in hand)))
        zones.append(
            Zone(
                title="Your studio",
                role="mine",
                owner=seat,
                active=view["active"] == seat,
                counters=_counters(game["studios"][seat]),
                cards=_studio_cards(game, seat, words),
                notes=tuple(_own_notes(view, game, words)),
            )
        )
    for other in game["order"]:
        if other == seat:
            continue
        studio = game["studios"][other]
        zones.append(
            Zone(
                title=f"{other}'s studio",
                role="opponent",
                owner=other,
                active=view["active"] == other,
                counters=_counters(studio),
                cards=_studio_cards(game, other, words),
                backs=(Backs(_cards("in hand", studio["hand"]), studio["hand"]),),
                notes=("out of business",) if studio["out"] else (),
            )
        )
    return zones


def board(view: dict[str, Any], game: dict[str, Any], words: Words) -> Zone:
    cards: list[Card] = []
    notes = []
    auction = game["auction"]
    if auction:
        face = star_card(game, auction["star"], words)
        bid = f"{words.name(auction['leader'])} {words.verb(auction['leader'], 'bids')} {money(auction['high'])}"
        state = bid if auction["leader"] else f"opening bid {money(auction['opening'])}"
        cards.append(Card(face.name, face.kind, face.stats, face.text, (f"up for auction: {state}",), face.number, face.tone))
    put_up = game.get("put_up")
    if put_up:
        face = film_card(game, put_up["film"], words)
        cast = ", ".join(_title(game, s) for s in put_up["stars"])
        ads = f", {money(put_up['advertising'])} of Advertising" if put_up["advertising"] else ""
        put = f"put up by {words.name(put_up['seat'])} with {cast}{ads}: replies, then the roll"
        cards.append(Card(face.name, face.kind, face.stats, face.text, (put,), face.number, face.tone))
    for star in game["lots"]:
        face = star_card(game, star, words)
        cards.append(Card(face.name, face.kind, face.stats, face.text, ("waiting to be auctioned",), face.number, face.tone))
    if game["final_round"] and not view.get("result"):
        notes.append("The last round: once more around the table, with no draws and no Maintenance")
    loan = game["loan"]
    if loan:
        notes.append(f"{words.says(loan['borrower'], 'begs', words.name(loan['lender']))} for a loan of {money(loan['dollars'])}")
    deal = game["offer"]
    if deal:
        asked = clause(words, deal["party"], "gives", count(deal["ask_cards"], "card") + " from hand") if deal["ask_cards"] else ""
        names = {c: _title(game, c) for c in [*deal["give"], *deal["get"], *deal["rent"]]}
        terms = deal_terms(
            words,
            deal["proposer"],
            deal["party"],
            deal["give_money"],
            deal["get_money"],
            deal["give"],
            deal["get"],
            deal["rent"],
            asked,
            deal["terms"],
            names,
        )
        notes.append(f"Deal {deal['deal']} on the table: {terms}")
    counters = (Stat("Discard pile", count(len(game["discard"]), "card")),)
    backs = (
        Backs(_cards("in the deck", game["deck"]), game["deck"]),
        Backs(_cards("set aside by studios that gave up", game["retired"]), game["retired"]),
    )
    return Zone(title="The table", role="board", counters=counters, cards=tuple(cards), backs=backs, notes=tuple(notes))


def status(view: dict[str, Any], game: dict[str, Any], words: Words) -> str:
    result = view.get("result")
    if result:
        winners = list(result["winners"])
        won = words.subjects(winners, "win") if winners else "Nobody wins"
        return f"Game over: {result['reason']}. {won}."
    phase = PHASES.get(view.get("phase") or "", "")
    waiting = [s for s in view.get("waiting_for", []) if s != view["active"]]
    wait = f"; waiting for {words.names(waiting)}" if waiting else ""
    if not view["round"]:
        return f"{phase or 'The Setup'}{wait}"
    last = " (the last round)" if game["final_round"] else ""
    turn = f"{words.possessive(view['active'])} turn" if view["active"] else "between turns"
    return f"Round {view['round']}{last}: {turn}" + (f", {phase}" if phase else "") + wait


def standings(view: dict[str, Any], game: dict[str, Any]) -> tuple[Place, ...]:
    result = view.get("result")
    if not result:
        return ()
    places = []
    for standing in result["standings"]:
        worth = game["studios"][standing["seat"]]["worth"]
        breakdown = (
            Stat("Cash", money(worth["cash"])),
            Stat("Films", money(worth["films"]), "the production cost of each Film not Wanked"),
            Stat("Adult Film of the Year", money(worth["awards"]), "double the production cost of each such Film not Wanked"),
        )
        total = int(standing.get("score") or 0)
        places.append(Place(place=standing["place"], seat=standing["seat"], total=money(total), breakdown=breakdown))
    return tuple(places)


@hookimpl
def referee_present(view: dict[str, Any], seat: str | None) -> Presentation | None:
    game = view.get("view") or {}
    if view.get("game") != "pornstar" or "studios" not in game:
        return None
    words = Words(seat)
    zones = [*studio_zones(view, game, words), board(view, game, words)]
    return Presentation(title="PornStar", status=status(view, game, words), zones=tuple(zones), standings=standings(view, game))

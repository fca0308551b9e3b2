"""Candidate bodies for hidden entries, from nothing but the entry's header and what the
rules make public (the seats, the guns, the round an entry falls in).

Each guesser enumerates the values the game allows:

* Cash'n'Guns: every power (PowerDealt), every bullet card for every gun (BulletChosen,
  BulletDiscarded with every reason the rules give), every target (TargetChosen), both
  nerves (NerveShown), and every answer to every request a gangster can be asked
  (bullet with or without a power revealed, aim, nerve, reload, claim, take-gun);
* Pigsty to Palace: every order text of at most ``PIGSTY_CLAUSES`` clauses with amounts
  0 to ``PIGSTY_MAX_AMOUNT`` over the other farmers (the grammar of rule 10.1, written as
  ``letter amount [farmer]`` joined by ``; `` as the bots and the rulebook write them),
  both as the answer (ActionTaken) and as the orders it parses to (OrdersWritten);
* Pimp: every influence bid from 0 to ``PIMP_MAX_BID`` (InfluenceBid and its answer);
* Pimp: The Backhanding: every card of the Draw deck taken by every thief from every
  victim (CardStolen, visible to the two of them) and every one-card deal (The Fixer's).
* PornStar: every card of the list for a card taken into a hand (CardTaken), and every
  answer to the draw (``extra`` 0 to 2) and the mulligan (yes or no).

Everything else (shuffles, request prompts, cards drawn) is covered by the true body and
its one-field variations (``attacker.with_truth``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import cache

import msgspec
from attacker import Body, Known

from referee.log import Entry
from referee_backhanding.cards import DEFAULT as BACKHANDING_CARDS
from referee_cashnguns.components import CARDS
from referee_cashnguns.powers import POWERS
from referee_pigsty.orders import parse_orders
from referee_pornstar.data import STANDARD as PORNSTAR_TABLES
from referee_pornstar.table import Cards as PornStarCards

PIGSTY_MAX_AMOUNT = 3
PIGSTY_CLAUSES = 2
PIMP_MAX_BID = 40
PORNSTAR_CARDS = PORNSTAR_TABLES.card_ids()
PORNSTAR_NAMES = PornStarCards(PORNSTAR_TABLES)


def _answer(seat: str, action: str, args: Body, request: str) -> Body:
    return {"seat": seat, "action": action, "args": args, "request": request}


# --- Cash'n'Guns --------------------------------------------------------------------------


def _cashnguns_answers(seat: str, round: int, known: Known) -> Iterator[Body]:
    guns = [g for g, owner in known.guns.items()] or [seat]
    for gun in guns:
        rid = f"r{round}.bullet.{gun}"
        for card in CARDS:
            yield _answer(seat, "bullet", {"card": card}, rid)
            for power in POWERS:
                yield _answer(seat, "bullet", {"card": card, "reveal": power}, rid)
        for power in POWERS:
            yield _answer(seat, "bullet", {"reveal": power}, rid)
        for target in known.seats:
            yield _answer(seat, "aim", {"target": target}, f"r{round}.aim.{gun}")
        # The Specialist's question, asked of whoever fired Bang! Bang! Bang!: keep, or give up a card.
        yield _answer(seat, "reload", {}, f"r{round}.reload.{gun}")
        for card in CARDS:
            yield _answer(seat, "reload", {"discard": card}, f"r{round}.reload.{gun}")
    for nerve in ("stay-in", "back-down"):
        yield _answer(seat, "nerve", {"nerve": nerve}, f"r{round}.nerve.{seat}")
    for brave in (True, False):  # a table stored before the choice was named
        yield _answer(seat, "nerve", {"brave": brave}, f"r{round}.nerve.{seat}")
    # Claims and gun offers as answer shapes ask them: one pick, or nothing picked.
    for claim in ("stay-down", *POWERS):
        yield _answer(seat, "claim", {"claim": claim}, f"r{round}.claim.{seat}")
    yield _answer(seat, "take-gun", {}, f"r{round}.take-gun.{seat}")
    for dead in known.seats:
        yield _answer(seat, "take-gun", {"take": dead}, f"r{round}.take-gun.{seat}")


def _discard_reasons(known: Known) -> list[str]:
    return [
        "backed down",
        "not fired",
        "sat the round out",
        "hit by Bang! Bang! Bang! before shooting",
        "the round ended there, before this card was fired",
    ] + [f"aimed at {t}, who is out of the round" for t in known.seats]


def cashnguns(entry: Entry, known: Known) -> Iterator[Body]:
    owner = (entry.visible_to or [""])[0] if entry.visible_to else (entry.seat or "")
    guns = list(known.guns) or known.seats
    match entry.type:
        case "referee.ActionTaken":
            yield from _cashnguns_answers(entry.seat or owner, known.round_at.get(entry.seq, 0), known)
        case "cashnguns.PowerDealt":
            for power in POWERS:
                yield {"gangster": owner, "power": power}
        case "cashnguns.BulletChosen":
            for gun, card in itertools.product(guns, CARDS):
                yield {"gangster": owner, "gun": gun, "card": card}
        case "cashnguns.BulletDiscarded":
            for gun, card, reason in itertools.product(guns, CARDS, _discard_reasons(known)):
                yield {"gangster": owner, "gun": gun, "card": card, "reason": reason}
        case "cashnguns.TargetChosen":
            for gun, target in itertools.product(guns, known.seats):
                yield {"gangster": owner, "gun": gun, "target": target}
        case "cashnguns.NerveShown":
            for brave in (True, False):
                yield {"gangster": owner, "brave": brave}


# --- Pigsty to Palace ---------------------------------------------------------------------

_LETTERS = {"punishment": "P", "investment": "I", "guards": "G", "stealing": "S", "trading": "T", "yeomen": "Y"}


def pigsty_clauses(others: list[str], max_amount: int = PIGSTY_MAX_AMOUNT) -> list[str]:
    clauses = []
    for kind, letter in _LETTERS.items():
        for amount in range(max_amount + 1):
            if kind in ("stealing", "trading"):
                clauses += [f"{letter} {amount} {other}" for other in others]
            else:
                clauses.append(f"{letter} {amount}")
    return clauses


@cache
def pigsty_orders(farmer: str, farmers: tuple[str, ...]) -> tuple[tuple[str, Body], ...]:
    """Every order text of the grammar for ``farmer``, with the OrdersWritten body it parses to."""
    clauses = pigsty_clauses([f for f in farmers if f != farmer])
    texts = [""] + ["; ".join(combo) for n in range(1, PIGSTY_CLAUSES + 1) for combo in itertools.product(clauses, repeat=n)]
    written = []
    for text in texts:
        orders, total = parse_orders(text, farmer=farmer, farmers=list(farmers), eliminated=[])
        written.append((text, {"farmer": farmer, "orders": msgspec.to_builtins(list(orders)), "stated_total": total}))
    return tuple(written)


def pigsty(entry: Entry, known: Known) -> Iterator[Body]:
    farmer = (entry.visible_to or [""])[0] if entry.visible_to else ""
    if not farmer:
        return
    orders = pigsty_orders(farmer, tuple(known.seats))
    turn = known.round_at.get(entry.seq, 0)
    if entry.type == "referee.ActionTaken":
        for text, _ in orders:
            yield _answer(farmer, "orders", {"text": text}, f"turn{turn}.orders.{farmer}")
    elif entry.type == "pigsty.OrdersWritten":
        for _, body in orders:
            yield body


# --- Pimp ---------------------------------------------------------------------------------


def pimp(entry: Entry, known: Known) -> Iterator[Body]:
    owner = (entry.visible_to or [""])[0] if entry.visible_to else ""
    if entry.type == "pimp.InfluenceBid":
        for tokens in range(PIMP_MAX_BID + 1):
            yield {"pimp": owner, "tokens": tokens}
    elif entry.type == "referee.ActionTaken":
        turn = known.turn_at.get(entry.seq, 0)
        for tokens in range(PIMP_MAX_BID + 1):
            yield _answer(owner, "bid", {"tokens": tokens}, f"t{turn}.bid.{owner}")


# --- Pimp: The Backhanding -----------------------------------------------------------------

BACKHANDING_DRAWS = sorted(c.id for c in BACKHANDING_CARDS.values() if c.deck == "draw")


def backhanding(entry: Entry, known: Known) -> Iterator[Body]:
    if entry.type == "backhanding.CardStolen":
        for thief, victim in itertools.permutations(entry.visible_to or known.seats, 2):
            for card in BACKHANDING_DRAWS:
                yield {"thief": thief, "victim": victim, "card": card}
    elif entry.type == "backhanding.DrawCardsDealt":
        for seat in entry.visible_to or known.seats:
            for card in BACKHANDING_DRAWS:
                yield {"seat": seat, "cards": [card], "reason": "The Fixer"}


# --- PornStar -----------------------------------------------------------------------------


def pornstar(entry: Entry, known: Known) -> Iterator[Body]:
    owner = (entry.visible_to or [""])[0] if entry.visible_to else ""
    if entry.type == "pornstar.CardTaken":
        for card in PORNSTAR_CARDS:
            # The card's name, as the event carries it, is the card list's: no new secret.
            yield {"seat": owner, "card": card, "names": {card: PORNSTAR_NAMES.name(card)}}


GUESSERS = {"cashnguns": cashnguns, "pigsty": pigsty, "pimp": pimp, "backhanding": backhanding, "pornstar": pornstar}

"""Setup (rulebook 1, 3, 3.1): the card set, the decks, the street, the deals, and the limit of 7 pimps.

Setup is the flow's phase before the first round (``rounds.FLOW``): ``set_up`` deals, and
asks every player over the limit which pimps to discard; the first round begins once they
have answered.  Dealing Draw cards and the limit serve money counting too.
"""

from __future__ import annotations

from typing import Any

import referee
from referee import Decision, Option, Subset

from . import cards as card_data
from .cards import PIMP_LIMIT, CardError, build
from .common import R_CARDS, R_MONEY_DRAW, R_SETUP, R_SETUP_LIMIT, game_of
from .declarations import declared_cards, declared_effects
from .events import (
    CardsLaid,
    DecksShuffled,
    DiscardsShuffled,
    DrawCardsDealt,
    DrawCountDealt,
    DrawPimpsJoined,
    PimpsDealt,
    PimpsDiscarded,
    StreetFilled,
)
from .state import Backhanding

HOS_PER_ROUND = 5
PIMPS_DEALT = 5
DRAWS_DEALT = 5


def rule(ref: str) -> str:
    return f"backhanding {ref}"


def card_set(d: Decision) -> tuple[dict[str, card_data.Card], str]:
    """The cards this table plays with: the table's set (or the shipped one) and the cards
    plugins add, less those whose effect no plugin of the table carries out."""
    text = d.options.get("cards") or ""
    # Without a set of its own, a table deals the shipped set of the edition it opened under.
    entries = card_data.parse(text, "the table's card set") if text else card_data.EDITION_ENTRIES[d.edition]
    entries = {k: list(v) for k, v in entries.items()}
    added = 0
    for more in [*d.rules.hook.backhanding_more_cards(), declared_cards(d)]:
        for entry in more or ():
            entry = dict(entry)
            kind = entry.get("kind")
            if kind == "pimp":
                entry.pop("kind")
                entries.setdefault("pimps", []).append(entry)
            elif kind == "ho":
                entry.pop("kind")
                entries.setdefault("hos", []).append(entry)
            else:
                entries.setdefault("draws", []).append(entry)
            added += 1
    try:
        cards = build(entries)
    except CardError as exc:
        raise referee.RefereeError(f"the card set cannot be played: {exc}") from None
    effects = {e for found in d.rules.hook.backhanding_effects() for e in found or ()} | declared_effects(d)
    kept = {cid: c for cid, c in cards.items() if not c.effect or c.effect in effects}
    # Edition 1's words stay as its logs have them.
    shipped = "the shipped card set" + (f", edition {d.edition}" if d.edition > 1 else "")
    source = "the table's own card set" if text else f"{shipped} (the project's own design)"
    if added:
        source += f", with {added} card entr{'y' if added == 1 else 'ies'} from plugins"
    dropped = len(cards) - len(kept)
    if dropped:
        source += f"; {dropped} card{'' if dropped == 1 else 's'} left out (no plugin at this table carries out their effect)"
    return kept, source


def set_up(d: Decision) -> None:
    game = game_of(d)
    cards, source = card_set(d)
    d.emit(CardsLaid(cards=tuple(cards.values()), source=source), rule=R_CARDS)
    pimps = [c.id for c in cards.values() if c.deck == "pimp"]
    hos = [c.id for c in cards.values() if c.deck == "ho"]
    draws = [c.id for c in cards.values() if c.deck == "draw"]
    need = PIMPS_DEALT * len(d.seats)
    if len(pimps) < need:
        raise referee.RefereeError(f"the card set's Pimp deck has {len(pimps)} pimps; {len(d.seats)} players need {need}")
    if len(hos) < HOS_PER_ROUND:
        raise referee.RefereeError(f"the card set's Ho deck has {len(hos)} hos; the street needs {HOS_PER_ROUND}")
    d.emit(
        DecksShuffled(
            pimps=tuple(d.shuffle(pimps, purpose="the Pimp deck")),
            hos=tuple(d.shuffle(hos, purpose="the Ho deck")),
            draws=tuple(d.shuffle(draws, purpose="the Draw deck")),
        ),
        rule=R_SETUP,
        visible_to=(),
    )
    fill_street(d, R_SETUP)
    for seat in d.seats:
        d.emit(PimpsDealt(seat=seat, pimps=tuple(game.pimp_deck[:PIMPS_DEALT])), rule=R_SETUP)
    for seat in d.seats:
        deal_draws(d, seat, DRAWS_DEALT, "setup", R_SETUP)
    open_excess(d)


def fill_street(d: Decision, ref: str) -> None:
    game = game_of(d)
    hos = tuple(game.ho_deck[:HOS_PER_ROUND])
    d.emit(StreetFilled(hos=hos, street=(*game.street, *hos)), rule=ref)


def deal_draws(d: Decision, seat: str, count: int, reason: str, ref: str) -> list[str]:
    """Deal ``count`` Draw cards to ``seat`` (reshuffling the discard pile's Draw cards when
    the deck runs out); pimps among them join the clan face up at once."""
    game = game_of(d)
    dealt: list[str] = []
    while len(dealt) < count:
        if not game.draw_deck:
            pile = [c for c in game.discard if game.cards[c].deck == "draw"]
            if not pile:
                break
            order = d.shuffle(pile, purpose="the discard pile, into a new Draw deck")
            d.emit(DiscardsShuffled(cards=tuple(order)), rule=f"{R_MONEY_DRAW} (ruling R11)", visible_to=())
        chunk = tuple(game.draw_deck[: count - len(dealt)])
        d.emit(DrawCardsDealt(seat=seat, cards=chunk, reason=reason), rule=ref, visible_to=(seat,))
        dealt.extend(chunk)
    d.emit(DrawCountDealt(seat=seat, count=len(dealt), reason=reason), rule=ref)
    pimps = tuple(c for c in dealt if game.cards[c].is_pimp)
    if pimps:
        d.emit(DrawPimpsJoined(seat=seat, pimps=pimps), rule=R_SETUP)
    return dealt


def pimp_label(game: Backhanding, pimp: str) -> str:
    c = game.cards[pimp]
    ability = f", {card_data.ability_title(c.effect)}" if c.effect else ""
    return f"{c.name} (macking {c.macking}, backhanding {c.backhanding}{ability})"


def open_excess(d: Decision) -> None:
    """Ask every player over the limit of 7 pimps which to discard (the phase waits for them)."""
    game = game_of(d)
    for seat in game.order or d.seats:
        excess = len(game.clans[seat]) - PIMP_LIMIT
        if excess > 0:
            options = tuple(Option(p, pimp_label(game, p)) for p in game.clans[seat])
            d.request(
                seat,
                "discard",
                f"You have {len(game.clans[seat])} pimps; the limit is {PIMP_LIMIT}: discard {excess}",
                answer={"pimps": Subset(options, min=excess, max=excess, label="pimps to discard")},
                id=f"r{d.flow.round}.{d.flow.phase}.discard.{seat}",
                rule=rule(R_SETUP_LIMIT),
            )


def answer_discard(d: Decision, seat: str, args: dict[str, Any]) -> None:
    d.emit(PimpsDiscarded(seat=seat, pimps=tuple(args["pimps"])), rule=R_SETUP_LIMIT)

"""Drawing a power card: the top of the deck (blind), an edge slot, or no card at all.

An activity plans the power cards a step needs (``plan``: who draws, for what, in the
rulebook's order); each is then a request to the drawing pimp, and the step goes on once
every planned card is drawn.
"""

from __future__ import annotations

import referee
from referee import Amount, Decision, IllegalAction, Option, Pick, Shape

from .common import activity, game_of
from .events import Draw, DrawsPlanned, PowerCardDrawn


def plan(d: Decision, purpose: str, draws: list[tuple[str, str, str]]) -> None:
    """``draws``: (who draws, the key the power is kept under, what it is for), in drawing order."""
    d.emit(DrawsPlanned(purpose=purpose, draws=[Draw(pimp=p, key=k, about=about) for p, k, about in draws]), rule="drawing a power card")


def power(d: Decision, key: str) -> int:
    return activity(d).power(key)


def open_draw(d: Decision, draw: Draw) -> None:
    game = game_of(d)
    p = game.pimps[draw.pimp]
    filled = [(slot, card) for slot, card in enumerate(p.edges, start=1) if card is not None]
    sources = []
    if p.deck:
        sources.append(Option("deck", "the top card of your deck, blind"))
    if filled:
        held = "; ".join(f"{slot}: {game.cards[card].shown}, power {game.cards[card].power}" for slot, card in filled)
        sources.append(Option("edge", f"an edge slot ({held})"))
    sources.append(Option("none", "no card (a power of zero)"))
    answer: dict[str, Shape] = {"from": Pick(tuple(sources), label="where the power card comes from")}
    if filled:
        answer["slot"] = Amount(min=1, max=max(slot for slot, _ in filled), optional=True, label="the edge slot, drawing from one")
    d.request(
        draw.pimp,
        "draw",
        f"{draw.pimp}, draw a power card for {draw.about or draw.key}.",
        answer=answer,
        id=f"t{d.flow.turn}.draw.{draw.key}",
        rule="drawing a power card",
    )


def answer_draw(d: Decision, action: referee.Action) -> None:
    """The power card drawn for the activity's next planned draw (only one is asked at a time)."""
    game = game_of(d)
    draw = activity(d).pending_draw()
    assert draw is not None and draw.pimp == action.seat, "a draw request is open only for the next planned draw"
    p = game.pimps[action.seat]
    source = str(action.args["from"])
    slot = action.args.get("slot")
    if (source == "edge") != isinstance(slot, int):
        raise IllegalAction("slot: give an edge slot when, and only when, drawing from an edge slot", "pimp drawing a power card")
    card: str | None = None
    if source == "deck":
        card = p.deck[0]
    elif source == "edge":
        assert isinstance(slot, int)
        card = p.edges[slot - 1] if slot <= len(p.edges) else None
        if card is None:
            raise IllegalAction(f"slot: edge slot {slot} is empty", "pimp drawing a power card")
        source = f"edge {slot}"
    face = game.cards[card] if card else None
    d.emit(
        PowerCardDrawn(pimp=action.seat, source=source, card=face, power=face.power if face else 0, purpose=draw.key),
        rule="drawing a power card",
    )

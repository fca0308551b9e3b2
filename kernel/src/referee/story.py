"""The log as a story: each entry a reader may see, in words that reader would say.

``story(rules, entries, reader)`` turns the entries one seat holds (``visible_entries``)
into ``Line`` s: what happened in the game's words ("You aim at Bob"), what the reader
alone may see marked ``private``, what is hidden from them told from its header alone
("Bob chose a bullet card"), and the kernel's bookkeeping (requests opened, actions as
sent, phase and turn markers, automation) marked so adapters fold it away unless asked.
Each line keeps its rule reference, so a dispute can still quote the rulebook.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Literal

import msgspec

from .audit import describe, describe_hidden
from .events import (
    ActionTaken,
    Event,
    GameEnded,
    PhaseBegan,
    PhaseEnded,
    RandomDrawn,
    RequestOpened,
    RequestWithdrawn,
    RoundBegan,
    RoundEnded,
    SeatsAutomated,
    SeedRevealed,
    TableOpened,
    TurnBegan,
    TurnEnded,
    event_tag,
)
from .words import Words, listing, title

if TYPE_CHECKING:
    from .log import Entry
    from .registry import Rules

#: ``play``: what happened, for everyone the entry is shown to; ``private``: shown to the
#: reader but not to every seat; ``hidden``: told from its header only; ``bookkeeping``: the
#: kernel's own records, folded away unless asked for.
LineKind = Literal["play", "private", "hidden", "bookkeeping"]

_BOOKKEEPING = {
    event_tag(t)
    for t in (
        ActionTaken,
        RequestOpened,
        RequestWithdrawn,
        PhaseBegan,
        PhaseEnded,
        RoundEnded,
        TurnEnded,
        SeatsAutomated,
        RandomDrawn,
        SeedRevealed,
    )
}


class Line(msgspec.Struct, frozen=True, omit_defaults=True):
    """One entry of the log as a sentence for one reader."""

    seq: int
    text: str
    kind: LineKind = "play"
    rule: str = ""
    seat: str | None = None


def _kernel_words(event: Event, words: Words) -> str | None:
    """The kernel's own events as a player would say them (their ``describe`` stays the
    terse form ``replay`` and ``explain`` print)."""
    match event:
        case TableOpened():
            return f"The table opens: {title(event.game)} for {listing(event.seats)}"
        case RoundBegan():
            return f"Round {event.round} begins"
        case TurnBegan():
            return f"{words.possessive(event.seat).capitalize()} turn"
        case PhaseBegan():
            return f"{title(event.phase)} begins"
        case RequestOpened():
            return f"{words.subject(event.request.seat)} {words.verb(event.request.seat, 'is')} asked: {event.request.prompt}"
        case GameEnded():
            winners = list(event.winners)
            if not winners:
                return f"The game is over ({event.reason}): nobody wins"
            verb = "wins" if len(winners) == 1 else "win"
            return (
                f"The game is over ({event.reason}): {words.subjects(winners, 'win') if len(winners) > 1 else words.says(winners[0], verb)}"
            )
        case SeatsAutomated():
            return f"Bots now play {words.names(event.seats)}" if event.seats else "No seat is played by a bot now"
    return None


def line(rules: Rules, entry: Entry, reader: str | None) -> Line:
    """One entry for ``reader`` (None: a spectator)."""
    kind: LineKind = "bookkeeping" if entry.type in _BOOKKEEPING else "play"
    if entry.redacted:
        return Line(
            entry.seq, describe_hidden(rules, entry, reader), "bookkeeping" if kind == "bookkeeping" else "hidden", entry.rule, entry.seat
        )
    event = rules.decode(entry)
    words = Words(reader)
    text = (_kernel_words(event, words) if event_tag(type(event)).startswith("referee.") else None) or describe(rules, event, reader)
    if kind == "play" and entry.visible_to is not None:
        kind = "private"
    return Line(entry.seq, text, kind, entry.rule, entry.seat)


def story(rules: Rules, entries: Iterable[Entry], reader: str | None) -> list[Line]:
    """The entries ``reader`` holds, each as a ``Line`` in that reader's words."""
    return [line(rules, entry, reader) for entry in entries]

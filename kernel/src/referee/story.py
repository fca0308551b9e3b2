"""The log as a story: each entry a reader may see, in words that reader would say.

``story(rules, entries, reader)`` turns the entries one seat holds (``visible_entries``)
into ``Line`` s: what happened in the game's words ("You aim at Bob"), what the reader
alone may see marked ``private``, what is hidden from them told from its header alone
("Bob chose a bullet card"), and the kernel's bookkeeping (requests opened, actions as
sent, phase and turn markers, automation) marked so adapters fold it away unless asked.
Each line keeps its rule reference, so a dispute can still quote the rulebook.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
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
    Request,
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
from .table import GAMESMASTER
from .words import Words, count, ordinal, rule_reference, title

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
    """The entry's rule reference in a reader's words (``words.rule_reference``)."""
    seat: str | None = None


_SIDES = ("", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def _drawn(event: RandomDrawn) -> str:
    """A random draw as the table would say it: "Rolled a six-sided die (police bribe): 4"."""
    size = next(iter(event.spec.values()), 0) if event.spec else 0
    why = f" ({event.purpose})" if event.purpose else ""
    if event.kind == "die":
        sides = _SIDES[size] if isinstance(size, int) and 0 < size < len(_SIDES) else str(size)
        return f"Rolled a {sides}-sided die{why}: {event.outcome}"
    if event.kind == "shuffle":
        return f"Shuffled {count(size, 'item')} at random{why}"
    if event.kind == "pick" and isinstance(event.outcome, int):
        return f"Picked the {ordinal(event.outcome + 1)} of {size} at random{why}"
    return f"A random draw{why}"


def _answered(event: ActionTaken, words: Words, asked: Mapping[str, Request]) -> str:
    """An answer as its seat gave it, in the words its request offered (never the values
    it is recorded with); an answer to a request not at hand is only named."""
    request = asked.get(event.request or "")
    subject = "The gamesmaster" if event.seat == GAMESMASTER else words.subject(event.seat)
    verb = "answers" if event.seat == GAMESMASTER else words.verb(event.seat, "answers")
    if request is not None and request.answer is not None:
        from .answer_text import said

        try:
            return f"{subject} {verb}: {said(request.answer, event.args) or 'nothing more'}"
        except (AttributeError, KeyError, TypeError, ValueError):  # an answer the request did not shape: named only
            pass
    return f"{subject} {'acts' if event.seat == GAMESMASTER else words.verb(event.seat, 'acts')}: {title(event.action)}"


def _kernel_words(rules: Rules, event: Event, words: Words, asked: Mapping[str, Request]) -> str | None:
    """The kernel's own events as a player would say them (their ``describe`` stays the
    terse form ``explain`` prints)."""
    match event:
        case TableOpened():
            game = rules.game.title if event.game == rules.game.name and rules.game.title else title(event.game)
            return f"The table opens: {game} for {words.names(event.seats)}"
        case RoundBegan():
            return f"Round {event.round} begins"
        case RoundEnded():
            return f"Round {event.round} ends"
        case TurnBegan():
            return f"{words.possessive(event.seat).capitalize()} turn"
        case TurnEnded():
            return f"{words.possessive(event.seat).capitalize()} turn ends"
        case PhaseBegan():
            return f"{title(event.phase)} begins"
        case PhaseEnded():
            return f"{title(event.phase)} ends"
        case RandomDrawn():
            return _drawn(event)
        case ActionTaken():
            return _answered(event, words, asked)
        case RequestWithdrawn():
            withdrawn = asked.get(event.request)
            whom = f" to {words.name(withdrawn.seat)}" if withdrawn is not None else ""
            return f"The question{whom} is withdrawn: {event.reason}"
        case SeedRevealed():
            return f"The table's seed is revealed: {event.seed}"
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


def line(rules: Rules, entry: Entry, reader: str | None, asked: Mapping[str, Request] | None = None) -> Line:
    """One entry for ``reader`` (None: a spectator).  ``asked``: the requests open before
    it, by id, so that an answer is told in the words its request offered."""
    kind: LineKind = "bookkeeping" if entry.type in _BOOKKEEPING else "play"
    if entry.redacted:
        return Line(
            entry.seq,
            describe_hidden(rules, entry, reader),
            "bookkeeping" if kind == "bookkeeping" else "hidden",
            rule_reference(entry.rule),
            entry.seat,
        )
    event = rules.decode(entry)
    words = Words(reader)
    kernel = event_tag(type(event)).startswith("referee.")
    text = (_kernel_words(rules, event, words, asked or {}) if kernel else None) or describe(rules, event, reader)
    if kind == "play" and entry.visible_to is not None:
        kind = "private"
    return Line(entry.seq, text, kind, rule_reference(entry.rule), entry.seat)


def story(rules: Rules, entries: Iterable[Entry], reader: str | None, asked: Mapping[str, Request] | None = None) -> list[Line]:
    """The entries ``reader`` holds, each as a ``Line`` in that reader's words.  ``asked``:
    requests opened before the first entry, by id (an adapter telling the story a few
    entries at a time keeps them); those opened among the entries are read from them."""
    known = dict(asked or {})
    lines = []
    opened = event_tag(RequestOpened)
    for entry in entries:
        lines.append(line(rules, entry, reader, known))
        if entry.type == opened and not entry.redacted:
            event = rules.decode(entry)
            if isinstance(event, RequestOpened):
                known[event.request.id] = event.request
    return lines
